/**
 * Whether the card home offers the VIP promo today, and the offer (features/iot-member/components/
 * vip-home-promo.ts loads this once the home's first screen is idle): the card's rules, then a quiet look
 * at the shelf, then the modal.
 */
import { ErrorCode, iotMemberApi, type SimInfo } from '@haoka/contract';
import { withTexts } from '../../../i18n';
import { navigateTo } from '../../../platform/navigation';
import { request } from '../../../platform/request';
import { useIotStore } from '../../../stores/iot';
import { localDay } from '../../iot-core/sim-display';
import { featuredProduct, shouldOfferVipPromo } from '../member-rules';
import { VIP_PATH } from '../paths';

/** A background look at the shelf: nothing is told to the card holder when it fails. */
function listVipQuietly() {
  return request(iotMemberApi.listVip, {}, { silentCodes: [ErrorCode.MODULE_CLOSED, ErrorCode.FAIL], hideError: true });
}

/**
 * Shows the promo when the card is offered one today and the shelf has a product for a card that is no
 * member by now; resolves with the open modal, or null. `stillShown` is whether the home is still there.
 */
export async function offerVipPromo(
  sim: SimInfo,
  simNo: string,
  stillShown: () => boolean,
): Promise<{ close(): void } | null> {
  const today = localDay();
  if (!shouldOfferVipPromo(sim, useIotStore.getState().vipPopupShown, simNo, today)) return null;
  const [shelf, { showVipPromo }] = await Promise.all([listVipQuietly(), withTexts(import('./vip-promo-dialog'))]);
  const product = featuredProduct(shelf.list);
  // The shelf's answer is fresher than a cached card: a member by now is not asked.
  const member = shelf.vipOrder !== null && (shelf.vipOrder.validTag === 1 || shelf.vipOrder.status === 2);
  if (!stillShown() || !product || member) return null;
  useIotStore.getState().markVipPopup(simNo, today);
  return showVipPromo(product, () => navigateTo(VIP_PATH));
}
