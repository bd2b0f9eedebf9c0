/**
 * 加速包支付 (SCREENS §4 accelerate/cashier): ?accelerateId= the pass (name, top speed, duration, when it
 * starts), the agreement 《加速服务协议》 to tick, and the pay form → POST /api/iot/createAccelerateOrder;
 * paid from the balance it is put on the card at once → 加速已开通 → 网络加速. An operator refusal is the
 * wrapper's 30003 dialog (the money is back). ?orderSn=&from=pay: the result of an online payment.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { showToast } from '../../../platform/feedback';
import { redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot/components/iot-guard';
import { createAccelerateOrder } from '../api/create-member-order';
import { type AccelerateList, useAccelerateList } from '../api/list-accelerate';
import { ACCELERATE_CASHIER_PATH, ACCELERATE_PATH } from '../paths';
import { AccelerateUnsupported, useSpeedLabel } from './accelerate-center';
import { MemberCheckout } from './member-checkout';
import { MemberPayResult } from './member-pay-result';
import { isModuleClosed, useDurationLabel } from './vip-promo';
import '../iot-member.css';
import '../i18n';

function CashierForm({
  data,
  accelerateId,
  onStale,
}: {
  data: AccelerateList;
  accelerateId: number;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const durationLabel = useDurationLabel();
  const speedLabel = useSpeedLabel();
  const pass = data.list.find((p) => p.id === accelerateId);
  if (!pass) {
    return (
      <div className="page-state page-state-empty" data-testid="accelerate-pay-missing">
        <ErrorBlock
          status="empty"
          title={accelerateId > 0 ? t('iotMember.accelerate.gone') : t('iotMember.accelerate.choose')}
          description=""
        >
          <Button color="primary" size="small" onClick={() => redirectTo(ACCELERATE_PATH)}>
            {t('iotMember.accelerate.backCenter')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <MemberCheckout
      amount={pass.price}
      payTypes={data.payTypes}
      balance={data.balance}
      existPayPassword={data.existPayPassword}
      intent={{ accelerateId: pass.id }}
      protocol="accelerate"
      send={(pay) => createAccelerateOrder({ accelerateId: pass.id, ...pay })}
      cashierPath={ACCELERATE_CASHIER_PATH}
      onPaid={() => {
        void client.invalidateQueries({ queryKey: ['accelerateList'] });
        void client.invalidateQueries({ queryKey: ['accelerateOrders'] });
        void client.invalidateQueries({ queryKey: ['simInfo'] });
        showToast(t('iotMember.result.success.accelerate'), { icon: 'success' });
        redirectTo(ACCELERATE_PATH);
      }}
      onStale={onStale}
    >
      <section className="member-summary" data-testid="accelerate-pay-summary">
        <div>
          <div className="member-summary__name" data-testid="accelerate-pay-name">
            {pass.accelerateName}
          </div>
          <div className="member-summary__hint" data-testid="accelerate-pay-speed">
            {speedLabel(pass.speedCode)}
          </div>
        </div>
      </section>
      <List mode="card">
        <List.Item extra={<span data-testid="accelerate-pay-price">{formatYuan(pass.price)}</span>}>
          {t('iotMember.confirm.price')}
        </List.Item>
        <List.Item
          extra={<span data-testid="accelerate-pay-duration">{durationLabel(pass.duration, pass.durationUnit)}</span>}
        >
          {t('iotMember.confirm.validity')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid="accelerate-pay-start">
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

function CashierView({ simNo, accelerateId }: { simNo: string; accelerateId: number }) {
  const list = useAccelerateList(simNo);
  if (isModuleClosed(list.error)) return <AccelerateUnsupported />;
  return (
    <div className="member-page member-page--bar iot-page" data-testid="accelerate-cashier-page">
      <PageState
        loading={list.isPending}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        skeletonRows={6}
      >
        {list.data ? (
          <CashierForm data={list.data} accelerateId={accelerateId} onStale={() => void list.refetch()} />
        ) : null}
      </PageState>
    </div>
  );
}

/** The route /pages-sub/iot/index/accelerate/cashier: ?accelerateId= pay, ?orderSn= the payment's result. */
export function AccelerateCashierPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  const accelerateId = Number(query.accelerateId);
  return (
    <IotGuard>
      {(simNo) =>
        orderSn ? (
          <div className="member-page iot-page">
            <MemberPayResult key={orderSn} orderSn={orderSn} kind="accelerate" homePath={ACCELERATE_PATH} />
          </div>
        ) : (
          <CashierView
            key={`${simNo}|${accelerateId}`}
            simNo={simNo}
            accelerateId={Number.isInteger(accelerateId) ? accelerateId : 0}
          />
        )
      }
    </IotGuard>
  );
}
