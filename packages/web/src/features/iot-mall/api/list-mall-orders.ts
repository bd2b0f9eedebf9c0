/** GET /api/iot/shopOrderList (API.md §4): the card's mall orders of one status (or all), newest first. */
import { type IntegralShopOrder, iotMallApi, type Page } from '@haoka/contract';
import { request } from '../../../platform/request';
import { MALL_KEY } from '../query-keys';

export const mallOrdersKey = (simNo: string, status: number | null) =>
  [MALL_KEY, 'orders', simNo, status ?? 'all'] as const;

export function listMallOrders(query: {
  status?: number | undefined;
  page: number;
  pageSize: number;
}): Promise<Page<IntegralShopOrder>> {
  return request(iotMallApi.listMallOrders, query);
}
