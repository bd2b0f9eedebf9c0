/**
 * The payment core's order kinds 'vip' and 'accelerate': how their orders are read and moved by a
 * payment. Only the card that owns an order may poll its status (else 34061).
 */
import { ErrorCode, PayStatus } from '@haoka/contract';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { useCard } from '../../http/sessions.js';
import { findSimById } from '../iot-buy/repository.js';
import type { PayableKind } from '../payments/kinds.js';
import { applySpeed, KIND_LABEL, markMemberPaid } from './lifecycle.js';
import * as repo from './repository.js';

export const VIP_PAY_PATH = '/pages-sub/iot/vip/pay/index';
export const ACCELERATE_CASHIER_PATH = '/pages-sub/iot/index/accelerate/cashier';

/** The owner's card session, acting for that card; else 34061. */
async function ownerOnly(db: DbOrTx, simId: number | undefined, req: FastifyRequest): Promise<boolean> {
  if (simId === undefined) return false;
  const sim = await findSimById(db, simId);
  const session = await req.loadSession();
  if (!sim || !session || req.client.simNo !== sim.sim_no || !(await useCard(db, session.id, sim.sim_no))) {
    throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
  }
  return true;
}

function memberKind(kind: repo.MemberKind, payPath: string): PayableKind {
  const own = async (db: DbOrTx, orderSn: string) => {
    const row = await repo.findOrder(db, orderSn);
    return row?.kind === kind ? row : undefined;
  };
  return {
    kind,
    async find(db, orderSn) {
      const row = await own(db, orderSn);
      if (!row) return undefined;
      return {
        orderSn,
        kind,
        amountFen: row.pay_amount_fen,
        payStatus: row.pay_status,
        orderStatus: row.status,
        // Only an order waiting for payment has a payable window.
        expireAt: row.status === 0 ? row.expire_at : 0,
        paidAt: row.paid_at,
        description: `${KIND_LABEL[kind]}：${row.name}`,
      };
    },
    async markPaying(tx, orderSn, payType) {
      await repo.moveOrder(tx, orderSn, { status: [0], payStatus: [0, 1] }, { pay_status: 1, pay_type: payType });
    },
    markPaid: (tx, orderSn, paid) => markMemberPaid(tx, orderSn, paid),
    async afterPaid(ctx, orderSn) {
      if (kind === 'accelerate') await applySpeed(ctx, orderSn);
    },
    async markRefunded(tx, orderSn) {
      await repo.moveOrder(tx, orderSn, { payStatus: [2, 3, 4] }, { pay_status: PayStatus.REFUNDED });
    },
    async canRead(db, orderSn, req) {
      return ownerOnly(db, (await own(db, orderSn))?.sim_id, req);
    },
    returnPath: (orderSn) => `${payPath}?orderSn=${orderSn}&from=pay`,
  };
}

export const vipKind = memberKind('vip', VIP_PAY_PATH);
export const accelerateKind = memberKind('accelerate', ACCELERATE_CASHIER_PATH);
