/**
 * The payment core's view of an order, whatever its kind (shop order, package, recharge, VIP, …). Each
 * kind registers how to read its orders and how to move them; the core does the provider work (launch,
 * verify, query, close, refund) the same way for every kind. Shop orders register in issue 4, the IoT
 * kinds later.
 */

import type { OrderKind } from '@haoka/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx, Tx } from '../../db/database.js';

export interface PayableOrder {
  orderSn: string;
  kind: OrderKind;
  amountFen: number;
  /** 0 unpaid, 1 paying, 2 paid, 3 closed, 4 refunding, 5 refunded (pay_status). */
  payStatus: number;
  orderStatus: number;
  /** Epoch ms after which the order can no longer be paid. */
  expireAt: number | null;
  paidAt: number | null;
  /** Shown on the provider's cashier. */
  description: string;
}

export interface PaidEvent {
  tradeNo: string;
  paidAt: number;
  amountFen: number;
}

export interface PayableKind {
  kind: OrderKind;
  find(db: DbOrTx, orderSn: string): Promise<PayableOrder | undefined>;
  /** payStatus 0 → 1 when a payment is launched (conditional; a paid or closed order is left alone). */
  markPaying(tx: Tx, orderSn: string, payType: string): Promise<void>;
  /**
   * payStatus 0/1 → 2 with a conditional update, and the kind's side effects (order status, stock,
   * activation), in the caller's transaction. Returns false when the order was not 0/1 (already paid,
   * or closed): then nothing changed.
   */
  markPaid(tx: Tx, orderSn: string, paid: PaidEvent): Promise<boolean>;
  /**
   * Work that reaches an external system once the payment is committed (a package's activation at the
   * operator). Runs after the settlement that moved the order to paid; a failure is logged, and the
   * kind's own job must retry it.
   */
  afterPaid?(ctx: AppContext, orderSn: string): Promise<void>;
  /** A paid order is refunded (late notify for a closed order, audit failure): payStatus → 4/5. */
  markRefunded?(tx: Tx, orderSn: string, refundSn: string): Promise<void>;
  /** Where the browser comes back to after paying: an app hash path. */
  returnPath(orderSn: string): string;
  /**
   * May this request see the order's payment status (GET /api/pay/status)? False answers -1 订单不存在;
   * a kind may throw its own AppError (IoT kinds: 34061). A kind without it is never readable.
   */
  canRead?(db: DbOrTx, orderSn: string, req: FastifyRequest): Promise<boolean>;
}

const kinds = new Map<OrderKind, PayableKind>();

export function registerPayableKind(kind: PayableKind): void {
  kinds.set(kind.kind, kind);
}

export function payableKind(kind: OrderKind): PayableKind | undefined {
  return kinds.get(kind);
}
