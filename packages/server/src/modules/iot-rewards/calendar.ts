/**
 * Calendar days and months of the rewards in Asia/Shanghai (UTC+8 without daylight saving, as in
 * lib/time.ts): a sign-in day, a daily task's day and a monthly task's month all turn at 00:00 there.
 */
import { formatDateTime } from '../../lib/time.js';

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 24 * 3600_000;

/** 'YYYY-MM-DD' of the Shanghai day holding `ms`. */
export const dayKeyOf = (ms: number): string => formatDateTime(ms).slice(0, 10);

/** 'YYYY-MM' of the Shanghai month holding `ms`. */
export const monthKeyOf = (ms: number): string => formatDateTime(ms).slice(0, 7);

/** The epoch ms of 00:00 (Shanghai) of the day holding `ms`. */
export const dayStartOf = (ms: number): number =>
  Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;

/** The epoch ms of 00:00 (Shanghai) on the 1st of the month holding `ms`. */
export function monthStartOf(ms: number): number {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - SHANGHAI_OFFSET_MS;
}

/** The day key `days` after (before, if negative) `dayKey`. */
export function shiftDay(dayKey: string, days: number): string {
  return new Date(Date.parse(`${dayKey}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
