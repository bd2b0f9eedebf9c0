/**
 * 我的资产 (SCREENS §4 user/asset). As a block of 我的: a strip of 余额 / 积分 / 券币 / 优惠券数, each
 * opening its screen (余额 → balance, 积分 → integralLog, 券币 → couponExchange/order, 优惠券 → the
 * card's coupons). As a direct route: the four tiles enlarged, each with its links. Money, points and
 * coins come from simInfo; the coupon count from the card's coupons (packageDetails without a package).
 */
import type { SimInfo } from '@haoka/contract';
import { Button, Space } from 'antd-mobile';
import type { ReactNode } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { isArrears } from '../../iot-core/sim-display';
import { useUsableCouponCount } from '../api/get-card-coupons';
import { useSimInfoOnShow } from '../api/use-sim-info-on-show';
import {
  BALANCE_PATH,
  COIN_LOG_PATH,
  COUPON_EXCHANGE_PATH,
  INTEGRAL_LOG_PATH,
  INTEGRAL_SHOP_PATH,
  MY_COUPONS_PATH,
  ORDER_LOGS_PATH,
  TASK_PATH,
} from '../paths';
import './asset-strip.css';
import '../i18n';

type AssetKey = 'balance' | 'integral' | 'couponCoin' | 'coupons';

interface Asset {
  key: AssetKey;
  value: string;
  /** Where a tap on the tile goes. */
  path: string;
  note?: string;
}

function useAssets(sim: SimInfo, couponCount: number | undefined): Asset[] {
  const { t } = useTranslation();
  return [
    {
      key: 'balance',
      value: `¥${sim.balance}`,
      path: BALANCE_PATH,
      note: isArrears(sim.arrearsBalance) ? t('iotUser.asset.arrears', { amount: sim.arrearsBalance }) : undefined,
    },
    { key: 'integral', value: String(sim.integral), path: INTEGRAL_LOG_PATH },
    { key: 'couponCoin', value: String(sim.couponCoin), path: COIN_LOG_PATH },
    {
      key: 'coupons',
      value: couponCount === undefined ? t('iotUser.asset.unknown') : String(couponCount),
      path: MY_COUPONS_PATH,
    },
  ];
}

function AssetTile({ asset, large = false }: { asset: Asset; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={large ? 'iot-user-asset__tile iot-user-asset__tile--large' : 'iot-user-asset__tile'}
      onClick={() => navigateTo(asset.path)}
      data-testid={`user-asset-${asset.key}`}
    >
      <strong className="iot-user-asset__value" data-testid="user-asset-value">
        {asset.value}
      </strong>
      <span className="iot-user-asset__label">{t(`iotUser.asset.${asset.key}`)}</span>
      {asset.note ? (
        <span className="iot-user-asset__note" data-testid="user-asset-note">
          {asset.note}
        </span>
      ) : null}
    </button>
  );
}

/** The strip inside 我的. */
export function AssetStrip({ sim, simNo }: { sim: SimInfo; simNo: string }) {
  const assets = useAssets(sim, useUsableCouponCount(simNo));
  return (
    <section className="iot-user-asset" data-testid="user-asset-strip">
      {assets.map((asset) => (
        <AssetTile key={asset.key} asset={asset} />
      ))}
    </section>
  );
}

/** The links under each enlarged tile of the direct page. */
type AssetLinkLabel =
  | 'recharge'
  | 'balanceLog'
  | 'integralLog'
  | 'integralShop'
  | 'earn'
  | 'coinLog'
  | 'exchange'
  | 'myCoupons';

const ASSET_LINKS: Record<AssetKey, { label: AssetLinkLabel; path: string; query?: Record<string, string> }[]> = {
  balance: [
    { label: 'recharge', path: BALANCE_PATH },
    { label: 'balanceLog', path: ORDER_LOGS_PATH, query: { tab: 'balanceLog' } },
  ],
  integral: [
    { label: 'integralLog', path: INTEGRAL_LOG_PATH },
    { label: 'integralShop', path: INTEGRAL_SHOP_PATH },
    { label: 'earn', path: TASK_PATH },
  ],
  couponCoin: [
    { label: 'coinLog', path: COIN_LOG_PATH },
    { label: 'exchange', path: COUPON_EXCHANGE_PATH },
  ],
  coupons: [
    { label: 'myCoupons', path: MY_COUPONS_PATH },
    { label: 'exchange', path: COUPON_EXCHANGE_PATH },
  ],
};

function AssetCard({ asset, children }: { asset: Asset; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="iot-user-asset-card" data-testid="user-asset-card">
      <AssetTile asset={asset} large />
      <p className="iot-user-asset-card__hint">{t(`iotUser.asset.${asset.key}Hint`)}</p>
      {children}
    </section>
  );
}

function AssetCards({ sim, couponCount }: { sim: SimInfo; couponCount: number | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {useAssets(sim, couponCount).map((asset) => (
        <AssetCard key={asset.key} asset={asset}>
          <Space wrap className="iot-user-asset-card__links">
            {ASSET_LINKS[asset.key].map((link) => (
              <Button
                key={link.label}
                size="small"
                color="primary"
                fill="outline"
                onClick={() => navigateTo(link.path, link.query)}
                data-testid={`user-asset-link-${link.label}`}
              >
                {t(`iotUser.asset.${link.label}`)}
              </Button>
            ))}
          </Space>
        </AssetCard>
      ))}
    </>
  );
}

function AssetView({ simNo }: { simNo: string }) {
  const info = useSimInfoOnShow(simNo);
  const couponCount = useUsableCouponCount(simNo);
  const { sim } = info;
  return (
    <div className="iot-user iot-page" data-testid="user-asset-page">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? <AssetCards sim={sim} couponCount={couponCount} /> : null}
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function AssetPage() {
  return <IotGuard>{(simNo) => <AssetView key={simNo} simNo={simNo} />}</IotGuard>;
}
