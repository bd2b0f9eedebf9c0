/**
 * Vanity-number pattern codes and levels (NUMBERS.md). A number carries every code it satisfies; its
 * level is the highest any of its codes reaches. Codes are decided on the number's tail, except `NO4`,
 * which (like the search's excludeDigits) looks at all 11 digits: a shopper who asks for a number without
 * a 4 means the whole number, segment included.
 * The server computes them once when a number is written; the web reads the labels.
 */

export const PATTERN_CODES = [
  'A5',
  'A4',
  'A3',
  'AABB',
  'ABAB',
  'AAAB',
  'ABBB',
  'AABBCC',
  'ABCABC',
  'ABC',
  'ABCD',
  'ABCDE',
  'DCBA',
  'BIRTHDAY',
  'LOVE',
  'LUCKY8',
  'NO4',
] as const;
export type PatternCode = (typeof PATTERN_CODES)[number];

export const PATTERN_LABELS: Record<PatternCode, string> = {
  A5: '五连号',
  A4: '四连号',
  A3: '三连号',
  AABB: 'AABB',
  ABAB: 'ABAB',
  AAAB: 'AAAB',
  ABBB: 'ABBB',
  AABBCC: 'AABBCC',
  ABCABC: 'ABCABC',
  ABC: '三顺',
  ABCD: '四顺',
  ABCDE: '五顺',
  DCBA: '倒顺',
  BIRTHDAY: '生日号',
  LOVE: '爱情号',
  LUCKY8: '尾号8',
  NO4: '不含4',
};

export const PATTERN_LEVELS: Record<PatternCode, 1 | 2 | 3 | 4 | 5> = {
  A5: 5,
  ABCDE: 5,
  AABBCC: 5,
  ABCABC: 5,
  A4: 4,
  ABCD: 4,
  DCBA: 4,
  A3: 3,
  AABB: 3,
  ABAB: 3,
  BIRTHDAY: 3,
  AAAB: 2,
  ABBB: 2,
  ABC: 2,
  LOVE: 2,
  LUCKY8: 2,
  NO4: 1,
};

/** Bit of each code in a pattern mask (index in PATTERN_CODES). */
export const PATTERN_BIT: Record<PatternCode, number> = Object.fromEntries(
  PATTERN_CODES.map((code, i) => [code, 1 << i]),
) as Record<PatternCode, number>;

export const NUMBER_RE = /^1\d{10}$/;

function digitsOf(number: string): number[] {
  return Array.from(number, (c) => c.charCodeAt(0) - 48);
}

/** All of `d` from index `from` are equal. */
function allEqual(d: number[], from: number): boolean {
  for (let i = from + 1; i < d.length; i++) if (d[i] !== d[from]) return false;
  return true;
}

/** Each digit from `from` is the previous plus `step` (no wrap: 890 does not rise). */
function run(d: number[], from: number, step: 1 | -1): boolean {
  for (let i = from + 1; i < d.length; i++) if (d[i] !== (d[i - 1] as number) + step) return false;
  return true;
}

/** YYYYMMDD is a real calendar date with year 1950–2029. */
export function isBirthday(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1950 || year > 2029 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** Every pattern code an 11-digit number satisfies, in PATTERN_CODES order. */
export function patternsOf(number: string): PatternCode[] {
  if (!NUMBER_RE.test(number)) throw new Error(`not an 11-digit mobile number: ${number}`);
  const d = digitsOf(number);
  const n = d.length; // 11
  const at = (fromEnd: number) => d[n - fromEnd] as number; // at(1) = last digit
  const codes: PatternCode[] = [];
  const last4 = [at(4), at(3), at(2), at(1)] as const;
  const last6 = [at(6), at(5), at(4), at(3), at(2), at(1)] as const;
  const tail8 = number.slice(-8);

  if (allEqual(d, n - 5)) codes.push('A5');
  if (allEqual(d, n - 4)) codes.push('A4');
  if (allEqual(d, n - 3)) codes.push('A3');
  if (last4[0] === last4[1] && last4[2] === last4[3] && last4[0] !== last4[2]) codes.push('AABB');
  if (last4[0] === last4[2] && last4[1] === last4[3] && last4[0] !== last4[1]) codes.push('ABAB');
  if (last4[0] === last4[1] && last4[1] === last4[2] && last4[2] !== last4[3]) codes.push('AAAB');
  if (last4[1] === last4[2] && last4[2] === last4[3] && last4[0] !== last4[1]) codes.push('ABBB');
  if (
    last6[0] === last6[1] &&
    last6[2] === last6[3] &&
    last6[4] === last6[5] &&
    last6[0] !== last6[2] &&
    last6[2] !== last6[4]
  ) {
    codes.push('AABBCC');
  }
  if (
    last6[0] === last6[3] &&
    last6[1] === last6[4] &&
    last6[2] === last6[5] &&
    !(last6[0] === last6[1] && last6[1] === last6[2])
  ) {
    codes.push('ABCABC');
  }
  if (run(d.slice(n - 3), 0, 1)) codes.push('ABC');
  if (run(d.slice(n - 4), 0, 1)) codes.push('ABCD');
  if (run(d.slice(n - 5), 0, 1)) codes.push('ABCDE');
  if (run(d.slice(n - 4), 0, -1)) codes.push('DCBA');
  if (isBirthday(tail8)) codes.push('BIRTHDAY');
  if (tail8.includes('520') || tail8.includes('1314')) codes.push('LOVE');
  if (at(1) === 8) codes.push('LUCKY8');
  if (!number.includes('4')) codes.push('NO4');
  return codes;
}

/** The highest level any code reaches; 1 for none (NUMBERS.md "Levels"). */
export function levelOf(codes: readonly PatternCode[]): 1 | 2 | 3 | 4 | 5 {
  let level: 1 | 2 | 3 | 4 | 5 = 1;
  for (const code of codes) if (PATTERN_LEVELS[code] > level) level = PATTERN_LEVELS[code];
  return level;
}

export function patternMask(codes: readonly PatternCode[]): number {
  let mask = 0;
  for (const code of codes) mask |= PATTERN_BIT[code];
  return mask;
}

export function codesOfMask(mask: number): PatternCode[] {
  return PATTERN_CODES.filter((code) => (mask & PATTERN_BIT[code]) !== 0);
}

export function isPatternCode(value: string): value is PatternCode {
  return (PATTERN_CODES as readonly string[]).includes(value);
}

/**
 * Bit d set when digit d appears anywhere in the number. excludeDigits keeps a number only when this
 * mask holds none of the excluded digits (NUMBERS.md: anywhere in the 11 digits).
 */
export function digitMask(number: string): number {
  let mask = 0;
  for (let i = 0; i < number.length; i++) mask |= 1 << (number.charCodeAt(i) - 48);
  return mask;
}

/**
 * [start, end) ranges of `keyword` in `number`: every occurrence for position 'any', only the final
 * one for 'tail' (API.md numberList `highlight`).
 */
export function keywordHighlight(number: string, keyword: string, position: 'any' | 'tail'): [number, number][] {
  if (!keyword) return [];
  if (position === 'tail') return number.endsWith(keyword) ? [[number.length - keyword.length, number.length]] : [];
  const out: [number, number][] = [];
  let from = 0;
  for (;;) {
    const at = number.indexOf(keyword, from);
    if (at < 0) break;
    const prev = out[out.length - 1];
    if (prev && at <= prev[1]) prev[1] = at + keyword.length;
    else out.push([at, at + keyword.length]);
    from = at + 1;
  }
  return out;
}
