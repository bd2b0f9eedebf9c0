import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateOf,
  clampPercent,
  dropEmpty,
  idCardCheckChar,
  isEmpty,
  isIdCard,
  isMobile,
  isSimNo,
  isUrl,
  maskIdCard,
  maskMobile,
  PAY_PASSWORD_RE,
  PERSON_NAME_RE,
  percentOf,
  SMS_CODE_RE,
  shanghaiToday,
} from './validators.js';

describe('isMobile (11 digits starting with 1)', () => {
  it.each(['13800000000', '19912345678', '10000000000', '11111111111'])('accepts %s', (v) => {
    expect(isMobile(v)).toBe(true);
  });

  it.each([
    ['starts with 2', '23800000000'],
    ['starts with 0', '03800000000'],
    ['10 digits', '1380000000'],
    ['12 digits', '138000000000'],
    ['letter inside', '1380000000a'],
    ['leading space', ' 13800000000'],
    ['trailing space', '13800000000 '],
    ['trailing newline', '13800000000\n'],
    ['+86 prefix', '+8613800000000'],
    ['dashes', '138-0000-0000'],
    ['full-width digits', '１３８０００００００'],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(isMobile(v)).toBe(false);
  });

  it.each([13800000000, null, undefined, {}, ['13800000000']])('rejects the non-string %j', (v) => {
    expect(isMobile(v)).toBe(false);
  });
});

describe('isIdCard (GB 11643: SPEC §5 pattern, a real past birth date, the check character)', () => {
  const today: [number, number, number] = [2026, 3, 1];

  it.each([
    '11010519491231002X', // the standard's own example
    '11010519491231002x', // a lower-case x is the same character
    '110101199003071233',
    '330106198808081234', // the order the newcomer placed, with its right check character
    '440301200002290015', // 2000 is a leap year
    '310101180001010012', // 18xx century allowed
    '310101201001010012', // 20xx century allowed
    '110101199003077758',
    '11010119900307803X',
  ])('accepts %s', (v) => {
    expect(isIdCard(v, today)).toBe(true);
  });

  it.each([
    ['a wrong check character (should be 4)', '330106198808081230'],
    ['a wrong check digit (should be 3)', '110101199003071234'],
    ['X where a digit is due', '11010119900307123X'],
    ['a digit where X is due', '110101199003078031'],
    ['one digit of the body changed', '110102199003071233'],
    ['two digits swapped', '110101199030071233'],
    ['17 characters', '11010119900307123'],
    ['19 characters', '1101011990030712330'],
    ['leading 0 region', '010101199003071234'],
    ['Feb 30', '110101199902301234'],
    ['Feb 29 in a non-leap year', '110101199902291234'],
    ['Feb 29 in 1900 (not leap)', '110101190002291234'],
    ['April 31', '110101199904311234'],
    ['month 00', '110101199000071234'],
    ['month 13', '110101199013071234'],
    ['day 00', '110101199003001234'],
    ['day 32', '110101199003321234'],
    ['century 17', '110101179003071234'],
    ['century 21', '110101219003071234'],
    ['X not final', '1101011990030712X3'],
    ['other letter final', '11010119900307123Y'],
    ['space inside', '110101 99003071233'],
    ['trailing space', '110101199003071233 '],
    ['empty', ''],
  ])('rejects %s', (_label, v) => {
    expect(isIdCard(v, today)).toBe(false);
  });

  it('refuses a birth date after today, accepts one born today', () => {
    expect(isIdCard('310101209912310012', today)).toBe(false); // 2099-12-31, right check character
    expect(isIdCard('110101202603020012', today)).toBe(false); // tomorrow
    expect(isIdCard('110101202603010017', today)).toBe(true); // today
    expect(isIdCard('110101202603010017', [2026, 2, 28])).toBe(false);
  });

  it('defaults to the date in Asia/Shanghai', () => {
    const [y, m, d] = shanghaiToday(Date.now() + 24 * 3600_000);
    const first17 = `110101${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}001`;
    expect(isIdCard(`${first17}${idCardCheckChar(first17)}`)).toBe(false);
    expect(isIdCard('11010519491231002X')).toBe(true);
  });

  it.each([110101199003071, null, undefined])('rejects the non-string %j', (v) => {
    expect(isIdCard(v)).toBe(false);
  });
});

describe('idCardCheckChar (ISO 7064 MOD 11-2)', () => {
  it.each([
    ['11010519491231002', 'X'],
    ['33010619880808123', '4'],
    ['11010119900307123', '3'],
    ['44030120000229001', '5'],
    ['11010119900307803', 'X'],
    ['11010119880808100', '4'],
  ])('%s → %s', (first17, check) => {
    expect(idCardCheckChar(first17)).toBe(check);
  });

  it('gives each of the eleven characters for some body', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 200 && seen.size < 11; n++)
      seen.add(idCardCheckChar(`1101011990030${String(n).padStart(4, '0')}`));
    expect([...seen].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X']);
  });
});

describe('shanghaiToday', () => {
  it('turns the date at 16:00 UTC', () => {
    expect(shanghaiToday(Date.UTC(2026, 2, 9, 15, 59, 0))).toEqual([2026, 3, 9]);
    expect(shanghaiToday(Date.UTC(2026, 2, 9, 16, 0, 0))).toEqual([2026, 3, 10]);
  });
});

describe('birthDateOf', () => {
  it('reads year, month and day', () => {
    expect(birthDateOf('110101199003071233')).toEqual([1990, 3, 7]);
    expect(birthDateOf('440301200002290015')).toEqual([2000, 2, 29]);
  });

  it('gives null for a date that does not exist', () => {
    expect(birthDateOf('110101199902301234')).toBeNull();
    expect(birthDateOf('110101199013071234')).toBeNull();
  });
});

describe('ageOn', () => {
  const id = '110101199003071233'; // born 1990-03-07
  it.each([
    [[2020, 3, 6], 29],
    [[2020, 3, 7], 30],
    [[2020, 3, 8], 30],
    [[2020, 2, 28], 29],
    [[2020, 12, 31], 30],
    [[2021, 1, 1], 30],
    [[1990, 3, 7], 0],
  ] as const)('on %j is %i', (today, age) => {
    expect(ageOn(id, [...today])).toBe(age);
  });

  it('a 29 February birthday is reached on 1 March in a non-leap year', () => {
    const leap = '440301200002290015';
    expect(ageOn(leap, [2018, 2, 28])).toBe(17);
    expect(ageOn(leap, [2018, 3, 1])).toBe(18);
    expect(ageOn(leap, [2020, 2, 29])).toBe(20);
  });

  it('the 16/18-year edges fall on the birthday itself', () => {
    const born2008 = '110101200806150010';
    expect(ageOn(born2008, [2024, 6, 14])).toBe(15);
    expect(ageOn(born2008, [2024, 6, 15])).toBe(16);
    expect(ageOn(born2008, [2026, 6, 14])).toBe(17);
    expect(ageOn(born2008, [2026, 6, 15])).toBe(18);
  });

  it('gives null when the birth date does not exist', () => {
    expect(ageOn('110101199902301234', [2020, 1, 1])).toBeNull();
  });
});

describe('maskIdCard (6+4)', () => {
  it('keeps the first 6 and last 4 of an 18-char ID', () => {
    expect(maskIdCard('110101199003071234')).toBe('110101********1234');
    expect(maskIdCard('11010119900307123X')).toBe('110101********123X');
  });

  it('never reveals the birth date', () => {
    const masked = maskIdCard('110101199003071234');
    expect(masked).not.toContain('19900307');
    expect(masked).toHaveLength(18);
  });

  it.each(['', '1', '1234567890'])('masks a value of 10 or fewer characters completely: %j', (v) => {
    expect(maskIdCard(v)).toBe('*'.repeat(v.length));
  });

  it('masks an 11-char value 6+1+4', () => {
    expect(maskIdCard('12345678901')).toBe('123456*8901');
  });
});

describe('maskMobile (3+4)', () => {
  it('masks the middle four digits', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });

  it.each(['', '1381234567', '138123456789'])('leaves a value that is not 11 chars as is: %j', (v) => {
    expect(maskMobile(v)).toBe(v);
  });
});

describe('isUrl (starts with http or https)', () => {
  it.each(['http://a.com', 'https://a.com/x?y=1', 'http://', 'https://'])('accepts %s', (v) => {
    expect(isUrl(v)).toBe(true);
  });

  it.each([
    'ftp://a.com',
    '//a.com',
    '/pages/index',
    'a.com',
    ' http://a.com',
    'http:/a.com',
    'httpx://a.com',
    'javascript:alert(1)',
    '',
  ])('rejects %j', (v) => {
    expect(isUrl(v)).toBe(false);
  });

  it.each([null, undefined, 1, {}])('rejects the non-string %j', (v) => {
    expect(isUrl(v)).toBe(false);
  });
});

describe('isSimNo (6–32 letters or digits)', () => {
  it.each(['123456', 'ABCdef', '8986011234567890123X', 'a'.repeat(32)])('accepts %s', (v) => {
    expect(isSimNo(v)).toBe(true);
  });

  it.each(['12345', 'a'.repeat(33), '123 456', '123-456', '1234_56', '卡号123456', ''])('rejects %j', (v) => {
    expect(isSimNo(v)).toBe(false);
  });

  it('rejects a number', () => {
    expect(isSimNo(12345678)).toBe(false);
  });
});

describe('SMS code, pay password and person name patterns', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('six digits: %s → %s', (v, ok) => {
    expect(SMS_CODE_RE.test(v)).toBe(ok);
    expect(PAY_PASSWORD_RE.test(v)).toBe(ok);
  });

  it.each([
    ['张三', true],
    ['阿卜杜·热合曼', true],
    ['John Smith', true],
    ['张', false],
    [' 张三', false],
    ['张三 ', false],
    ['张三1', false],
    ['张'.repeat(20), true],
    ['张'.repeat(21), false],
  ])('person name %j → %s', (v, ok) => {
    expect(PERSON_NAME_RE.test(v)).toBe(ok);
  });
});

describe('isEmpty (null, undefined, empty string, empty array, empty object)', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ["''", ''],
    ['[]', []],
    ['{}', {}],
    ['Object.create(null)', Object.create(null)],
  ])('%s is empty', (_label, v) => {
    expect(isEmpty(v)).toBe(true);
  });

  it.each([
    ['0', 0],
    ['false', false],
    ['NaN', Number.NaN],
    ["' '", ' '],
    ["'0'", '0'],
    ['[0]', [0]],
    ['[undefined]', [undefined]],
    ['{a: undefined} (has a key)', { a: undefined }],
    ['{a: null}', { a: null }],
    ['a Date', new Date(0)],
    ['a function', () => undefined],
  ])('%s is not empty', (_label, v) => {
    expect(isEmpty(v)).toBe(false);
  });
});

describe('dropEmpty', () => {
  it('drops empty top-level values and keeps everything else', () => {
    const out = dropEmpty({
      a: null,
      b: undefined,
      c: '',
      d: [],
      e: {},
      zero: 0,
      no: false,
      space: ' ',
      text: 'x',
      list: [0],
      nested: { inner: '' },
    });
    expect(out).toEqual({ zero: 0, no: false, space: ' ', text: 'x', list: [0], nested: { inner: '' } });
    expect(Object.keys(out).sort()).toEqual(['list', 'nested', 'no', 'space', 'text', 'zero']);
  });

  it('does not touch the input object', () => {
    const input = { a: '', b: 1 };
    dropEmpty(input);
    expect(input).toEqual({ a: '', b: 1 });
  });

  it('returns the params untouched with sendAsIs', () => {
    const input = { a: '', b: null, c: [], d: {}, e: undefined, f: 1 };
    const out = dropEmpty(input, { sendAsIs: true });
    expect(out).toBe(input);
    expect(out).toEqual({ a: '', b: null, c: [], d: {}, e: undefined, f: 1 });
  });

  it('drops as usual with sendAsIs false', () => {
    expect(dropEmpty({ a: '', b: 1 }, { sendAsIs: false })).toEqual({ b: 1 });
  });

  it('an all-empty object gives {}', () => {
    expect(dropEmpty({ a: '', b: null })).toEqual({});
  });
});

describe('clampPercent (0–100)', () => {
  it.each([
    [-5, 0],
    [-0.01, 0],
    [0, 0],
    [42.5, 42.5],
    [100, 100],
    [100.01, 100],
    [150, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%d → %d', (v, out) => {
    expect(clampPercent(v)).toBe(out);
  });
});

describe('percentOf', () => {
  it.each([
    [0, 100, 0],
    [25, 100, 25],
    [1, 3, 100 / 3],
    [100, 100, 100],
    [150, 100, 100],
    [-10, 100, 0],
    [5, 0, 0],
    [5, -10, 0],
    [5, Number.NaN, 0],
    [Number.NaN, 100, 0],
  ])('%d of %d → %d', (used, total, out) => {
    expect(percentOf(used, total)).toBeCloseTo(out, 10);
  });
});
