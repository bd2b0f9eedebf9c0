/**
 * Following a PayLaunch (API.md §0) from an IoT create or pay call, like the shop cashier: a payUrl leaves
 * the app for the provider's page (which returns to the cashier with &from=pay); WeChat's in-app JSAPI
 * pays in a sheet and then the cashier looks for the result; a paid launch goes straight to the result;
 * a launch with neither goes to the cashier, where the holder can pay.
 */
import type { PayLaunch } from '@haoka/contract';
import { navigateTo } from '../../platform/navigation';
import { isLaunchPaid, openPayUrl, payInWeixin } from '../order/pay-launch';

/** Where a launch leads: the provider's page, or the cashier at `cashierPath` (replacing the page if asked). */
export async function followLaunch(launch: PayLaunch, cashierPath: string, replace = false): Promise<void> {
  const go = (query: Record<string, string>) => navigateTo(cashierPath, query, { replace });
  if (isLaunchPaid(launch)) return go({ orderSn: launch.orderSn, from: 'pay' });
  if (launch.payUrl) return openPayUrl(launch.payUrl);
  if (launch.jsapi) {
    await payInWeixin(launch.jsapi);
    return go({ orderSn: launch.orderSn, from: 'pay' });
  }
  return go({ orderSn: launch.orderSn });
}
