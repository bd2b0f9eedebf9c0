/** IoT state (SPEC §3): recent card numbers (5, newest first), current card, popup prevention. */
import { MAX_RECENT_CARDS, type SimInfo } from '@haoka/contract';
import { createPersistedStore } from './persist';
import { field, group, isAnswer, isText, listOf, orNull, recordOf } from './stored';

const recentCards = field(listOf(isText), []);

const iotShape = group({
  /** At most `MAX_RECENT_CARDS`, newest first. */
  loginSns: (stored: unknown) => recentCards(stored).slice(0, MAX_RECENT_CARDS),
  simNo: field(isText, ''),
  iotIndexPopupPrevent: field(recordOf(isText), {}),
  /** The day (`YYYY-MM-DD`) the VIP promo last showed on the home, per card: at most once a day. */
  vipPopupShown: field(recordOf(isText), {}),
  /** The current card's last simInfo answer, so its pages paint at once (features/iot-core/api/get-sim-info.ts). */
  simInfo: field(orNull(isAnswer<SimInfo>()), null),
});

/** Puts `simNo` first, without duplicates, keeping at most 5 (SPEC §9). */
export function pushRecentCard(list: readonly string[], simNo: string): string[] {
  return [simNo, ...list.filter((s) => s !== simNo)].slice(0, MAX_RECENT_CARDS);
}

export const useIotStore = createPersistedStore(
  'iot',
  iotShape,
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
