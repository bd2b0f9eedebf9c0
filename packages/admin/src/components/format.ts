/** Times in the viewer's time zone (the API sends epoch ms). */
import dayjs from 'dayjs';

export function formatTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? '—' : dayjs(epochMs).format('YYYY-MM-DD HH:mm:ss');
}

/** A date range picker's value as the API's `from` (inclusive) and `to` (exclusive), whole days. */
export function rangeOf(range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null | undefined): {
  from?: number;
  to?: number;
} {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { from: start.startOf('day').valueOf() } : {}),
    ...(end ? { to: end.add(1, 'day').startOf('day').valueOf() } : {}),
  };
}
