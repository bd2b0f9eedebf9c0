/**
 * The pattern module against an independent oracle: every code of NUMBERS.md written as a regular
 * expression (or a date check) over the number's tail (NO4: over the whole number), compared on random
 * and pattern-biased numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codesOfMask,
  digitMask,
  keywordHighlight,
  levelOf,
  PATTERN_CODES,
  type PatternCode,
  patternMask,
  patternsOf,
} from './vanity-patterns.js';

const RISING = '0123456789';
const FALLING = '9876543210';

function validDate(tail8: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(tail8);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1950 || y > 2029 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] as number;
  return d <= days;
}

const ORACLE: Record<PatternCode, (n: string) => boolean> = {
  A5: (n) => /(\d)\1{4}$/.test(n),
  A4: (n) => /(\d)\1{3}$/.test(n),
  A3: (n) => /(\d)\1{2}$/.test(n),
  AABB: (n) => /(\d)\1(?!\1)(\d)\2$/.test(n),
  ABAB: (n) => /(\d)(?!\1)(\d)\1\2$/.test(n),
  AAAB: (n) => /(\d)\1\1(?!\1)\d$/.test(n),
  ABBB: (n) => /(\d)(?!\1)(\d)\2\2$/.test(n),
  AABBCC: (n) => /(\d)\1(?!\1)(\d)\2(?!\2)(\d)\3$/.test(n),
  ABCABC: (n) => /(\d)(\d)(\d)\1\2\3$/.test(n) && !/(\d)\1\1\1\1\1$/.test(n),
  ABC: (n) => RISING.includes(n.slice(-3)),
  ABCD: (n) => RISING.includes(n.slice(-4)),
  ABCDE: (n) => RISING.includes(n.slice(-5)),
  DCBA: (n) => FALLING.includes(n.slice(-4)),
  BIRTHDAY: (n) => validDate(n.slice(-8)),
  LOVE: (n) => /520|1314/.test(n.slice(-8)),
  LUCKY8: (n) => /8$/.test(n),
  NO4: (n) => !/4/.test(n),
};

const LEVEL_OF: Record<PatternCode, number> = {
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

const digit = fc.integer({ min: 0, max: 9 }).map(String);
/** Random 11-digit numbers starting with 1, half of them with a repeated or run-shaped tail. */
const numberArb = fc.oneof(
  fc.array(digit, { minLength: 10, maxLength: 10 }).map((d) => `1${d.join('')}`),
  fc
    .tuple(
      fc.array(digit, { minLength: 4, maxLength: 8 }),
      fc.array(fc.constantFrom('0', '1', '8', '9'), { minLength: 6, maxLength: 6 }),
    )
    .map(([head, tail]) => `1${[...head, ...tail].join('').slice(0, 10).padEnd(10, '8')}`),
  fc
    .tuple(
      fc.array(digit, { minLength: 2, maxLength: 2 }),
      fc.date({ min: new Date('1940-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
    )
    .map(([head, date]) => `1${head.join('')}${date.toISOString().slice(0, 10).replaceAll('-', '')}`),
);

describe('vanity patterns against the regex oracle', () => {
  it('agrees on every code for random numbers', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        const expected = PATTERN_CODES.filter((code) => ORACLE[code](n));
        expect(patternsOf(n)).toEqual(expected);
      }),
      { numRuns: 20_000 },
    );
  });

  it('gives the highest level of the codes, 1 for none', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        const codes = patternsOf(n);
        expect(levelOf(codes)).toBe(Math.max(1, ...codes.map((c) => LEVEL_OF[c])));
      }),
      { numRuns: 5000 },
    );
  });

  it('round-trips codes through the mask', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        expect(codesOfMask(patternMask(patternsOf(n)))).toEqual(patternsOf(n));
      }),
    );
  });
});

describe('the examples of NUMBERS.md', () => {
  it('13800008888 carries A4, A3, LUCKY8, NO4 and has level 4, not AABB', () => {
    expect(patternsOf('13800008888')).toEqual(['A4', 'A3', 'LUCKY8', 'NO4']);
    expect(levelOf(patternsOf('13800008888'))).toBe(4);
  });
  it.each([
    ['13912345678', ['ABC', 'ABCD', 'ABCDE', 'LUCKY8']],
    ['13900006543', ['DCBA']],
    ['13912348890', []],
    ['13911223344', ['AABB', 'AABBCC']],
    ['13912312312', ['ABCABC', 'NO4']],
    ['13955555555', ['A5', 'A4', 'A3', 'NO4']],
    ['13820000229', ['BIRTHDAY', 'NO4']],
    ['13819900229', ['NO4']],
    ['13819900230', ['NO4']],
    ['13800005200', ['LOVE', 'NO4']],
    ['13813140000', ['A4', 'A3', 'LOVE']],
  ] as const)('%s → %j', (n, codes) => {
    expect(patternsOf(n)).toEqual(codes);
  });
  it('rejects a malformed number', () => {
    expect(() => patternsOf('2380000888')).toThrow();
    expect(() => patternsOf('1380000888a')).toThrow();
  });
});

describe('不含4 and excluded digits mean the whole number', () => {
  it('never gives NO4 to a number whose segment holds a 4 (148…, 184…, 134…)', () => {
    // The example: shown with a 不含4 tag although its segment is 148.
    expect(patternsOf('14860999999')).not.toContain('NO4');
    for (const segment of ['134', '145', '146', '147', '148', '149', '174', '184']) {
      expect(patternsOf(`${segment}00000000`), segment).not.toContain('NO4');
      expect(patternsOf(`${segment}88886666`), segment).not.toContain('NO4');
    }
  });
  it('a 4 in the first three digits excludes, as one in the tail does', () => {
    expect(patternsOf('17405886677')).toEqual(['AABB', 'AABBCC']);
    expect(patternsOf('17305886677')).toEqual(['AABB', 'AABBCC', 'NO4']);
    expect(patternsOf('13805886647')).not.toContain('NO4');
    expect(patternsOf('18888888888')).toContain('NO4');
  });
  it('the digit mask covers all 11 digits', () => {
    expect(digitMask('14400000000')).toBe((1 << 0) | (1 << 1) | (1 << 4));
    expect(digitMask('13812345678')).toBe(0b111111110);
    expect(digitMask('18400000000') & (1 << 4)).not.toBe(0);
  });
  it('NO4 holds exactly when the digit mask has no 4', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        expect(patternsOf(n).includes('NO4')).toBe((digitMask(n) & (1 << 4)) === 0);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('highlights', () => {
  it('highlights every occurrence anywhere, merged when overlapping', () => {
    expect(keywordHighlight('13888888888', '88', 'any')).toEqual([[2, 11]]);
    expect(keywordHighlight('13852052000', '520', 'any')).toEqual([[3, 9]]);
    expect(keywordHighlight('13852005200', '520', 'any')).toEqual([
      [3, 6],
      [7, 10],
    ]);
    expect(keywordHighlight('13812345678', '999', 'any')).toEqual([]);
  });
  it('highlights only the tail in tail mode', () => {
    expect(keywordHighlight('13888812888', '888', 'tail')).toEqual([[8, 11]]);
    expect(keywordHighlight('13888812881', '888', 'tail')).toEqual([]);
  });
});
