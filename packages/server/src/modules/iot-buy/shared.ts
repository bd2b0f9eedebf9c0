/** What the card's buying endpoints share: the unpaid window, the launch context, the card's pay types. */
import { fenToYuan, type OnlinePayType, PayStatus } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { narrowPayTypes } from '../../gateways/payment/payment-gateway.js';
import type { SimRow } from '../iot-core/repository.js';
import { type LaunchClient, launchPayment } from '../payments/service.js';
import { findPromoterByCode } from '../site/repository.js';
import { toBaseConfig } from '../site/service.js';

/** API.md §7: IoT orders left unpaid for 15 minutes are closed. */
export const UNPAID_TTL_MS = 15 * 60_000;

/** Where a payment is launched from (passed on to the payment core). */
export interface PayContext extends LaunchClient {
  returnUrl?: string | undefined;
}

/**
 * The online pay types the card's promoter offers (its showPaymentType, both when it has none), of those
 * the payment providers take (`offered`: ctx.payments.payTypes).
 */
export async function onlinePayTypes(
  db: DbOrTx,
  sim: SimRow,
  offered: readonly OnlinePayType[],
): Promise<OnlinePayType[]> {
  const promoter = sim.promo_code ? await findPromoterByCode(db, sim.promo_code) : undefined;
  const types = promoter?.enabled ? toBaseConfig(promoter).showPaymentType : [];
  return narrowPayTypes(types.length > 0 ? types : ['wxpay', 'alipay'], offered);
}

/** Balance first, then the online types. */
export async function cardPayTypes(
  db: DbOrTx,
  sim: SimRow,
  offered: readonly OnlinePayType[],
): Promise<('balance' | OnlinePayType)[]> {
  return ['balance', ...(await onlinePayTypes(db, sim, offered))];
}

/**
 * A repeated create of an online-paid order (same uuid, same body): an order still unpaid launches its
 * payment again; one already paid or closed is answered as it stands.
 */
export function relaunchOrder(
  ctx: AppContext,
  kind: 'balance' | 'coupon',
  order: { order_sn: string; status: number; pay_status: number; pay_type: string },
  amountFen: number,
  pay: PayContext,
) {
  const payType = order.pay_type as OnlinePayType;
  if (order.status !== 0) {
    return Promise.resolve({
      orderSn: order.order_sn,
      payAmount: fenToYuan(amountFen),
      payType,
      payStatus: order.pay_status,
      paid: order.pay_status === PayStatus.PAID,
      expireAt: null,
    });
  }
  return launchPayment(ctx, { kind, orderSn: order.order_sn, payType, ...pay });
}
