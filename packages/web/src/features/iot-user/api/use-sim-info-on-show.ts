/**
 * GET /api/iot/simInfo each time a 我的 screen shows (SCREENS §4 user/index "calls simInfo on show"):
 * the cached card paints at once and is asked again on every mount, not only when the 30 s stale time
 * is over, so points, coins and the membership are current after a purchase elsewhere. The fetch
 * itself is the shared, throttled one (one call per 1000 ms per card).
 */
import { useQuery } from '../../../platform/query';
import { getSimInfo, simInfoQueryKey, storedSimInfo } from '../../iot-core/api/get-sim-info';

export function useSimInfoOnShow(simNo: string) {
  const query = useQuery({
    queryKey: simInfoQueryKey(simNo),
    queryFn: () => getSimInfo(simNo),
    enabled: simNo !== '',
    placeholderData: () => storedSimInfo(simNo),
    refetchOnMount: 'always',
  });
  const sim = query.data && query.data.simNo === simNo ? query.data : undefined;
  return { ...query, sim };
}
