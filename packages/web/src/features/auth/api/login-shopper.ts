/**
 * POST /api/shop/login (API.md §6): the order-query login. The session id and the user it answers are
 * stored (stores/user, layout.sessionId); every query of the shopper's orders is dropped so lists load
 * for the new session.
 */
import { type EndpointData, type EndpointInput, orderApi } from '@haoka/contract';
import type { QueryClient } from '../../../platform/query';
import { request } from '../../../platform/request';
import { useLayoutStore } from '../../../stores/layout';
import { useUserStore } from '../../../stores/user';
import { ORDERS_KEY } from '../../order/api/list-orders';

export type LoginBody = EndpointInput<typeof orderApi.shopLogin>;
export type LoginAnswer = EndpointData<typeof orderApi.shopLogin>;

export async function loginShopper(body: LoginBody, client?: QueryClient): Promise<LoginAnswer> {
  const answer = await request(orderApi.shopLogin, body);
  useLayoutStore.getState().patchLayout({ sessionId: answer.sessionId });
  useUserStore.getState().setUser({
    mobile: answer.user.mobile || body.mobile,
    nickname: answer.user.nickname,
    avatar: answer.user.avatar,
  });
  client?.removeQueries({ queryKey: [ORDERS_KEY] });
  return answer;
}
