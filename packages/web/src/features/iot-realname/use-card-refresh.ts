/**
 * The forced card refresh of the real-name and network pages: POST /api/iot/simRefresh {force: 1}
 * (throttled 1000 ms, spec §9) and the answer put in the simInfo cache and store. `useRefreshOnShow`
 * runs it once when the page mounts and once each time the browser tab becomes visible again (back from
 * the operator's real-name page).
 */

import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '../../platform/query';
import { putSimInfo } from '../iot-core/api/get-sim-info';
import { type RefreshAnswer, refreshSim } from '../iot-core/api/refresh-sim';

export function useCardRefresh(simNo: string): () => Promise<RefreshAnswer | null> {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      const answer = await refreshSim(simNo, 1);
      putSimInfo(client, simNo, answer.data);
      return answer;
    } catch {
      // the request wrapper told the holder why
      return null;
    }
  }, [client, simNo]);
}

/** `onShownAgain` runs after the refresh when the tab becomes visible again (e.g. to refetch the page's data). */
export function useRefreshOnShow(simNo: string, onShownAgain?: () => void): void {
  const refresh = useCardRefresh(simNo);
  const again = useRef(onShownAgain);
  again.current = onShownAgain;
  useEffect(() => {
    void refresh();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refresh().then(() => again.current?.());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refresh]);
}
