/**
 * The VIP promo on the card home (SCREENS §4 vip/popup): at most once a day per card (the iot store's
 * `vipPopupShown`), for a card without a valid or queued membership whose layout offers 会员中心, and
 * only when the home showed none of its own prompts, its layout popup or a card-state panel (`quiet`). The products come
 * from GET /api/iot/vipList; the modal itself loads only when it is shown. Both wait until the home's first
 * screen has loaded and the browser is idle: the promo is asked for after the home, not beside it
 * (the modal brings the animation library, about 26 KB).
 */
import { ErrorCode, iotMemberApi, type SimInfo } from '@haoka/contract';
import { useEffect, useRef } from 'react';
import { withTexts } from '../../../i18n';
import { afterFirstScreen } from '../../../platform/idle';
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

export function useVipPromo(sim: SimInfo | undefined, simNo: string, quiet: boolean): void {
  const asked = useRef(new Set<string>());
  const open = useRef<{ close(): void } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      open.current?.close();
      open.current = null;
    };
  }, []);
  useEffect(() => {
    if (!quiet || !sim || sim.simNo !== simNo || asked.current.has(simNo)) return;
    asked.current.add(simNo);
    const today = localDay();
    if (!shouldOfferVipPromo(sim, useIotStore.getState().vipPopupShown, simNo, today)) return;
    void afterFirstScreen({ idleTimeout: 2000, otherwise: 1000 })
      .then(() => Promise.all([listVipQuietly(), withTexts(import('./vip-promo-dialog'))]))
      .then(([shelf, { showVipPromo }]) => {
        const product = featuredProduct(shelf.list);
        // The shelf's answer is fresher than a cached card: a member by now is not asked.
        const member = shelf.vipOrder !== null && (shelf.vipOrder.validTag === 1 || shelf.vipOrder.status === 2);
        if (!mounted.current || !product || member) return;
        useIotStore.getState().markVipPopup(simNo, today);
        open.current = showVipPromo(product, () => navigateTo(VIP_PATH));
      })
      .catch(() => {
        // no promo this time (module off, offline); the home itself is unaffected
      });
  }, [sim, simNo, quiet]);
}
