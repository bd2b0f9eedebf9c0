/**
 * The card's points and coupon-coin ledgers (API.md §4 simIntegralLogList, couponCoinLogList), newest
 * first. Every line is written by `moveIntegral` / `moveCoins` (iot-buy/ledger.ts), so the lines of a
 * card sum to its points and coins; each list also answers the card's current total.
 */
import type { Db } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/card.js';
import * as repo from './repository.js';

interface LedgerQuery {
  page: number;
  pageSize: number;
  type?: number | undefined;
}

/** GET /api/iot/simIntegralLogList. */
export async function listIntegralLogs(db: Db, sim: SimRow, query: LedgerQuery) {
  const { rows, total } = await repo.pageIntegralLogs(db, sim.id, query.type, query.page, query.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      points: r.points,
      integralAfter: r.integral_after,
      orderSn: r.order_sn,
      remark: r.remark,
      createdAt: formatDateTime(r.created_at),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    integral: sim.integral,
  };
}

/** GET /api/iot/couponCoinLogList. */
export async function listCoinLogs(db: Db, sim: SimRow, query: LedgerQuery) {
  const { rows, total } = await repo.pageCoinLogs(db, sim.id, query.type, query.page, query.pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      coin: r.coin,
      coinAfter: r.coin_after,
      orderSn: r.order_sn,
      remark: r.remark,
      createdAt: formatDateTime(r.created_at),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    couponCoin: sim.coupon_coin,
  };
}
