/** POST /api/shop/order/comment: the buyer reviews a completed number order, once (design.md "Number reviews"). */
import { type EndpointData, type EndpointInput, orderApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export function reviewOrder(
  input: EndpointInput<typeof orderApi.reviewShopOrder>,
): Promise<EndpointData<typeof orderApi.reviewShopOrder>> {
  return request(orderApi.reviewShopOrder, input);
}
