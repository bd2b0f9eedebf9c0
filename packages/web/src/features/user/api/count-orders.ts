/**
 * The order badges of 我的 (SCREENS §1 user/index2): the `total` of GET /api/shop/order/list?status=N
 * &pageSize=1 for 待支付 … 已发货, only when logged in. A 61 here means the stored login is stale: the page
 * forgets it and shows the logged-out header instead of going to the login page.
 */
import { ErrorCode } from '@haoka/contract';
import { useEffect } from 'react';
import { useQueries, useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { forgetShopper } from '../../auth/api/logout-shopper';
import { listOrders, orderCountQueryKey } from '../../order/api/list-orders';

export async function countOrders(status: number): Promise<number> {
  const page = await listOrders(
    { status, page: 1, pageSize: 1 },
    { silentCodes: [ErrorCode.SHOP_LOGIN_TIMEOUT], hideError: true },
  );
  return page.total;
}

/** Counts by status (undefined until known); none are asked while logged out. */
export function useOrderCounts(statuses: readonly number[], loggedIn: boolean): (number | undefined)[] {
  const client = useQueryClient();
  const results = useQueries({
    queries: statuses.map((status) => ({
      queryKey: orderCountQueryKey(status),
      queryFn: () => countOrders(status),
      enabled: loggedIn,
    })),
  });
  const sessionGone = results.some((r) => r.error instanceof ApiError && r.error.code === ErrorCode.SHOP_LOGIN_TIMEOUT);
  useEffect(() => {
    if (sessionGone && loggedIn) forgetShopper(client);
  }, [sessionGone, loggedIn, client]);
  return results.map((r) => (loggedIn ? r.data : undefined));
}
