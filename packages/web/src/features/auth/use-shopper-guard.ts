/**
 * 我的订单 needs a shopper login (SCREENS §1 order/index). Without a stored login the page is replaced by
 * the order login at once, with the page as redirect: nothing is asked of the server, so a first visit is
 * not told 登录超时. A stored login the server no longer knows answers 61, and the request wrapper says so.
 * Only the state at mount is checked; logout and 61 navigate on their own.
 */
import { useEffect } from 'react';
import { currentUrl, redirectTo, SHOP_LOGIN_PATH } from '../../platform/navigation';
import { isLoggedIn, useUserStore } from '../../stores/user';

/** Whether a shopper is logged in; sends a visitor who is not to the order login. */
export function useShopperGuard(): boolean {
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  useEffect(() => {
    if (!isLoggedIn(useUserStore.getState())) redirectTo(SHOP_LOGIN_PATH, { redirect: currentUrl() });
  }, []);
  return loggedIn;
}
