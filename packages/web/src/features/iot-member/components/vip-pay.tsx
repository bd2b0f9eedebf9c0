/**
 * 会员支付 (SCREENS §4 vip/pay/index): ?vipId= the summary (name, price, validity, when it starts) and
 * the pay form → POST /api/iot/createVipOrder; paid from the balance it runs (or waits its turn) at once
 * → 开通成功 → 会员中心. ?orderSn=&from=pay: the result of an online payment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Image, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { showToast } from '../../../platform/feedback';
import { redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot/components/iot-guard';
import { createVipOrder } from '../api/create-member-order';
import { useVipList, type VipList } from '../api/list-vip';
import { VIP_PATH, VIP_PAY_PATH } from '../paths';
import { MemberCheckout } from './member-checkout';
import { MemberPayResult } from './member-pay-result';
import { isModuleClosed, useDurationLabel, VipClosed } from './vip-promo';
import '../iot-member.css';
import '../i18n';

function VipPayForm({ data, vipId, onStale }: { data: VipList; vipId: number; onStale: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const durationLabel = useDurationLabel();
  const product = data.list.find((p) => p.id === vipId);
  if (!product) {
    return (
      <div className="page-state page-state-empty" data-testid="vip-pay-missing">
        <ErrorBlock
          status="empty"
          title={vipId > 0 ? t('iotMember.vip.gone') : t('iotMember.vip.choose')}
          description=""
        >
          <Button color="primary" size="small" onClick={() => redirectTo(VIP_PATH)}>
            {t('iotMember.vip.backCenter')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <MemberCheckout
      amount={product.packagePrice}
      payTypes={data.payTypes}
      balance={data.balance}
      existPayPassword={data.existPayPassword}
      intent={{ vipId: product.id }}
      send={(pay) => createVipOrder({ vipId: product.id, ...pay })}
      cashierPath={VIP_PAY_PATH}
      onPaid={() => {
        void client.invalidateQueries({ queryKey: ['vipList'] });
        void client.invalidateQueries({ queryKey: ['simInfo'] });
        showToast(t('iotMember.result.success.vip'), { icon: 'success' });
        redirectTo(VIP_PATH);
      }}
      onStale={onStale}
    >
      <section className="member-summary" data-testid="vip-pay-summary">
        {product.logo ? <Image src={product.logo} width={48} height={48} fit="contain" /> : null}
        <div>
          <div className="member-summary__name" data-testid="vip-pay-name">
            {product.vipName}
          </div>
          {product.privileges.gi ? <div className="member-summary__hint">{product.privileges.gi}</div> : null}
        </div>
      </section>
      <List mode="card">
        <List.Item extra={<span data-testid="vip-pay-price">{formatYuan(product.packagePrice)}</span>}>
          {t('iotMember.confirm.price')}
        </List.Item>
        <List.Item
          extra={<span data-testid="vip-pay-validity">{durationLabel(product.duration, product.durationUnit)}</span>}
        >
          {t('iotMember.confirm.validity')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid="vip-pay-start">
              {data.nextStartAt
                ? t('iotMember.common.startsAt', { time: data.nextStartAt })
                : t('iotMember.common.startsNow')}
            </span>
          }
        >
          {t('iotMember.confirm.start')}
        </List.Item>
      </List>
    </MemberCheckout>
  );
}

function VipPayView({ simNo, vipId }: { simNo: string; vipId: number }) {
  const vip = useVipList(simNo);
  if (isModuleClosed(vip.error)) return <VipClosed />;
  return (
    <div className="member-page member-page--bar iot-page" data-testid="vip-pay-page">
      <PageState
        loading={vip.isPending}
        error={vip.isError ? vip.error : undefined}
        onRetry={() => void vip.refetch()}
        skeletonRows={6}
      >
        {vip.data ? <VipPayForm data={vip.data} vipId={vipId} onStale={() => void vip.refetch()} /> : null}
      </PageState>
    </div>
  );
}

/** The route /pages-sub/iot/vip/pay/index: ?vipId= pay, ?orderSn= the online payment's result. */
export function VipPayPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  const vipId = Number(query.vipId);
  return (
    <IotGuard>
      {(simNo) =>
        orderSn ? (
          <div className="member-page iot-page">
            <MemberPayResult key={orderSn} orderSn={orderSn} kind="vip" homePath={VIP_PATH} />
          </div>
        ) : (
          <VipPayView key={`${simNo}|${vipId}`} simNo={simNo} vipId={Number.isInteger(vipId) ? vipId : 0} />
        )
      }
    </IotGuard>
  );
}
