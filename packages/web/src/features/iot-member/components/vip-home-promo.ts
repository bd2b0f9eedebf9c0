/**
 * The VIP promo on the card home (SCREENS §4 vip/popup): at most once a day per card (the iot store's
 * `vipPopupShown`), for a card without a valid or queued membership whose layout offers 会员中心, and
 * only when the home showed none of its own prompts, its layout popup or a card-state panel (`quiet`).
 * Everything but this hook waits until the home's first screen has loaded and the browser is idle: the
 * offer's rules and the shelf's request (`vip-promo-offer.ts`), then the modal with the animation
 * library (about 26 KB), so that none of it is part of the card home's first screen.
 */
import type { SimInfo } from '@haoka/contract';
import { useEffect, useRef } from 'react';
import { withTexts } from '../../../i18n';
import { afterFirstScreen } from '../../../platform/idle';

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
    void afterFirstScreen({ idleTimeout: 2000, otherwise: 1000 })
      .then(() => withTexts(import('./vip-promo-offer')))
      .then(({ offerVipPromo }) => offerVipPromo(sim, simNo, () => mounted.current))
      .then((shown) => {
        if (shown) open.current = shown;
      })
      .catch(() => {
        // no promo this time (module off, offline); the home itself is unaffected
      });
  }, [sim, simNo, quiet]);
}
