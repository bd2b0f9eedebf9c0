/** Order numbers: prefix + yyyyMMddHHmmss (Asia/Shanghai) + 6 random digits (API.md §0 "Scalars"). */
import { randomInt } from 'node:crypto';
import { ORDER_SN_PREFIX, type OrderKind } from '@haoka/contract';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

const SUFFIXES = 1_000_000;
/** Seconds whose issued suffixes this process remembers (a caller may pass a `now` slightly behind). */
const REMEMBERED_SECONDS = 4;
/** The suffixes this process issued, by second (stamp). */
const issued = new Map<string, Set<number>>();

/**
 * A new order number. The suffix is random, and never one this process already issued in the same
 * second: the numbers are unique columns, and at a hundred orders a second two random suffixes would
 * meet about every three minutes. (Two instances can still draw the same one, a chance in a million per
 * pair of orders in one second; the insert then fails and the caller sees an error to retry.)
 */
export function newOrderSn(kind: OrderKind, now = Date.now()): string {
  const stamp = new Date(now + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  let taken = issued.get(stamp);
  if (!taken) {
    taken = new Set();
    issued.set(stamp, taken);
    if (issued.size > REMEMBERED_SECONDS) issued.delete(issued.keys().next().value as string);
  }
  if (taken.size >= SUFFIXES) throw new Error(`every order number of ${stamp} is taken`);
  let suffix: number;
  do suffix = randomInt(0, SUFFIXES);
  while (taken.has(suffix));
  taken.add(suffix);
  return `${ORDER_SN_PREFIX[kind]}${stamp}${String(suffix).padStart(6, '0')}`;
}

/** Today's calendar date in Asia/Shanghai as [year, month, day] (one definition, in the contract). */
export { shanghaiToday } from '@haoka/contract';
