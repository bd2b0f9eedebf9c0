/**
 * 套餐详情 (SCREENS §4 packageInfo): the card's flow totals (simInfo) and its current and queued packages
 * (GET /api/iot/simPackageList?status=1,2), 生效中 first: name, status, used/total with a progress bar
 * (clamped 0–100), start–end and effect type. 续订 / 加油 → the package list (加油 on the add-on tab).
 * Empty: 暂无生效套餐 + 去订购.
 */
import { type PackageOrder, PackageOrderStatus, type SimInfo } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { formatFlow } from '../../iot-core/sim-display';
import { DictTag } from '../../site/dict-label';
import { useCurrentPackages } from '../api/list-sim-packages';
import { sortCurrentPackages } from '../money-rules';
import { PACKAGE_LIST_PATH } from '../paths';
import { Line, PackageName, UsageBar, usePackageLabels } from './package-order-list';
import './common.css';
import './package-info.css';
import '../i18n';

/** 待生效 and 生效中: what the page asked the server for, kept to even if the answer holds more. */
function isCurrentPackage(status: number): boolean {
  return status === PackageOrderStatus.PENDING || status === PackageOrderStatus.ACTIVE;
}

/** The package list's add-on tab (packageType 2). */
const ADD_ON_TYPE = 2;

function CardTotals({ sim }: { sim: SimInfo }) {
  const { t } = useTranslation();
  const unlimited = sim.isInfiniteFlow === 1;
  return (
    <section className="money-hero money-hero--light" data-testid="pkginfo-totals">
      <div className="money-hero__label">{t('iotBuy.packageInfo.card')}</div>
      <dl className="money-facts">
        <div>
          <dt>{t('iotBuy.packageInfo.total')}</dt>
          <dd data-testid="pkginfo-total">
            {unlimited ? t('iotBuy.common.unlimitedFlow') : formatFlow(sim.totalFlow)}
          </dd>
        </div>
        <div>
          <dt>{t('iotBuy.packageInfo.used')}</dt>
          <dd data-testid="pkginfo-used">{formatFlow(sim.useFlow)}</dd>
        </div>
        <div>
          <dt>{t('iotBuy.packageInfo.surplus')}</dt>
          <dd data-testid="pkginfo-surplus">
            {unlimited ? t('iotBuy.common.unlimited') : formatFlow(sim.surplusFlow)}
          </dd>
        </div>
        <div>
          <dt>{t('iotBuy.packageInfo.endAt')}</dt>
          <dd data-testid="pkginfo-end-at">{sim.endAt ? sim.endAt.slice(0, 10) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

function CurrentPackage({ order }: { order: PackageOrder }) {
  const { t } = useTranslation();
  const labels = usePackageLabels();
  const period = labels.period(order.startAt, order.endAt);
  const active = order.status === PackageOrderStatus.ACTIVE;
  return (
    <article className="money-row" data-testid="pkginfo-item" data-sn={order.orderSn} data-status={order.status}>
      <header className="money-row__head">
        <span className="money-row__title" data-testid="pkginfo-name">
          <PackageName order={order} />
        </span>
        <DictTag type="package_order_status" value={order.status} testId="pkginfo-status" />
      </header>
      <UsageBar
        used={active ? order.useFlow : 0}
        total={order.flow}
        unlimited={order.isInfiniteFlow === 1}
        testId="pkginfo-usage"
      />
      {period ? (
        <Line label={t('iotBuy.packageInfo.period')} testId="pkginfo-period">
          {period}
        </Line>
      ) : null}
      <Line label={t('iotBuy.packageInfo.effect')} testId="pkginfo-effect">
        {labels.effect(order.effectType)}
      </Line>
    </article>
  );
}

function PackageInfoView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const packages = useCurrentPackages(simNo);
  const list = packages.data ? sortCurrentPackages(packages.data.list.filter((o) => isCurrentPackage(o.status))) : [];
  return (
    <div className="money-page iot-page" data-testid="pkginfo-page">
      {sim ? <CardTotals sim={sim} /> : null}
      <PageState
        loading={packages.isPending}
        error={packages.isError ? packages.error : undefined}
        onRetry={() => void packages.refetch()}
        empty={packages.isSuccess && list.length === 0}
        emptyText={t('iotBuy.packageInfo.empty')}
        emptyAction={
          <Button size="small" color="primary" onClick={() => navigateTo(PACKAGE_LIST_PATH)} data-testid="pkginfo-buy">
            {t('iotBuy.packageInfo.buy')}
          </Button>
        }
        skeletonRows={6}
      >
        <h3 className="money-section-title">{t('iotBuy.packageInfo.current')}</h3>
        <div className="money-list" data-testid="pkginfo-list">
          {list.map((o) => (
            <CurrentPackage key={o.orderSn} order={o} />
          ))}
        </div>
        <div className="money-actions money-actions--row">
          <Button block color="primary" onClick={() => navigateTo(PACKAGE_LIST_PATH)} data-testid="pkginfo-renew">
            {t('iotBuy.packageInfo.renew')}
          </Button>
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => navigateTo(PACKAGE_LIST_PATH, { packageType: ADD_ON_TYPE })}
            data-testid="pkginfo-addon"
          >
            {t('iotBuy.packageInfo.addOn')}
          </Button>
        </div>
      </PageState>
    </div>
  );
}

export function PackageInfoPage() {
  return <IotGuard>{(simNo) => <PackageInfoView key={simNo} simNo={simNo} />}</IotGuard>;
}
