/**
 * VIP privileges the server honours. A privilege is `{icon, title, desc}`; its `icon` short code names
 * what it does. `points` (积分加倍) doubles the points of sign-ins and task rewards while the membership
 * is valid; the others are service promises the shop keeps by hand (专属客服 …) and only shown.
 */
import type { DbOrTx } from '../../db/database.js';
import { currentOrderRow, isValidAt, parsePrivileges } from './view.js';

export const POINTS_PRIVILEGE = 'points';

/** How many times the card's sign-in and task points count now: 2 with a valid 积分加倍 membership, else 1. */
export async function memberPointsFactor(db: DbOrTx, simId: number, now = Date.now()): Promise<number> {
  const vip = await currentOrderRow(db, simId, 'vip', now);
  if (!vip || !isValidAt(vip, now)) return 1;
  return parsePrivileges(vip.privileges_json).items.some((p) => p.icon === POINTS_PRIVILEGE) ? 2 : 1;
}
