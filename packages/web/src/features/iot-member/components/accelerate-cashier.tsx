/**
 * 加速包支付 (SCREENS §4 accelerate/cashier): ?accelerateId= the pass (name, top speed, duration, when it
 * starts), the agreement 《加速服务协议》 to tick, and the pay form → POST /api/iot/createAccelerateOrder;
 * paid from the balance it is put on the card at once → 加速已开通 → 网络加速. An operator refusal is the
 * wrapper's 30003 dialog (the money is back). ?orderSn=&from=pay: the result of an online payment.
 */
import { createAccelerateOrder } from '../api/create-member-order';
import { type AccelerateList, useAccelerateList } from '../api/list-accelerate';
import { AccelerateUnsupported, useSpeedLabel } from './accelerate-center';
import { MemberPayForm, MemberPayMissing, MemberPayRoute, MemberPayShelf } from './member-pay-page';
import './common.css';
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
  const speedLabel = useSpeedLabel();
  const pass = data.list.find((p) => p.id === accelerateId);
  if (!pass) return <MemberPayMissing kind="accelerate" requestedId={accelerateId} />;
  return (
    <MemberPayForm
      kind="accelerate"
      shelf={data}
      product={pass}
      paidKeys={['accelerateList', 'accelerateOrders']}
      intent={{ accelerateId: pass.id }}
      protocol="accelerate"
      send={(pay) => createAccelerateOrder({ accelerateId: pass.id, ...pay })}
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
    </MemberPayForm>
  );
}

function CashierView({ simNo, accelerateId }: { simNo: string; accelerateId: number }) {
  const list = useAccelerateList(simNo);
  return (
    <MemberPayShelf kind="accelerate" shelf={list} closed={<AccelerateUnsupported />}>
      {(data) => <CashierForm data={data} accelerateId={accelerateId} onStale={() => void list.refetch()} />}
    </MemberPayShelf>
  );
}

/** The route /pages-sub/iot/index/accelerate/cashier: ?accelerateId= pay, ?orderSn= the payment's result. */
export function AccelerateCashierPage() {
  return (
    <MemberPayRoute kind="accelerate" idParam="accelerateId">
      {(simNo, accelerateId) => (
        <CashierView key={`${simNo}|${accelerateId}`} simNo={simNo} accelerateId={accelerateId} />
      )}
    </MemberPayRoute>
  );
}
