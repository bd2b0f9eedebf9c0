/**
 * The pickup store chosen on 自提门店 for a goods, read back by 确认订单 (SCREENS §4 storePoint: "select →
 * back to payment with storeId"). In memory: a reload asks again.
 */
import { create } from 'zustand';

interface StoreChoiceState {
  chosen: Record<number, number>;
  choose: (goodsId: number, storeId: number) => void;
}

export const useStoreChoice = create<StoreChoiceState>()((set, get) => ({
  chosen: {},
  choose: (goodsId, storeId) => set({ chosen: { ...get().chosen, [goodsId]: storeId } }),
}));
