/** IoT state (SPEC §3): recent card numbers (5, newest first), current card, popup prevention. */
import { MAX_RECENT_CARDS, type SimInfo } from '@haoka/contract';
import * as z from 'zod/mini';
import { createPersistedStore, storedAnswer } from './persist';

export const iotSchema = z.object({
  loginSns: z.catch(
    z.pipe(
      z.array(z.string()),
      z.transform((list) => list.slice(0, MAX_RECENT_CARDS)),
    ),
    [],
  ),
  simNo: z.catch(z.string(), ''),
  iotIndexPopupPrevent: z.catch(z.record(z.string(), z.string()), {}),
  /** The day (`YYYY-MM-DD`) the VIP promo last showed on the home, per card: at most once a day. */
  vipPopupShown: z.catch(z.record(z.string(), z.string()), {}),
  /** The current card's last simInfo answer, so its pages paint at once (features/iot-core/api/get-sim-info.ts). */
  simInfo: z.catch(z.nullable(storedAnswer<SimInfo>()), null),
});
type Iot = z.infer<typeof iotSchema>;

/** Puts `simNo` first, without duplicates, keeping at most 5 (SPEC §9). */
export function pushRecentCard(list: readonly string[], simNo: string): string[] {
  return [simNo, ...list.filter((s) => s !== simNo)].slice(0, MAX_RECENT_CARDS);
}

export const useIotStore = createPersistedStore(
  'iot',
  iotSchema,
  (): Iot => ({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, vipPopupShown: {}, simInfo: null }),
  (set, get) => ({
    loginCard: (simNo: string) => set({ simNo, loginSns: pushRecentCard(get().loginSns, simNo), simInfo: null }),
    /** spec §4: IoT logout clears the card number (and its cached info). */
    logoutCard: () => set({ simNo: '', simInfo: null }),
    setSimInfo: (simInfo: SimInfo | null) => set({ simInfo }),
    /** Switches to another card of the recent list; its info loads anew (SCREENS §3 切换). */
    switchCard: (simNo: string) => set({ simNo, simInfo: null }),
    /** Removes a card from the recent list (login page ✕). */
    removeRecentCard: (simNo: string) => set({ loginSns: get().loginSns.filter((s) => s !== simNo) }),
    /** 今日不再提示: the home layout popup stays hidden for this card until `day` is over. */
    preventIndexPopup: (simNo: string, day: string) =>
      set({ iotIndexPopupPrevent: { ...get().iotIndexPopupPrevent, [simNo]: day } }),
    /** The VIP promo showed for this card on `day` (SCREENS §4 vip/popup). */
    markVipPopup: (simNo: string, day: string) => set({ vipPopupShown: { ...get().vipPopupShown, [simNo]: day } }),
  }),
  (stored) => ({ ...stored, simInfo: null }),
);
