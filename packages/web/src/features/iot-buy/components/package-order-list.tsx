/**
 * 套餐订单 (SCREENS §3 orderLogs/PackageList): the card's package orders (GET /api/iot/simPackageList) as
 * an infinite list — name, flow (无限), duration, price and actual paid, coupon used, effect type, pay
 * type, status (dictionary `package_order_status`, 0 待支付 … 5 已取消), start–end and a usage bar for
 * 生效中. A 待支付 row → 去支付 (the package cashier). Empty: 暂无套餐订单 + 去订购.
 */
import { OPENING_PACKAGE_NAME, type PackageOrder, PackageOrderStatus } from '@haoka/contract';
import { Button, ProgressBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useDurationText } from '../../../components/duration';
import { InfiniteList } from '../../../components/infinite-list';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { navigateTo } from '../../../platform/navigation';
import { formatFlow } from '../../iot-core/sim-display';
import { DictTag, useDictLabel } from '../../site/dict-label';
import { listSimPackages, simPackagesKey } from '../api/list-sim-packages';
import { canStillPay, isPositiveMoney, usagePercent } from '../money-rules';
import { PACKAGE_DETAILS_PATH, PACKAGE_LIST_PATH } from '../paths';
import './common.css';
import './package-order-list.css';
import '../i18n';

/** A package order's name: the shop's package name as written, or the translated name of the opening package. */
export function PackageName({ order }: { order: Pick<PackageOrder, 'packageId' | 'packageName'> }) {
  const { t } = useTranslation();
  if (order.packageId === 0 && order.packageName === OPENING_PACKAGE_NAME)
    return <>{t('iotBuy.common.openingPackage')}</>;
  return <span data-shop-content>{order.packageName}</span>;
}

export function usePackageLabels() {
  const { t } = useTranslation();
  const effectLabel = useDictLabel('effect_type');
  const durationLabel = useDurationText();
  return {
    flow: (o: Pick<PackageOrder, 'flow' | 'isInfiniteFlow'>) =>
      o.isInfiniteFlow === 1 ? t('iotBuy.common.unlimited') : formatFlow(o.flow),
    duration: durationLabel,
    effect: effectLabel,
    payType: (payType: string) =>
      payType === 'wxpay' || payType === 'alipay' || payType === 'balance'
        ? t(`iotBuy.common.payType.${payType}`)
        : payType,
    period: (startAt: string | null, endAt: string | null) =>
      startAt || endAt ? t('iotBuy.common.period', { start: startAt ?? '—', end: endAt ?? '—' }) : '',
  };
}

/** Unlimited flow is never running out; a capped package turns red from 90 % used. */
function barColour(percent: number, unlimited: boolean): string {
  if (unlimited) return 'var(--adm-color-success)';
  return percent >= 90 ? 'var(--adm-color-danger)' : 'var(--hk-color-info)';
}

/** Used/total of an active package: a bar for a capped one, the used amount alone for unlimited flow. */
export function UsageBar({
  used,
  total,
  unlimited,
  testId,
}: {
  used: number;
  total: number;
  unlimited: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const percent = unlimited ? 100 : usagePercent(used, total);
  return (
    <div className="money-usage" data-testid={testId} data-percent={percent}>
      <ProgressBar
        percent={percent}
        style={{ '--track-width': '6px', '--fill-color': barColour(percent, unlimited) }}
      />
      <span className="money-usage__text">
        {unlimited
          ? t('iotBuy.logs.usageUnlimited', { used: formatFlow(used) })
          : t('iotBuy.logs.usage', { used: formatFlow(used), total: formatFlow(total) })}
      </span>
    </div>
  );
}

export function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="money-row__line">
      <span className="money-row__label">{label}</span>
      <span className="money-row__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function PackageOrderRow({ order }: { order: PackageOrder }) {
  const { t } = useTranslation();
  const labels = usePackageLabels();
  const period = labels.period(order.startAt, order.endAt);
  return (
    <article className="money-row" data-testid="pkg-order" data-sn={order.orderSn}>
      <header className="money-row__head">
        <span className="money-row__title" data-testid="pkg-order-name">
          <PackageName order={order} />
        </span>
        <DictTag type="package_order_status" value={order.status} testId="pkg-order-status" />
      </header>
      <Line label={t('iotBuy.logs.flow')} testId="pkg-order-flow">
        {labels.flow(order)} · {labels.duration(order.duration, order.durationUnit)}
      </Line>
      <Line label={t('iotBuy.logs.price')} testId="pkg-order-price">
        {formatYuan(order.price)}
        <span className="money-row__paid">
          {t('iotBuy.logs.paid')} <strong data-testid="pkg-order-paid">{formatYuan(order.actualPayMoney)}</strong>
        </span>
      </Line>
      {isPositiveMoney(order.couponAmount) ? (
        <Line label={t('iotBuy.logs.coupon')} testId="pkg-order-coupon">
          -{formatYuan(order.couponAmount)}
        </Line>
      ) : null}
      <Line label={t('iotBuy.logs.effect')} testId="pkg-order-effect">
        {labels.effect(order.effectType)}
      </Line>
      {order.payType ? (
        <Line label={t('iotBuy.logs.payType')} testId="pkg-order-pay-type">
          {labels.payType(order.payType)}
        </Line>
      ) : null}
      {period ? (
        <Line label={t('iotBuy.logs.period')} testId="pkg-order-period">
          {period}
        </Line>
      ) : null}
      <Line label={t('iotBuy.common.orderSn')}>
        <span className="money-copy-line">
          <span data-testid="pkg-order-sn">{order.orderSn}</span>
          <button type="button" className="money-link" onClick={() => void copyText(order.orderSn)}>
            {t('iotBuy.common.copy')}
          </button>
        </span>
      </Line>
      <Line label={t('iotBuy.common.createdAt')}>{order.createdAt}</Line>
      {order.status === PackageOrderStatus.ACTIVE ? (
        <UsageBar
          used={order.useFlow}
          total={order.flow}
          unlimited={order.isInfiniteFlow === 1}
          testId="pkg-order-usage"
        />
      ) : null}
      {canStillPay(order) ? (
        <footer className="money-row__actions">
          <Button
            size="small"
            color="primary"
            onClick={() => navigateTo(PACKAGE_DETAILS_PATH, { orderSn: order.orderSn })}
            data-testid={`pkg-order-pay-${order.orderSn}`}
          >
            {t('iotBuy.logs.pay')}
          </Button>
        </footer>
      ) : null}
    </article>
  );
}

export function PackageOrderList({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  return (
    <InfiniteList<PackageOrder>
      queryKey={simPackagesKey(simNo)}
      fetchPage={(page, pageSize) => listSimPackages({ page, pageSize })}
      itemKey={(o) => o.orderSn}
      renderItem={(o) => <PackageOrderRow order={o} />}
      className="money-list"
      emptyText={t('iotBuy.logs.emptyPackage')}
      emptyAction={
        <Button size="small" color="primary" onClick={() => navigateTo(PACKAGE_LIST_PATH)} data-testid="pkg-order-buy">
          {t('iotBuy.logs.buy')}
        </Button>
      }
    />
  );
}
