/** Times at the API: "YYYY-MM-DD HH:mm:ss" in Asia/Shanghai (API.md §0 "Scalars"); epoch ms inside. */

/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDateTime(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`not a time: ${epochMs}`);
  const d = new Date(Math.trunc(epochMs) + SHANGHAI_OFFSET_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}
