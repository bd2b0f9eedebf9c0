/**
 * 积分商城 (SCREENS §4 integralShop/index): the card's points (→ 积分明细) and 我的订单, the banner swiper,
 * category tabs (`?categoryId=`) and the goods grid (picture, name, points + cash, redeemed count, 已兑完)
 * as an infinite list with pull-to-refresh. Tap → 商品详情. A mall the card's layout switches off (40001)
 * shows 积分商城暂未开放.
 */
import { ErrorCode, isUrl, type MallGoodsSummary } from '@haoka/contract';
import { Button, Tabs } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { Image } from '../../../components/image';
import { LoadMore } from '../../../components/infinite-list';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useMallIndex } from '../api/get-mall-index';
import { idOf } from '../mall-rules';
import { INTEGRAL_LOG_PATH, MALL_GOODS_PATH, MALL_INDEX_PATH, MALL_ORDERS_PATH } from '../paths';
import { PointsPrice } from './points-price';
import './common.css';
import './mall-home.css';
import '../i18n';
import { Carousel } from '../../../components/carousel';
import { PullRefresh } from '../../../components/pull-refresh';

/** Carousel timing (SPEC §9 swiper defaults). */
const WEBVIEW_PATH = '/pages/webview/index';

/** A banner's link: an http(s) URL opens in the webview page, an in-app path is navigated to. */
function openBanner(path: string): void {
  const target = path.trim();
  if (isUrl(target)) navigateTo(WEBVIEW_PATH, { url: target });
  else if (target.startsWith('/')) navigateTo(target);
}

function GoodsCard({ goods }: { goods: MallGoodsSummary }) {
  const { t } = useTranslation();
  const soldOut = goods.stock <= 0;
  return (
    <button
      type="button"
      className={`mall-card${soldOut ? ' mall-card--sold-out' : ''}`}
      onClick={() => navigateTo(MALL_GOODS_PATH, { goodsId: goods.id })}
      data-testid={`mall-goods-${goods.id}`}
    >
      <div className="mall-card__image">
        <Image src={goods.image} alt="" fit="cover" lazy />
        {soldOut ? (
          <span className="mall-card__badge" data-testid="mall-goods-sold-out">
            {t('iotMall.home.soldOut')}
          </span>
        ) : null}
      </div>
      <div className="mall-card__name" data-shop-content>
        {goods.name}
      </div>
      <div className="mall-card__foot">
        <PointsPrice points={goods.points} cash={goods.cashPrice} testId="mall-goods-price" />
        <span>{t('iotMall.home.sales', { count: goods.sales })}</span>
      </div>
    </button>
  );
}

function MallView({ simNo, categoryId }: { simNo: string; categoryId: number | null }) {
  const { t } = useTranslation();
  const query = useMallIndex(simNo, categoryId);
  const first = query.data?.pages[0];
  const goods = query.data?.pages.flatMap((p) => p.list) ?? [];
  const closed = query.error instanceof ApiError && query.error.code === ErrorCode.MODULE_CLOSED;

  if (closed) {
    return (
      <div className="page-state" data-testid="mall-closed">
        <ErrorBlock status="empty" title={t('iotMall.home.closed')} description="">
          <Button color="primary" size="small" onClick={() => redirectTo(IOT_HOME_PATH)} data-testid="mall-back-home">
            {t('iotMall.home.backHome')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }

  const header = first ? (
    <>
      <section className="mall-head" data-testid="mall-head">
        <div>
          <div className="mall-head__label">{t('iotMall.home.myPoints')}</div>
          <div className="mall-head__points" data-testid="mall-points">
            {first.integral}
          </div>
        </div>
        <div className="mall-head__links">
          <button
            type="button"
            className="mall-head__link"
            onClick={() => navigateTo(INTEGRAL_LOG_PATH)}
            data-testid="mall-points-log"
          >
            {t('iotMall.home.detail')}
          </button>
          <button
            type="button"
            className="mall-head__link"
            onClick={() => navigateTo(MALL_ORDERS_PATH)}
            data-testid="mall-orders-link"
          >
            {t('iotMall.home.orders')}
          </button>
        </div>
      </section>
      {first.banners.length > 0 ? (
        <Carousel autoplay loop className="mall-carousel" data-testid="mall-banners">
          {first.banners.map((b, index) => (
            <Carousel.Item key={`${b.image}|${b.path}`}>
              <button type="button" className="mall-carousel__item" onClick={() => openBanner(b.path)}>
                <Image
                  src={b.image}
                  alt={t('a11y.banner', { index: index + 1, count: first.banners.length })}
                  fit="cover"
                  lazy
                />
              </button>
            </Carousel.Item>
          ))}
        </Carousel>
      ) : null}
      {first.categories.length > 0 ? (
        <Tabs
          className="mall-tabs"
          activeKey={categoryId === null ? 'all' : String(categoryId)}
          onChange={(key) => redirectTo(MALL_INDEX_PATH, { categoryId: key === 'all' ? null : key })}
          data-testid="mall-categories"
        >
          <Tabs.Tab key="all" title={t('iotMall.home.all')} />
          {first.categories.map((c) => (
            <Tabs.Tab key={String(c.id)} title={<span data-shop-content>{c.name}</span>} />
          ))}
        </Tabs>
      ) : null}
    </>
  ) : null;

  return (
    <div className="mall-page mall-page--plain" data-testid="mall-page">
      <PullRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        {header}
        <PageState
          loading={query.isPending || (query.isPlaceholderData && query.isFetching)}
          error={query.isError && goods.length === 0 ? query.error : undefined}
          empty={query.isSuccess && !query.isPlaceholderData && goods.length === 0}
          emptyText={t('iotMall.home.empty')}
          onRetry={() => void query.refetch()}
          skeletonRows={6}
        >
          <div className="mall-grid" data-testid="mall-goods">
            {goods.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </div>
          <LoadMore query={query} />
        </PageState>
      </PullRefresh>
    </div>
  );
}

export function MallHomePage() {
  const query = usePageQuery();
  const categoryId = idOf(query.categoryId);
  return <IotGuard>{(simNo) => <MallView key={simNo} simNo={simNo} categoryId={categoryId} />}</IotGuard>;
}
