/** GET /api/iot/accelerateOrderList (API.md §4): the card's acceleration orders, newest first, by status. */
import { type EndpointData, iotMemberApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type AccelerateOrderPage = EndpointData<typeof iotMemberApi.listAccelerateOrders>;

export const accelerateOrdersKey = (simNo: string, status: number | null) =>
  ['accelerateOrders', simNo, status ?? 'all'] as const;

export function listAccelerateOrders(query: {
  page: number;
  pageSize: number;
  status?: number | undefined;
}): Promise<AccelerateOrderPage> {
  return request(iotMemberApi.listAccelerateOrders, query);
}
