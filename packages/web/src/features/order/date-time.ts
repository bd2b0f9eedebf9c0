/** API DateTime (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai, API.md §0) as epoch milliseconds; null if unreadable. */
export function parseApiDateTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  // Asia/Shanghai is UTC+8 all year (no daylight saving).
  return Date.UTC(y, mo - 1, d, h - 8, mi, s);
}
