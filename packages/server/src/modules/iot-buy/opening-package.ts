/**
 * The package a card opened with (开卡套餐): a card whose pool already has flow when it enters the shop
 * (a demo card, or a card imported with `totalFlowMb`) holds it as a ¥0 package order, 生效中 until the
 * card's end date, with the pool and its usage. So 套餐详情 and the package orders agree with the card
 * home, and the pool shrinks by it again when it expires (the package lifecycle job).
 */
import { OPENING_PACKAGE_NAME, PayStatus } from '@haoka/contract';
import type { Tx } from '../../db/database.js';
import { newOrderSn } from '../../lib/order-sn.js';
import * as repo from './repository.js';

const DAY_MS = 24 * 3600_000;
/** A card without an end date holds its opening package for a year. */
const OPEN_ENDED_MONTHS = 12;

/**
 * The opening package's order number: the card's creation second and its id, so that cards created
 * in the same second (an import) never share one.
 */
function openingOrderSn(simId: number, createdAt: number): string {
  return newOrderSn('package', createdAt).slice(0, -6) + String(simId % 1_000_000).padStart(6, '0');
}

/**
 * Gives every card with flow in its pool and no package order yet its opening package; only the cards
 * `simIds` names when given. Idempotent: a card with any package order is left alone.
 */
export async function openPackages(tx: Tx, now = Date.now(), simIds?: readonly number[]): Promise<number> {
  if (simIds && simIds.length === 0) return 0;
  const cards = await repo.listCardsWithoutPackageOrders(tx, simIds);
  for (const card of cards) {
    const startAt = card.created_at;
    // Its run in whole months, as the package lists show it.
    const months = card.end_at ? Math.max(1, Math.round((card.end_at - startAt) / (30 * DAY_MS))) : OPEN_ENDED_MONTHS;
    await repo.insertPackageOrder(tx, {
      order_sn: openingOrderSn(card.id, startAt),
      sim_id: card.id,
      package_id: 0,
      package_name: OPENING_PACKAGE_NAME,
      package_type: 1,
      flow_mb: card.is_infinite_flow ? 0 : card.total_flow,
      use_flow: Math.min(card.use_flow, card.total_flow),
      is_infinite_flow: card.is_infinite_flow,
      duration: months,
      duration_unit: 2,
      price_fen: 0,
      coupon_id: null,
      coupon_fen: 0,
      pay_amount_fen: 0,
      pay_type: 'balance',
      effect_type: 1,
      status: 2,
      pay_status: PayStatus.PAID,
      start_at: startAt,
      end_at: card.end_at,
      expire_at: null,
      paid_at: startAt,
      trade_no: null,
      activated_at: startAt,
      applied_at: startAt,
      refund_at: null,
      remark: OPENING_PACKAGE_NAME,
      source: 'opening',
      uuid: `opening-${card.id}`,
      request_hash: '',
      created_at: startAt,
      updated_at: now,
    });
  }
  return cards.length;
}
