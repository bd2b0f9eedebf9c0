/**
 * 套餐订购 (SCREENS §3 package/index, §5.3 step 1): tabs by packageType (基础套餐, 加油包, and 按量 only
 * when the list has one), the lamp marquee, the real-name banner (cards stay viewable), and a card per
 * package; a tap opens 套餐订单 (?packageId=). A sold-out card does not open. Empty tab: 暂无可订购套餐，
 * 请联系客服 with a way to the card's customer service.
 */
import type { PackageOption } from '@haoka/contract';
import { Button, NoticeBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { PageState } from '../../../components/page-state';
import { Trans, useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { usePackageChoose } from '../api/choose-package';
import { isSoldOut, type PackageTypeKey, packageTabs, purchaseLimit } from '../package-rules';
import { IOT_CUSTOMER_PATH, PACKAGE_DETAILS_PATH, REALNAME_PATH } from '../paths';
import { PackageSummary, PriceText } from './package-facts';
import './package-list.css';
import '../i18n';
import { PullRefresh } from '../../../components/pull-refresh';

const TYPE_KEYS = {
  1: 'iotBuy.type.t1',
  2: 'iotBuy.type.t2',
  3: 'iotBuy.type.t3',
} as const;

function PackageCard({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  const soldOut = isSoldOut(pkg);
  const limit = purchaseLimit(pkg);
  const open = () => {
    if (soldOut) {
      showToast(t('iotBuy.list.soldOutToast'));
      return;
    }
    navigateTo(PACKAGE_DETAILS_PATH, { packageId: pkg.id });
  };
  return (
    <button
      type="button"
      className={`pkg-card${soldOut ? ' pkg-card--sold-out' : ''}`}
      onClick={open}
      data-testid="pkg-card"
      data-package-id={pkg.id}
    >
      <div className="pkg-card__head">
        <span className="pkg-card__name" data-shop-content data-testid="pkg-name">
          {pkg.name}
        </span>
        {soldOut ? (
          <span className="pkg-card__badge" data-testid="pkg-sold-out">
            {t('iotBuy.list.soldOut')}
          </span>
        ) : null}
      </div>
      <PackageSummary pkg={pkg} />
      <div className="pkg-card__foot">
        <PriceText pkg={pkg} />
        <span
          className={`pkg-card__buy${soldOut || limit?.reached ? ' pkg-card__buy--off' : ''}`}
          data-testid="pkg-buy"
        >
          {soldOut ? t('iotBuy.list.soldOut') : t('iotBuy.list.buy')}
        </span>
      </div>
    </button>
  );
}

function initialTab(query: Record<string, string>): PackageTypeKey {
  const n = Number(query.packageType);
  return n === 2 || n === 3 ? n : 1;
}

function PackageListView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const query = usePageQuery();
  const choice = usePackageChoose(simNo);
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const [tab, setTab] = useState<PackageTypeKey>(() => initialTab(query));
  const data = choice.data;
  const tabs = data ? packageTabs(data.list) : [];
  const activeTab = tabs.includes(tab) ? tab : 1;
  const shown = data ? data.list.filter((p) => p.packageType === activeTab) : [];

  return (
    <div className="pkg-list iot-page" data-testid="pkg-list-page">
      <PullRefresh onRefresh={async () => void (await choice.refetch())}>
        <PageState
          loading={choice.isPending}
          error={choice.isError ? choice.error : undefined}
          onRetry={() => void choice.refetch()}
          skeletonRows={6}
        >
          {data ? (
            <>
              {data.lampBuys.length > 0 ? (
                <NoticeBar className="pkg-lamp" color="info" content={<PackageLamp buys={data.lampBuys} />} />
              ) : null}
              {data.needAuth === 1 ? (
                <NoticeBar
                  className="pkg-auth"
                  color="alert"
                  wrap
                  content={<span data-testid="pkg-auth-banner">{t('iotBuy.list.authBanner')}</span>}
                  extra={
                    <Button
                      size="mini"
                      color="warning"
                      onClick={() => navigateTo(REALNAME_PATH)}
                      data-testid="pkg-auth-go"
                    >
                      {t('iotBuy.list.authGo')}
                    </Button>
                  }
                />
              ) : null}
              <Tabs
                className="pkg-tabs"
                activeKey={String(activeTab)}
                onChange={(key) => setTab(Number(key) as PackageTypeKey)}
              >
                {tabs.map((type) => (
                  <Tabs.Tab
                    key={String(type)}
                    title={<span data-testid={`pkg-tab-${type}`}>{t(TYPE_KEYS[type])}</span>}
                  />
                ))}
              </Tabs>
              {shown.length === 0 ? (
                <PageState
                  loading={false}
                  empty
                  emptyText={t('iotBuy.list.empty')}
                  emptyAction={
                    <Button
                      size="small"
                      color="primary"
                      fill="outline"
                      onClick={() => navigateTo(IOT_CUSTOMER_PATH)}
                      data-testid="pkg-contact"
                    >
                      {t('iotBuy.list.contact')}
                    </Button>
                  }
                />
              ) : (
                <div className="pkg-cards" data-testid="pkg-cards">
                  {shown.map((pkg) => (
                    <PackageCard key={pkg.id} pkg={pkg} />
                  ))}
                </div>
              )}
            </>
          ) : null}
        </PageState>
      </PullRefresh>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

type LampBuy = { buyer: string; packageName: string; minutesAgo: number };

/** The purchase lamp (packageLamp=1): who bought which package how long ago, in the active language. */
function PackageLamp({ buys }: { buys: readonly LampBuy[] }) {
  const { t } = useTranslation();
  const ago = (minutes: number) => {
    if (minutes < 60) return t('iotBuy.list.lampJustNow');
    if (minutes < 24 * 60) return t('iotBuy.list.lampHoursAgo', { count: Math.floor(minutes / 60) });
    return t('iotBuy.list.lampDaysAgo', { count: Math.floor(minutes / 1440) });
  };
  return (
    <span data-testid="pkg-lamp">
      {buys.map((buy, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lamp is drawn anew from each answer, never reordered
        <span key={i} className="pkg-lamp__item">
          <Trans
            i18nKey="iotBuy.list.lampLine"
            values={{ buyer: buy.buyer, name: buy.packageName, ago: ago(buy.minutesAgo) }}
            components={{ name: <span data-shop-content /> }}
          />
        </span>
      ))}
    </span>
  );
}

export function PackageListPage() {
  return <IotGuard>{(simNo) => <PackageListView key={simNo} simNo={simNo} />}</IotGuard>;
}
