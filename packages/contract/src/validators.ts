/** Input validators shared by client forms and server schemas (SPEC §5, API.md §0 "Shared validators"). */

export const MOBILE_RE = /^1\d{10}$/;
export const ID_CARD_RE = /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;
export const URL_RE = /^https?:\/\//;
export const SIM_NO_RE = /^[0-9A-Za-z]{6,32}$/;
export const SMS_CODE_RE = /^\d{6}$/;
export const PAY_PASSWORD_RE = /^\d{6}$/;
export const PERSON_NAME_RE = /^[\p{Script=Han}·A-Za-z][\p{Script=Han}·A-Za-z ]{0,18}[\p{Script=Han}·A-Za-z]$/u;

/** Default max length of a generic text input (SPEC §9). */
export const INPUT_MAX_LENGTH = 140;

export function isMobile(value: unknown): boolean {
  return typeof value === 'string' && MOBILE_RE.test(value);
}

const ID_CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';

/** The GB 11643 (ISO 7064 MOD 11-2) check character of the first 17 digits of an ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_CHECK_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** Today's calendar date in Asia/Shanghai (UTC+8 all year, no daylight saving) as [year, month, day]. */
export function shanghaiToday(now = Date.now()): [number, number, number] {
  const d = new Date(now + 8 * 3600_000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

/**
 * 18-character Chinese ID (GB 11643): the SPEC §5 pattern (6-digit region, birth date, 3 digits, final
 * digit or X, either case), a birth date that exists and is not after `today` (Asia/Shanghai), and the
 * check character of the first 17 digits.
 */
export function isIdCard(value: unknown, today: [number, number, number] = shanghaiToday()): boolean {
  if (typeof value !== 'string' || !ID_CARD_RE.test(value)) return false;
  const birth = birthDateOf(value);
  if (!birth || compareDates(birth, today) > 0) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
}

function compareDates(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Birth date of an ID number as [year, month, day], or null when the date does not exist. */
export function birthDateOf(idCard: string): [number, number, number] | null {
  const year = Number(idCard.slice(6, 10));
  const month = Number(idCard.slice(10, 12));
  const day = Number(idCard.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return [year, month, day];
}

/** Age in whole years on `today` (Asia/Shanghai calendar date given as [y, m, d]). */
export function ageOn(idCard: string, today: [number, number, number]): number | null {
  const birth = birthDateOf(idCard);
  if (!birth) return null;
  let age = today[0] - birth[0];
  if (today[1] < birth[1] || (today[1] === birth[1] && today[2] < birth[2])) age -= 1;
  return age;
}

/** Mask an ID number 6+4 (ARCHITECTURE.md "Personal data"): 110101********1234. */
export function maskIdCard(idCard: string): string {
  if (idCard.length <= 10) return '*'.repeat(idCard.length);
  return `${idCard.slice(0, 6)}${'*'.repeat(idCard.length - 10)}${idCard.slice(-4)}`;
}

/** Mask a mobile 3+4: 138****0000. */
export function maskMobile(mobile: string): string {
  if (mobile.length !== 11) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

/**
 * A shopper's nickname after an SMS login (API.md shop/login: 用户 + the mobile's last four digits). The
 * app shows its own translation of it; a nickname from elsewhere (a platform profile) is shown as it is.
 */
export function defaultShopperNickname(mobile: string): string {
  return `用户${mobile.slice(-4)}`;
}

/** URL check: starts with http or https (SPEC §5). */
export function isUrl(value: unknown): boolean {
  return typeof value === 'string' && URL_RE.test(value);
}

export function isSimNo(value: unknown): boolean {
  return typeof value === 'string' && SIM_NO_RE.test(value);
}

/** Empty value: null, undefined, empty string, empty array, empty object (SPEC §5). */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return Object.keys(value as object).length === 0;
  }
  return false;
}

/**
 * Drops empty values from outgoing query and body parameters (SPEC §5). The one exception, the
 * lower-level custom pricing save call, is declared with `sendAsIs` and passed through unchanged.
 */
export function dropEmpty<T extends Record<string, unknown>>(
  params: T,
  options: { sendAsIs?: boolean } = {},
): Partial<T> {
  if (options.sendAsIs) return params;
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params)) {
    if (!isEmpty(value)) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Progress percent clamped to 0–100 (SPEC §5); NaN and non-finite inputs give 0 or the nearest bound. */
export function clampPercent(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** used/total as a clamped percent; a zero or missing total gives 0. */
export function percentOf(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return clampPercent((used / total) * 100);
}
