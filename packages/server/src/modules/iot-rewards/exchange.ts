/**
 * Coupon exchange (API.md §4 couponExchangeList, exchangeCoupon; SCREENS §4 couponExchange): coupons a
 * card buys with coupon coins. One exchange is one transaction under the card's row lock — stock
 * (`stock >= 1`, else 30001), the per-card limit, the coin debit (`moveCoins`, type 2, -1 券币不足) and
 * the coupon (未使用, valid `validDays` from now) — and is idempotent by the client's `uuid`.
 */
import { CouponStatus, ErrorCode, fenToYuan } from '@haoka/contract';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { requestHash } from '../../lib/request-hash.js';
import { moveCoins, toCoupon } from '../iot-buy/index.js';
import * as buyRepo from '../iot-buy/repository.js';
import type { SimRow } from '../iot-core/card.js';
import { DAY_MS } from './calendar.js';
import * as repo from './repository.js';

function toExchangeItem(row: repo.ExchangeRow, exchangedTimes: number) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    amount: fenToYuan(row.amount_fen),
    discount: row.discount,
    threshold: fenToYuan(row.threshold_fen),
    scope: row.scope === 'package' ? ('package' as const) : ('all' as const),
    validDays: row.valid_days,
    coinPrice: row.coin_price,
    stock: row.stock,
    limitTimes: row.limit_times,
    exchangedTimes,
  };
}

/** GET /api/iot/couponExchangeList: the card promoter's items in shelf order, with the card's coins. */
export async function listCouponExchange(db: Db, sim: SimRow, paging: { page: number; pageSize: number }) {
  const { rows, total } = await repo.pageExchanges(db, sim.promo_code, paging.page, paging.pageSize);
  const counts = await repo.countExchangesByItem(
    db,
    sim.id,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => toExchangeItem(r, counts.get(r.id) ?? 0)),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    couponCoin: sim.coupon_coin,
  };
}

/** The answer to an exchange, or to its repeat: the coupon as it stands and the card's coins now. */
async function answerOf(db: Db, simId: number, couponId: number) {
  const [coupon, card] = await Promise.all([buyRepo.findCoupon(db, couponId), buyRepo.findSimById(db, simId)]);
  if (!coupon || !card) throw fail('exchangeGone');
  const usable = coupon.status === CouponStatus.UNUSED && coupon.end_at > Date.now();
  return { coupon: toCoupon(coupon, usable ? null : 'couponUnavailable'), couponCoin: card.coupon_coin };
}

/** POST /api/iot/exchangeCoupon. */
export async function exchangeCoupon(
  db: Db,
  sim: SimRow,
  input: { exchangeId: number; uuid: string },
  now = Date.now(),
) {
  const hash = requestHash(input);
  const repeat = async (record: repo.ExchangeRecordRow) => {
    if (record.request_hash !== hash) throw fail('duplicateRequest');
    return answerOf(db, sim.id, record.coupon_id);
  };
  const earlier = await repo.findExchangeRecordByUuid(db, sim.id, input.uuid);
  if (earlier) return repeat(earlier);

  const item = await repo.findExchange(db, input.exchangeId);
  if (item?.enabled !== 1 || (item.promo_code !== '' && item.promo_code !== sim.promo_code)) {
    throw fail('exchangeGone');
  }
  let couponId: number;
  try {
    couponId = await inTransaction(db, async (tx) => {
      await buyRepo.lockCard(tx, sim.id);
      if (!(await repo.takeExchangeStock(tx, item.id))) throw new AppError(ErrorCode.SOLD_OUT);
      if (item.limit_times !== null) {
        const done = (await repo.countExchangesByItem(tx, sim.id, [item.id])).get(item.id) ?? 0;
        if (done >= item.limit_times) throw fail('exchangeLimitReached');
      }
      if (item.coin_price > 0) {
        await moveCoins(tx, sim.id, -item.coin_price, { type: 2, remark: `兑换优惠券：${item.name}` }, now);
      }
      const id = await repo.insertCoupon(tx, {
        sim_id: sim.id,
        name: item.name,
        type: item.type,
        amount_fen: item.amount_fen,
        discount: item.discount,
        threshold_fen: item.threshold_fen,
        scope: item.scope,
        package_ids_json: item.package_ids_json,
        status: CouponStatus.UNUSED,
        start_at: now,
        end_at: now + item.valid_days * DAY_MS,
        order_sn: null,
        source: 'exchange',
        created_at: now,
        updated_at: now,
      });
      await repo.insertExchangeRecord(tx, {
        sim_id: sim.id,
        exchange_id: item.id,
        coupon_id: id,
        coin_price: item.coin_price,
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
      });
      return id;
    });
  } catch (error) {
    // The same intent sent twice at once: the loser of the unique (card, uuid) answers the winner's coupon.
    const again = await repo.findExchangeRecordByUuid(db, sim.id, input.uuid);
    if (again) return repeat(again);
    throw error;
  }
  return answerOf(db, sim.id, couponId);
}
