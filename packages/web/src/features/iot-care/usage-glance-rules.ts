/**
 * Usage at a glance (issue 25 item 2): this month's usage by day and the last 6 months by month, cut from the
 * card's usage history (simHistoryLine, the figures the carrier gateway reported at each sync).
 */
import type { HistoryLine } from '../iot-realname/api/get-sim-history-line';

export const GLANCE_MONTHS = 6;

/** 'YYYY-MM-DD' of `now` in Asia/Shanghai (the days of the usage history). */
export function shanghaiDay(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Days to ask for so that the whole month so far is in the answer (the endpoint takes 7 to 90). */
export function daysThisMonth(now: number): number {
  return Math.max(7, Number(shanghaiDay(now).slice(8, 10)));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function cut(line: HistoryLine, keep: (date: string) => boolean, last?: number): HistoryLine {
  let points = line.points.filter((p) => keep(p.date));
  if (last !== undefined) points = points.slice(-last);
  const totalFlow = round2(points.reduce((sum, p) => sum + p.flow, 0));
  return { type: line.type, points, totalFlow, avgFlow: points.length ? round2(totalFlow / points.length) : 0 };
}

/** The days of the current month (Asia/Shanghai) from a by-day history. */
export function thisMonth(line: HistoryLine, now: number): HistoryLine {
  const month = shanghaiDay(now).slice(0, 7);
  return cut(line, (date) => date.startsWith(month));
}

/** The last `GLANCE_MONTHS` months from a by-month history. */
export function lastMonths(line: HistoryLine): HistoryLine {
  return cut(line, () => true, GLANCE_MONTHS);
}
