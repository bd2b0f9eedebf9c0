/** The 'shop' order kind of the payment core: how shop orders are read and moved by payments. */
import { orderKindOf } from '@haoka/contract';
import { activeShopperMobile } from '../../http/sessions.js';
import type { PayableKind } from '../payments/kinds.js';
import * as repo from './repository.js';

export const shopKind: PayableKind = {
  kind: 'shop',
  async find(db, orderSn) {
    if (orderKindOf(orderSn) !== 'shop') return undefined;
    const row = await repo.findOrderBySn(db, orderSn);
    if (!row) return undefined;
    return {
      orderSn,
      kind: 'shop',
      amountFen: row.pay_amount_fen,
      payStatus: row.pay_status,
      orderStatus: row.order_status,
      // Only an order waiting for payment (status 0) can be paid.
      expireAt: row.order_status === 0 ? row.expire_at : 0,
      paidAt: row.paid_at,
      description: row.title,
    };
  },
  async markPaying(tx, orderSn, payType) {
    await repo.moveOrder(tx, orderSn, { orderStatus: [0], payStatus: [0, 1] }, { pay_status: 1, pay_type: payType });
  },
  async markPaid(tx, orderSn, paid) {
    const moved = await repo.moveOrder(
      tx,
      orderSn,
      { orderStatus: [0], payStatus: [0, 1] },
      { pay_status: 2, order_status: 1, paid_at: paid.paidAt, trade_no: paid.tradeNo },
    );
    if (!moved) return false;
    const row = await repo.findOrderBySn(tx, orderSn);
    if (row?.number_id != null) {
      // The reserved number is sold (SCREENS §5.1 step 5).
      await repo.moveOrderNumber(tx, row.number_id, orderSn, 3, [2]);
    }
    return true;
  },
  async markRefunded(tx, orderSn) {
    await repo.moveOrder(tx, orderSn, { payStatus: [2, 3, 4] }, { pay_status: 5 });
  },
  /** The owner only: the buyer key that created it, or the shopper with its mobile. */
  async canRead(db, orderSn, req) {
    const row = await repo.findOrderBySn(db, orderSn);
    if (!row) return false;
    if (req.client.orderSessionId !== '' && row.order_session_id === req.client.orderSessionId) return true;
    return activeShopperMobile(await req.loadSession()) === row.contact_mobile;
  },
  returnPath(orderSn) {
    return `/pages/order/pay/index?orderSn=${orderSn}&from=pay`;
  },
};
