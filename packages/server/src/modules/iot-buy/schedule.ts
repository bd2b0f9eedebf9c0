/**
 * When a package order runs (SCREENS §3 EffectModal): 立即生效 from now, 次月生效 from the first day of
 * next month at 00:00, 到期续接 from the end of the card's current (or last queued) base package. Calendar
 * arithmetic is in Asia/Shanghai, which has no daylight saving, so a fixed +8 h offset is exact.
 */
import { DurationUnit, EffectType } from '@haoka/contract';

const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Shanghai calendar parts of an instant. */
function parts(ms: number) {
  const d = new Date(ms + OFFSET_MS);
  return {
    y: d.getUTCFullYear(),
    m: d.getUTCMonth(),
    d: d.getUTCDate(),
    time: ms + OFFSET_MS - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  };
}

/** `months` calendar months later, the day clamped to the target month's length (Jan 31 + 1 → Feb 28). */
function addMonths(ms: number, months: number): number {
  const p = parts(ms);
  const target = p.y * 12 + p.m + months;
  const y = Math.floor(target / 12);
  const m = target % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(p.d, lastDay)) + p.time - OFFSET_MS;
}

/** The end of a package of `duration` units that starts at `start`. */
export function addDuration(start: number, duration: number, unit: number): number {
  if (unit === DurationUnit.DAY) return start + duration * DAY_MS;
  if (unit === DurationUnit.YEAR) return addMonths(start, duration * 12);
  return addMonths(start, duration);
}

/** 00:00 (Shanghai) of the first day of the month after `ms`. */
export function nextMonthStart(ms: number): number {
  const p = parts(ms);
  return Date.UTC(p.y, p.m + 1, 1) - OFFSET_MS;
}

export interface Schedule {
  startAt: number;
  endAt: number | null;
}

/**
 * The run of an order bought at `now`. `currentEnd` is the end of the card's last active or queued
 * base package (or the card's own end date); a volume package has no end until it is closed.
 */
export function scheduleOf(
  pkg: { package_type: number; duration: number; duration_unit: number },
  effectType: number,
  now: number,
  currentEnd: number | null,
): Schedule {
  if (pkg.package_type === 3) return { startAt: now, endAt: null };
  let startAt = now;
  if (effectType === EffectType.NEXT_MONTH) startAt = nextMonthStart(now);
  else if (effectType === EffectType.AFTER_CURRENT && currentEnd !== null && currentEnd > now) startAt = currentEnd;
  return { startAt, endAt: addDuration(startAt, pkg.duration, pkg.duration_unit) };
}

/** The card's remaining time as shown on the home page (surplusTime + surplusUnit 1 day/2 month/3 year). */
export function surplusOf(endAt: number | null, now: number): { surplus_time: number; surplus_unit: number } {
  if (endAt === null || endAt <= now) return { surplus_time: 0, surplus_unit: DurationUnit.DAY };
  const days = Math.ceil((endAt - now) / DAY_MS);
  if (days >= 730) return { surplus_time: Math.floor(days / 365), surplus_unit: DurationUnit.YEAR };
  if (days >= 60) return { surplus_time: Math.floor(days / 30), surplus_unit: DurationUnit.MONTH };
  return { surplus_time: days, surplus_unit: DurationUnit.DAY };
}
