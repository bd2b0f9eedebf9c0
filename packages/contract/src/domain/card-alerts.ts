/**
 * Card alerts (用量提醒, issue 25): what a card holder asks to be told, and when an alert is due.
 *
 * Three kinds, each keyed by a threshold and a period, so that one alert is sent once per crossing and
 * never again for the same period (the server keeps one unique row per card, kind, threshold and period):
 * - `usage`: the share of the pool used reached a threshold (percent). The period is the pool's: the
 *   package end date (`YYYY-MM-DD`, Shanghai) while the card has one, the month (`YYYY-MM`) otherwise.
 *   A new package that moves the end date starts a new period.
 * - `expiry`: the package ends within a threshold of days. The period is that end date.
 * - `balance`: the balance fell below the amount set (fen). The period is the balance "episode": the
 *   card's count of top-ups (`r<n>`), so a top-up starts a new episode and the next fall alerts again.
 *
 * When several thresholds of one kind are crossed at once, only the most urgent one is due (the highest
 * usage share, the fewest days): a card first seen at 100 % is told it is at 100 %, not 80 % too.
 *
 * SMS is not sent during quiet hours (22:00–08:00 Shanghai): it waits until 08:00.
 */

export const ALERT_KINDS = ['usage', 'expiry', 'balance'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** At most this many thresholds per list. */
export const ALERT_THRESHOLDS_MAX = 3;
/** Expiry alerts: at most this many days ahead. */
export const ALERT_EXPIRY_DAYS_MAX = 30;

export interface AlertSettings {
  /** Percent of the pool used, each 1–100. Empty: no usage alert. */
  usageThresholds: number[];
  /** Days before the package ends, each 1–30. Empty: no expiry alert. */
  expiryDays: number[];
  /** Fen; null: no low-balance alert. */
  lowBalanceFen: number | null;
  channels: { sms: boolean; inApp: boolean };
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  usageThresholds: [80, 100],
  expiryDays: [7, 1],
  lowBalanceFen: null,
  channels: { sms: false, inApp: true },
};

/** What the evaluation reads of a card. Flows are MB, money fen, times epoch ms. */
export interface AlertFields {
  totalFlow: number;
  useFlow: number;
  isInfiniteFlow: number;
  /** The package end, or null. */
  endAt: number | null;
  balanceFen: number;
  /** Top-ups so far: the balance episode. */
  rechargeTimes: number;
}

export interface DueAlert {
  kind: AlertKind;
  threshold: number;
  period: string;
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Quiet hours, Shanghai time: from 22:00 to 08:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** `YYYY-MM-DD` in Shanghai. */
export function shanghaiDate(at: number): string {
  return new Date(at + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The usage period of a card (see above). */
export function usagePeriod(card: Pick<AlertFields, 'endAt'>, now: number): string {
  return card.endAt !== null && card.endAt > now ? shanghaiDate(card.endAt) : shanghaiDate(now).slice(0, 7);
}

/** The alerts due for a card now, by its settings (at most one per kind). */
export function dueAlerts(card: AlertFields, settings: AlertSettings, now: number): DueAlert[] {
  const due: DueAlert[] = [];
  if (!card.isInfiniteFlow && card.totalFlow > 0) {
    const share = (card.useFlow / card.totalFlow) * 100;
    const crossed = settings.usageThresholds.filter((t) => share >= t);
    if (crossed.length > 0)
      due.push({ kind: 'usage', threshold: Math.max(...crossed), period: usagePeriod(card, now) });
  }
  if (card.endAt !== null && card.endAt > now) {
    const left = card.endAt - now;
    const crossed = settings.expiryDays.filter((d) => left <= d * DAY_MS);
    if (crossed.length > 0) {
      due.push({ kind: 'expiry', threshold: Math.min(...crossed), period: shanghaiDate(card.endAt) });
    }
  }
  if (settings.lowBalanceFen !== null && card.balanceFen < settings.lowBalanceFen) {
    due.push({ kind: 'balance', threshold: settings.lowBalanceFen, period: `r${card.rechargeTimes}` });
  }
  return due;
}

/** The next 08:00 Shanghai when `now` is in quiet hours (22:00–08:00 Shanghai); null outside them. */
export function quietUntil(now: number): number | null {
  const local = now + SHANGHAI_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const hour = Math.floor((local - dayStart) / 3_600_000);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const morning = dayStart + QUIET_UNTIL_HOUR * 3_600_000 + (hour >= QUIET_FROM_HOUR ? DAY_MS : 0);
  return morning - SHANGHAI_OFFSET_MS;
}
