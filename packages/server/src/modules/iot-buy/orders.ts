/**
 * The card's orders and ledger as the holder reads them (API.md §4 simPackageList, simBalanceList,
 * simBalanceLogList) and the IoT cashier (ADDED orderInfo, payOrder): one card sees only its own orders.
 */
import {
  type BalanceLog,
  type BalanceOrder,
  fenToYuan,
  type OnlinePayType,
  type OrderKind,
  orderKindOf,
  type PackageOrder,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/card.js';
import { launchPayment } from '../payments/service.js';
import * as repo from './repository.js';
import { onlinePayTypes, type PayContext } from './shared.js';

const at = (ms: number | null) => (ms === null ? null : formatDateTime(ms));
const round2 = (n: number) => Math.round(n * 100) / 100;

export function toPackageOrder(row: repo.PackageOrderRow): PackageOrder {
  return {
    orderSn: row.order_sn,
    packageId: row.package_id,
    packageName: row.package_name,
    packageType: row.package_type,
    flow: row.flow_mb,
    useFlow: round2(row.use_flow),
    isInfiniteFlow: row.is_infinite_flow ? 1 : 0,
    duration: row.duration,
    durationUnit: row.duration_unit,
    price: fenToYuan(row.price_fen),
    actualPayMoney: fenToYuan(row.pay_amount_fen),
    couponAmount: fenToYuan(row.coupon_fen),
    payType: row.pay_type,
    effectType: row.effect_type,
    status: row.status,
    startAt: at(row.start_at),
    endAt: at(row.end_at),
    createdAt: formatDateTime(row.created_at),
  };
}

function toBalanceOrder(row: repo.BalanceOrderRow): BalanceOrder {
  return {
    orderSn: row.order_sn,
    amount: fenToYuan(row.amount_fen),
    gift: fenToYuan(row.gift_fen),
    payType: row.pay_type,
    status: row.status,
    rechargeNo: row.recharge_no,
    paidAt: at(row.paid_at),
    createdAt: formatDateTime(row.created_at),
    expireAt: at(row.expire_at),
  };
}

function toBalanceLog(row: {
  id: number;
  type: number;
  amount_fen: number;
  balance_after_fen: number;
  order_sn: string;
  remark: string;
  created_at: number;
}): BalanceLog {
  return {
    id: row.id,
    type: row.type,
    amount: fenToYuan(row.amount_fen),
    balanceAfter: fenToYuan(row.balance_after_fen),
    orderSn: row.order_sn,
    remark: row.remark,
    createdAt: formatDateTime(row.created_at),
  };
}

interface Paging {
  page: number;
  pageSize: number;
}

export async function listPackageOrders(db: DbOrTx, sim: SimRow, input: Paging & { status?: number[] | undefined }) {
  const { rows, total } = await repo.pagePackageOrders(db, sim.id, input.status, input.page, input.pageSize);
  return { list: rows.map(toPackageOrder), total, page: input.page, pageSize: input.pageSize };
}

export async function listBalanceOrders(db: DbOrTx, sim: SimRow, input: Paging & { status?: number | undefined }) {
  const { rows, total } = await repo.pageBalanceOrders(db, sim.id, input.status, input.page, input.pageSize);
  return { list: rows.map(toBalanceOrder), total, page: input.page, pageSize: input.pageSize };
}

export async function listBalanceLogs(db: DbOrTx, sim: SimRow, input: Paging & { type?: number | undefined }) {
  const { rows, total } = await repo.pageBalanceLogs(db, sim.id, input.type, input.page, input.pageSize);
  return { list: rows.map(toBalanceLog), total, page: input.page, pageSize: input.pageSize };
}

type CashierKind = Extract<OrderKind, 'package' | 'balance' | 'coupon'>;

/** An order of this card that an IoT cashier can show; another card's order is "not found". */
async function cashierOrder(db: DbOrTx, simId: number, orderSn: string) {
  const kind = orderKindOf(orderSn);
  const base = { kind: kind as CashierKind };
  if (kind === 'package') {
    const row = await repo.findPackageOrder(db, orderSn);
    if (row?.sim_id === simId) {
      return {
        ...base,
        title: row.package_name,
        amountFen: row.pay_amount_fen,
        giftFen: 0,
        arrearsFen: 0,
        couponFen: row.coupon_fen,
        row,
        status: row.status,
      };
    }
  } else if (kind === 'balance') {
    const row = await repo.findBalanceOrder(db, orderSn);
    if (row?.sim_id === simId) {
      return {
        ...base,
        title: `余额充值 ¥${fenToYuan(row.amount_fen)}`,
        amountFen: row.amount_fen,
        giftFen: row.gift_fen,
        arrearsFen: row.arrears_paid_fen,
        couponFen: 0,
        row,
        status: row.status,
      };
    }
  } else if (kind === 'coupon') {
    const row = await repo.findCouponOrder(db, orderSn);
    if (row?.sim_id === simId) {
      return {
        ...base,
        title: row.activity_name,
        amountFen: row.pay_amount_fen,
        giftFen: 0,
        arrearsFen: 0,
        couponFen: 0,
        row,
        status: row.status,
      };
    }
  }
  throw fail('orderNotFound');
}

/** GET /api/iot/orderInfo (ADDED). */
export async function getCashierOrder(ctx: AppContext, sim: SimRow, orderSn: string) {
  const order = await cashierOrder(ctx.db, sim.id, orderSn);
  const { row } = order;
  return {
    orderSn,
    kind: order.kind,
    title: order.title,
    payAmount: fenToYuan(order.amountFen),
    gift: fenToYuan(order.giftFen),
    arrearsPaid: fenToYuan(order.arrearsFen),
    couponAmount: fenToYuan(order.couponFen),
    payType: row.pay_type,
    payStatus: row.pay_status,
    orderStatus: order.status,
    expireAt: order.status === 0 ? at(row.expire_at) : null,
    paidAt: at(row.paid_at),
    createdAt: formatDateTime(row.created_at),
    payTypes: await onlinePayTypes(ctx.db, sim, ctx.payments.payTypes),
  };
}

/** POST /api/iot/payOrder (ADDED): launch or re-launch the online payment of an unpaid order. */
export async function payCashierOrder(
  ctx: AppContext,
  sim: SimRow,
  input: { orderSn: string; payType: OnlinePayType },
  pay: PayContext,
) {
  const order = await cashierOrder(ctx.db, sim.id, input.orderSn);
  if (order.row.pay_type === 'balance') throw fail('balancePaidOrder');
  return launchPayment(ctx, { kind: order.kind, orderSn: input.orderSn, payType: input.payType, ...pay });
}
