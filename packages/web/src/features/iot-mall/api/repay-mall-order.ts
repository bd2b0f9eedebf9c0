/**
 * POST /api/iot/repayShopOrder (API.md §4): pay the cash part of an unpaid order from the balance (with
 * the pay password; 41001 and 41002 are the cashier's own) or online (a PayLaunch to follow). 30003 (the
 * order closed) is the wrapper's 温馨提示 dialog.
 */
import { type EndpointInput, ErrorCode, iotMallApi, type PayLaunch } from '@haoka/contract';
import { request } from '../../../platform/request';

export type RepayMallOrderBody = EndpointInput<typeof iotMallApi.repayMallOrder>;

export const REPAY_SILENT = [ErrorCode.VERIFY_REQUIRED, ErrorCode.PRECONDITION_REQUIRED] as const;

export function repayMallOrder(body: RepayMallOrderBody): Promise<PayLaunch> {
  return request(iotMallApi.repayMallOrder, body, { silentCodes: REPAY_SILENT });
}
