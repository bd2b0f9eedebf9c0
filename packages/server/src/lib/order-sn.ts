/** Order numbers: prefix + yyyyMMddHHmmss (Asia/Shanghai) + 6 random digits (API.md §0 "Scalars"). */
import { randomInt } from 'node:crypto';
import { ORDER_SN_PREFIX, type OrderKind } from '@haoka/contract';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export function newOrderSn(kind: OrderKind, now = Date.now()): string {
  const stamp = new Date(now + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${ORDER_SN_PREFIX[kind]}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Today's calendar date in Asia/Shanghai as [year, month, day]. */
export function shanghaiToday(now = Date.now()): [number, number, number] {
  const d = new Date(now + SHANGHAI_OFFSET_MS);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
