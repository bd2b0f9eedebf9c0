/**
 * The address picked for a mall order (SPEC §3 mini-user `iotSimAddressId`, `selectAddressBackPath`):
 * 确认订单 records where the picker returns to, 收货地址 stores the pick and goes back there.
 */
import { currentMiniPlatform, useMiniUsersStore } from '../../stores/mini-users';

export function usePickedAddressId(): number {
  return useMiniUsersStore((s) => s[currentMiniPlatform()].iotSimAddressId);
}

export function useAddressBackPath(): string {
  return useMiniUsersStore((s) => s[currentMiniPlatform()].selectAddressBackPath);
}

export function pickAddress(id: number): void {
  useMiniUsersStore.getState().patchMiniUser(currentMiniPlatform(), { iotSimAddressId: id });
}

/** Where the picker goes back to once an address is picked ('' = the list is opened to manage). */
export function setAddressBackPath(path: string): void {
  useMiniUsersStore.getState().patchMiniUser(currentMiniPlatform(), { selectAddressBackPath: path });
}

/** True when the browser history has a page of this app to go back to. */
export function hasHistory(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}
