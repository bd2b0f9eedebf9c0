/**
 * The IoT order kinds of the payment core (package, recharge, recharge activity): how their orders are
 * read and moved by a payment. Only the card that owns an order may poll its status (else 34061).
 */
import { ErrorCode, PayStatus } from '@haoka/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { useCard } from '../../http/sessions.js';
import type { SyncCard } from '../iot-core/card.js';
import type { PayableKind } from '../payments/kinds.js';
import { markCouponOrderPaid } from './activities.js';
import { activatePackageOrder, markPackagePaid } from './package-effects.js';
import { afterBalancePaid, markBalancePaid } from './recharge.js';
import * as repo from './repository.js';

/** The owner's card session, and it is the card the request is acting for; else 34061. */
async function ownerOnly(db: DbOrTx, simId: number | undefined, req: FastifyRequest): Promise<boolean> {
  if (simId === undefined) return false;
  const sim = await repo.findSimById(db, simId);
  const session = await req.loadSession();
  if (!sim || !session || req.client.simNo !== sim.sim_no || !(await useCard(db, session.id, sim.sim_no))) {
    throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
  }
  return true;
}

/** Only an order waiting for payment has a payable window. */
const payableUntil = (status: number, expireAt: number | null) => (status === 0 ? expireAt : 0);

export const packageKind: PayableKind = {
  kind: 'package',
  async find(db, orderSn) {
    const row = await repo.findPackageOrder(db, orderSn);
    if (!row) return undefined;
    return {
      orderSn,
      kind: 'package',
      amountFen: row.pay_amount_fen,
      payStatus: row.pay_status,
      orderStatus: row.status,
      expireAt: payableUntil(row.status, row.expire_at),
      paidAt: row.paid_at,
      description: `套餐订购：${row.package_name}`,
    };
  },
  async markPaying(tx, orderSn, payType) {
    await repo.movePackageOrder(tx, orderSn, { status: [0], payStatus: [0, 1] }, { pay_status: 1, pay_type: payType });
  },
  markPaid: (tx, orderSn, paid) => markPackagePaid(tx, orderSn, paid),
  async afterPaid(ctx, orderSn) {
    await activatePackageOrder(ctx, orderSn);
  },
  async markRefunded(tx, orderSn) {
    await repo.movePackageOrder(tx, orderSn, { payStatus: [2, 3, 4] }, { pay_status: PayStatus.REFUNDED });
  },
  async canRead(db, orderSn, req) {
    return ownerOnly(db, (await repo.findPackageOrder(db, orderSn))?.sim_id, req);
  },
  returnPath: (orderSn) => `/pages/iot/index/package/details/index?orderSn=${orderSn}&from=pay`,
};

/** The recharge kind; a paid recharge that settles arrears resumes and syncs the card (`syncCard`). */
export const balanceKind = (syncCard: SyncCard): PayableKind => ({
  kind: 'balance',
  async find(db, orderSn) {
    const row = await repo.findBalanceOrder(db, orderSn);
    if (!row) return undefined;
    return {
      orderSn,
      kind: 'balance',
      amountFen: row.amount_fen,
      payStatus: row.pay_status,
      orderStatus: row.status,
      expireAt: payableUntil(row.status, row.expire_at),
      paidAt: row.paid_at,
      description: `余额充值：${row.recharge_no}`,
    };
  },
  async markPaying(tx, orderSn, payType) {
    await repo.moveBalanceOrder(tx, orderSn, { status: [0], payStatus: [0, 1] }, { pay_status: 1, pay_type: payType });
  },
  markPaid: (tx, orderSn, paid) => markBalancePaid(tx, orderSn, paid),
  afterPaid: (ctx, orderSn) => afterBalancePaid(ctx, orderSn, syncCard),
  async markRefunded(tx, orderSn) {
    await repo.moveBalanceOrder(tx, orderSn, { payStatus: [2, 3, 4] }, { pay_status: PayStatus.REFUNDED });
  },
  async canRead(db, orderSn, req) {
    return ownerOnly(db, (await repo.findBalanceOrder(db, orderSn))?.sim_id, req);
  },
  returnPath: (orderSn) => `/pages/iot/index/balance/pay/index?orderSn=${orderSn}&from=pay`,
});

export const couponKind: PayableKind = {
  kind: 'coupon',
  async find(db, orderSn) {
    const row = await repo.findCouponOrder(db, orderSn);
    if (!row) return undefined;
    return {
      orderSn,
      kind: 'coupon',
      amountFen: row.pay_amount_fen,
      payStatus: row.pay_status,
      orderStatus: row.status,
      expireAt: payableUntil(row.status, row.expire_at),
      paidAt: row.paid_at,
      description: `充值活动：${row.activity_name}`,
    };
  },
  async markPaying(tx, orderSn, payType) {
    await repo.moveCouponOrder(tx, orderSn, { status: [0], payStatus: [0, 1] }, { pay_status: 1, pay_type: payType });
  },
  markPaid: (tx, orderSn, paid) => markCouponOrderPaid(tx, orderSn, paid),
  async markRefunded(tx, orderSn) {
    await repo.moveCouponOrder(tx, orderSn, { payStatus: [2, 3, 4] }, { pay_status: PayStatus.REFUNDED });
  },
  async canRead(db, orderSn, req) {
    return ownerOnly(db, (await repo.findCouponOrder(db, orderSn))?.sim_id, req);
  },
  returnPath: (orderSn) => `/pages/iot/index/couponChoose/pay/index?orderSn=${orderSn}&from=pay`,
};
