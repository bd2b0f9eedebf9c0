/**
 * How old the card's state is (issue 18): the time since its last sync with the operator, said the
 * way the shopper's language says "5 minutes ago" (Intl.RelativeTimeFormat, in the UI locale). Shown
 * next to the sync time, so a card whose operator did not answer shows its last known state and its age.
 */
import { parseApiDateTime } from '../order/date-time';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 48],
  ['day', Number.POSITIVE_INFINITY],
];
const SIZES: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };

/** "5 minutes ago" in `locale` for an API DateTime; '' when it cannot be read. */
export function syncAgeText(lastSyncedAt: string | null | undefined, now: number, locale: string): string {
  const at = parseApiDateTime(lastSyncedAt);
  if (at === null) return '';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, limit] of UNITS) {
    const amount = Math.floor(seconds / (SIZES[unit] as number));
    if (amount < limit) return format.format(-amount, unit);
  }
  return '';
}
