/**
 * 修改中 (SCREENS §4 deviceManage): what the holder changed on a card's device stays marked until the next
 * card refresh brings the device's own state. Kept in memory only: a reload shows the device as it is.
 */
import { create } from 'zustand';

/** `wifi1`, `wifi2` (a Wi-Fi entry) or `device` (restart, power-off, reset). */
export type PendingMark = 'wifi1' | 'wifi2' | 'device';

interface PendingMarks {
  bySim: Record<string, PendingMark[]>;
  mark: (simNo: string, marks: PendingMark[]) => void;
  clear: (simNo: string) => void;
}

export const usePendingMarks = create<PendingMarks>((set, get) => ({
  bySim: {},
  mark: (simNo, marks) => {
    const current = get().bySim[simNo] ?? [];
    set({ bySim: { ...get().bySim, [simNo]: [...new Set([...current, ...marks])] } });
  },
  clear: (simNo) => {
    const { [simNo]: _gone, ...rest } = get().bySim;
    set({ bySim: rest });
  },
}));

const NONE: PendingMark[] = [];

export function usePending(simNo: string): PendingMark[] {
  return usePendingMarks((s) => s.bySim[simNo] ?? NONE);
}
