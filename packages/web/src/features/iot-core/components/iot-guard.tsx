/**
 * IoT shell rule (SCREENS §3): every IoT page needs a current card; without one it is replaced by the
 * card login with the page as redirect. Logout and 34061 navigate on their own, so only the state at
 * mount is checked here.
 */
import { type ReactNode, useEffect } from 'react';
import { CARD_LOGIN_PATH, currentUrl, redirectTo } from '../../../platform/navigation';
import { useIotStore } from '../../../stores/iot';

export function useIotGuard(): string {
  const simNo = useIotStore((s) => s.simNo);
  useEffect(() => {
    if (!useIotStore.getState().simNo) redirectTo(CARD_LOGIN_PATH, { redirect: currentUrl() });
  }, []);
  return simNo;
}

/** Renders `children(simNo)` only while a card is current. */
export function IotGuard({ children }: { children: (simNo: string) => ReactNode }) {
  const simNo = useIotGuard();
  return simNo ? children(simNo) : null;
}
