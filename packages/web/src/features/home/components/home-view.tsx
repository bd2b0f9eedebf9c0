/**
 * The storefront home (SCREENS §1): logo and title, the search bar (indexSearch=1 → HeadSearch), the
 * carousel, fastNav, the suggest block, the 靓号 / 号卡 group tabs with their content, bottomTips
 * (sanitised), the ICP line and the floating 邀请注册. Used by `/`, `/pages/index/index` and
 * `/pages/index/default`.
 */
import { type BaseConfig, isUrl } from '@haoka/contract';
import { Grid } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect } from 'react';
import { Image } from '../../../components/image';
import { InfiniteList } from '../../../components/infinite-list';
import { Tabs } from '../../../components/tabs';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { CUSTOMER_PATH, homeLink, keptQuery, navigateTo, navigateUrl } from '../../../platform/navigation';
import { useLocation } from '../../../platform/router';
import { usePageQuery } from '../../../platform/use-page-query';
import { GoodsCard } from '../../goods/components/goods-card';
import { VanityNumber } from '../../numbers/components/vanity-number';
import { HEAD_SEARCH_PATH } from '../../numbers/paths';
import { reportPoint } from '../../site/api/report-point';
import { homeGoodsQueryKey, listHomeGoods, useSuggestedGoods } from '../api/list-home-goods';
import { type HomeGroup, saveGroup, useHomeGroup } from '../home-group';
import './home.css';
import { Carousel } from '../../../components/carousel';

/** Carousel timing (SPEC §9 swiper defaults). */
export const MAX_FAST_NAV = 10;
const WEBVIEW_PATH = '/pages/webview/index';
const GENERAL_PATH = '/pages/goods/general/index';
const ICP_URL = 'https://beian.miit.gov.cn/';

/** A configured link: an http(s) URL opens in the webview page, an in-app path is navigated to. */
export function openConfiguredLink(path: string): void {
  const target = path.trim();
  if (!target) return;
  if (isUrl(target)) navigateTo(WEBVIEW_PATH, { url: target });
  else if (target.startsWith('/')) navigateTo(target);
}

const reportedVisits = new Set<string>();

/** pointReport page_view once per visit (a history entry), whatever re-renders or StrictMode do. */
function usePageViewReport() {
  const location = useLocation();
  useEffect(() => {
    if (reportedVisits.has(location.key)) return;
    reportedVisits.add(location.key);
    reportPoint({ event: 'page_view', page: location.pathname, pageCode: keptQuery().pageCode });
  }, [location.key, location.pathname]);
}

function HomeCarousel({ items }: { items: BaseConfig['front']['indexCarousel'] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Carousel autoplay loop className="home-carousel" data-shop-content data-testid="home-carousel">
      {items.map((item, index) => (
        <Carousel.Item key={`${item.image}|${item.path}`}>
          <button type="button" className="home-carousel__item" onClick={() => openConfiguredLink(item.path)}>
            <Image
              src={item.image}
              alt={t('a11y.banner', { index: index + 1, count: items.length })}
              fit="cover"
              lazy
            />
          </button>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}

function FastNav({ items }: { items: BaseConfig['front']['fastNav'] }) {
  if (items.length === 0) return null;
  return (
    <Grid columns={5} gap={8} className="home-fast-nav" data-shop-content data-testid="home-fast-nav">
      {items.slice(0, MAX_FAST_NAV).map((item) => (
        <Grid.Item key={`${item.name}-${item.path}`}>
          <button type="button" className="home-fast-nav__item" onClick={() => openConfiguredLink(item.path)}>
            <img src={item.icon} alt="" width={36} height={36} />
            <span>{item.name}</span>
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );
}

function Suggest({ suggest }: { suggest: BaseConfig['front']['suggest'] }) {
  const goods = useSuggestedGoods(suggest?.goodsIds ?? []);
  if (!suggest || goods.length === 0) return null;
  return (
    <section className="home-suggest" data-shop-content data-testid="home-suggest">
      <h2 className="home-section-title">{suggest.title}</h2>
      {goods.map((g) => (
        <GoodsCard key={g.id} item={g} onClick={() => navigateTo(GENERAL_PATH, { goodsId: g.id })} />
      ))}
    </section>
  );
}

function GoodsGroup() {
  const { t } = useTranslation();
  return (
    <InfiniteList
      queryKey={homeGoodsQueryKey}
      fetchPage={listHomeGoods}
      renderItem={(item) => <GoodsCard item={item} onClick={() => navigateTo(GENERAL_PATH, { goodsId: item.id })} />}
      itemKey={(item) => item.id}
      className="home-goods"
      emptyText={t('home.goodsEmpty')}
    />
  );
}

export interface HomeViewProps {
  config: BaseConfig;
  /** The default-template page: a home icon in the header (no tab bar there). */
  standalone?: boolean;
}

const HomeTips = lazy(() => withTexts(import('./home-tips')));

export function HomeView({ config, standalone = false }: HomeViewProps) {
  const { t } = useTranslation();
  const query = usePageQuery();
  const { front } = config;
  const group = useHomeGroup(front.indexFirstGroup, query.indexFirstGroup);
  usePageViewReport();

  return (
    <div className="home" data-testid="home">
      <header className="home-brand">
        <button type="button" className="home-brand__logo" onClick={() => navigateUrl(homeLink())}>
          {front.logo ? <img src={front.logo} alt="" width={32} height={32} /> : null}
          <span className="home-brand__title" data-shop-content data-testid="home-title">
            {front.title}
          </span>
        </button>
        {standalone ? (
          <button
            type="button"
            className="home-brand__home"
            onClick={() => navigateUrl(homeLink())}
            data-testid="home-icon"
          >
            {t('home.homeIcon')}
          </button>
        ) : null}
      </header>

      {front.indexSearch === 1 ? (
        <button
          type="button"
          className="home-search"
          onClick={() => navigateTo(HEAD_SEARCH_PATH)}
          data-testid="home-search"
        >
          <SearchOutline />
          <span>{t('home.searchPlaceholder')}</span>
        </button>
      ) : null}

      <HomeCarousel items={front.indexCarousel} />
      <FastNav items={front.fastNav} />
      <Suggest suggest={front.suggest} />

      <Tabs
        items={[
          { key: '1', title: <span data-testid="home-tab-vanity">{t('home.groupVanity')}</span> },
          { key: '2', title: <span data-testid="home-tab-goods">{t('home.groupGoods')}</span> },
        ]}
        activeKey={String(group)}
        onChange={(key) => saveGroup(Number(key) as HomeGroup)}
        className="home-tabs"
        data-testid="home-tabs"
      />
      <div className="home-group" data-testid="home-group" data-group={group}>
        {group === 1 ? <VanityNumber search={front.indexSearch !== 1} /> : <GoodsGroup />}
      </div>

      {front.bottomTips ? (
        <Suspense fallback={null}>
          <HomeTips html={front.bottomTips} />
        </Suspense>
      ) : null}
      {front.ipcCode ? (
        <footer className="home-icp">
          <a href={ICP_URL} target="_blank" rel="noopener noreferrer" data-shop-content data-testid="home-icp">
            {front.ipcCode}
          </a>
        </footer>
      ) : null}

      {front.showInviteRegister === 1 ? (
        <button
          type="button"
          className="home-invite"
          onClick={() => (isUrl(front.kefuUrl) ? openConfiguredLink(front.kefuUrl) : navigateTo(CUSTOMER_PATH))}
          data-testid="home-invite"
        >
          {t('home.invite')}
        </button>
      ) : null}
    </div>
  );
}
