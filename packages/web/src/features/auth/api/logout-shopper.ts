/**
 * POST /api/shop/logout (API.md §6; always 0): ends the shopper session on the server, then forgets the
 * stored user and session id here and drops the cached orders, whatever the server answered.
 */
import { orderApi } from '@haoka/contract';
import type { QueryClient } from '../../../platform/query';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';
import { useUserStore } from '../../../stores/user';
import { ORDERS_KEY } from '../../order/api/list-orders';

export async function logoutShopper(client?: QueryClient): Promise<void> {
  try {
    await request(orderApi.shopLogout, {}, { hideError: true });
  } catch {
    // logged out here anyway
  }
  forgetShopper(client);
}

/** The local half of a logout, also used when the server says the session is gone (61). */
export function forgetShopper(client?: QueryClient): void {
  useUserStore.getState().clearUser();
  useLayoutStore.getState().patchLayout({ sessionId: '' });
  client?.removeQueries({ queryKey: [ORDERS_KEY] });
}
