/** GET /api/iot/simBalanceList (API.md §4): the card's recharge orders, newest first. */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type BalanceOrderPage = EndpointData<typeof iotBuyApi.listSimBalanceOrders>;

export const simBalanceOrdersKey = (simNo: string) => [BUY_KEY, 'balanceOrders', simNo] as const;

export function listSimBalanceOrders(query: {
  page: number;
  pageSize: number;
  status?: number;
}): Promise<BalanceOrderPage> {
  return request(iotBuyApi.listSimBalanceOrders, query);
}
