/**
 * The points-mall order kind of the payment core ('integral', orderSn prefix IS): how a payment reads
 * and moves a mall order. Only the card that owns an order may poll its payment status (else 34061).
 */
import { ErrorCode, MallOrderStatus, PayStatus } from '@haoka/contract';
import { AppError } from '../../http/app-error.js';
import { useCard } from '../../http/sessions.js';
import { findSimById } from '../iot-buy/repository.js';
import type { PayableKind } from '../payments/kinds.js';
import { markMallPaid } from './orders.js';
import * as repo from './repository.js';

/** The cashier the provider's page returns to; it shows the result, then the order. */
export const MALL_CASHIER_PATH = '/pages-sub/iot/integralShop/details/cashier';

export const integralKind: PayableKind = {
  kind: 'integral',
  async find(db, orderSn) {
    const row = await repo.findOrder(db, orderSn);
    if (!row) return undefined;
    return {
      orderSn,
      kind: 'integral',
      amountFen: row.pay_amount_fen,
      payStatus: row.pay_status,
      orderStatus: row.status,
      // Only an order waiting for payment has a payable window.
      expireAt: row.status === MallOrderStatus.UNPAID ? row.expire_at : null,
      paidAt: row.paid_at,
      description: `积分商城：${row.goods_name}`,
    };
  },
  async markPaying(tx, orderSn, payType) {
    await repo.moveOrder(
      tx,
      orderSn,
      { status: [MallOrderStatus.UNPAID], payStatus: [PayStatus.UNPAID, PayStatus.PAYING] },
      { pay_status: PayStatus.PAYING, pay_type: payType },
    );
  },
  markPaid: (tx, orderSn, paid) => markMallPaid(tx, orderSn, { tradeNo: paid.tradeNo, paidAt: paid.paidAt }),
  async markRefunded(tx, orderSn) {
    await repo.moveOrder(
      tx,
      orderSn,
      { payStatus: [PayStatus.PAID, PayStatus.CLOSED, PayStatus.REFUNDING] },
      { pay_status: PayStatus.REFUNDED },
    );
  },
  async canRead(db, orderSn, req) {
    const row = await repo.findOrder(db, orderSn);
    const sim = row ? await findSimById(db, row.sim_id) : undefined;
    const session = await req.loadSession();
    if (!sim || !session || req.client.simNo !== sim.sim_no || !(await useCard(db, session.id, sim.sim_no))) {
      throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
    }
    return true;
  },
  returnPath: (orderSn) => `${MALL_CASHIER_PATH}?orderSn=${orderSn}&from=pay`,
};
