/**
 * The package chosen on 选择套餐 for a number (SCREENS §1: "stored in the page state store keyed by
 * numberId"), read back by 号码预约. In memory: a reload falls back to the default package.
 */
import type { NumberPackage } from '@haoka/contract';
import { create } from 'zustand';

interface PackageChoiceState {
  chosen: Record<number, number>;
  choose: (numberId: number, packageId: number) => void;
}

export const usePackageChoiceStore = create<PackageChoiceState>()((set, get) => ({
  chosen: {},
  choose: (numberId, packageId) => set({ chosen: { ...get().chosen, [numberId]: packageId } }),
}));

/** The chosen package if it is still offered, else the default one, else the first. */
export function effectivePackage(
  packages: readonly NumberPackage[],
  chosenId: number | undefined,
): NumberPackage | undefined {
  return packages.find((p) => p.id === chosenId) ?? packages.find((p) => p.isDefault === 1) ?? packages[0] ?? undefined;
}
