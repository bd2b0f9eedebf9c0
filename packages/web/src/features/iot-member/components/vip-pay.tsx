/**
 * 会员支付 (SCREENS §4 vip/pay/index): ?vipId= the summary (name, price, validity, when it starts) and
 * the pay form → POST /api/iot/createVipOrder; paid from the balance it runs (or waits its turn) at once
 * → 开通成功 → 会员中心. ?orderSn=&from=pay: the result of an online payment.
 */
import { Image } from '../../../components/image';
import { createVipOrder } from '../api/create-member-order';
import { useVipList, type VipList } from '../api/list-vip';
import { MemberPayForm, MemberPayMissing, MemberPayRoute, MemberPayShelf } from './member-pay-page';
import { VipClosed } from './vip-promo';
import './common.css';
import '../i18n';

function VipPayForm({ data, vipId, onStale }: { data: VipList; vipId: number; onStale: () => void }) {
  const product = data.list.find((p) => p.id === vipId);
  if (!product) return <MemberPayMissing kind="vip" requestedId={vipId} />;
  return (
    <MemberPayForm
      kind="vip"
      shelf={data}
      product={{ price: product.packagePrice, duration: product.duration, durationUnit: product.durationUnit }}
      paidKeys={['vipList']}
      intent={{ vipId: product.id }}
      send={(pay) => createVipOrder({ vipId: product.id, ...pay })}
      onStale={onStale}
    >
      <section className="member-summary" data-testid="vip-pay-summary">
        {product.logo ? <Image src={product.logo} alt="" width={48} height={48} fit="contain" /> : null}
        <div>
          <div data-shop-content className="member-summary__name" data-testid="vip-pay-name">
            {product.vipName}
          </div>
          {product.privileges.gi ? (
            <div data-shop-content className="member-summary__hint">
              {product.privileges.gi}
            </div>
          ) : null}
        </div>
      </section>
    </MemberPayForm>
  );
}

function VipPayView({ simNo, vipId }: { simNo: string; vipId: number }) {
  const vip = useVipList(simNo);
  return (
    <MemberPayShelf kind="vip" shelf={vip} closed={<VipClosed />}>
      {(data) => <VipPayForm data={data} vipId={vipId} onStale={() => void vip.refetch()} />}
    </MemberPayShelf>
  );
}

/** The route /pages-sub/iot/vip/pay/index: ?vipId= pay, ?orderSn= the online payment's result. */
export function VipPayPage() {
  return (
    <MemberPayRoute kind="vip" idParam="vipId">
      {(simNo, vipId) => <VipPayView key={`${simNo}|${vipId}`} simNo={simNo} vipId={vipId} />}
    </MemberPayRoute>
  );
}
