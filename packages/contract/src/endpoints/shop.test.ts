import { describe, expect, it } from 'vitest';
import { DICT_TYPES } from '../schemas/site.js';
import { APP_DICT_TYPES, getBaseConfig, getDictOptions, getGenericConfig, promoCode } from './shop.js';

describe('shop endpoint declarations (API.md §2)', () => {
  it.each([
    [getBaseConfig, 'GET', '/api/hk/baseConfig'],
    [getGenericConfig, 'GET', '/api/hk/genericConfig'],
    [getDictOptions, 'POST', '/api/dictData/options'],
  ] as const)('%#: %s %s, no session', (endpoint, method, path) => {
    expect(endpoint.method).toBe(method);
    expect(endpoint.path).toBe(path);
    expect(endpoint.auth).toBe('none');
    expect(endpoint.sendAsIs).toBeFalsy();
  });

  it('the app loads every dictionary type', () => {
    expect(APP_DICT_TYPES).toEqual(DICT_TYPES);
  });
});

describe('promoCode', () => {
  it.each([
    ['demo', 'demo'],
    ['A-b_9', 'A-b_9'],
    ['  demo  ', 'demo'],
    ['', ''],
    ['a'.repeat(32), 'a'.repeat(32)],
  ])('accepts %j as %j', (input, out) => {
    expect(promoCode.parse(input)).toBe(out);
  });

  it.each([
    ['a space inside', 'a b', 'promoCodeInvalid'],
    ['a slash', 'a/b', 'promoCodeInvalid'],
    ['a quote', "a'b", 'promoCodeInvalid'],
    ['Chinese', '推广码', 'promoCodeInvalid'],
  ])('rejects %s with its own reason (推广码格式不正确)', (_label, input, message) => {
    const result = promoCode.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('rejects more than 32 characters', () => {
    expect(promoCode.safeParse('a'.repeat(33)).success).toBe(false);
    expect(promoCode.safeParse('a'.repeat(40)).success).toBe(false);
  });

  it('baseConfig input makes promoCode optional', () => {
    expect(getBaseConfig.input.parse({})).toEqual({});
    expect(getBaseConfig.input.parse({ promoCode: ' x ' })).toEqual({ promoCode: 'x' });
  });
});

describe('dictData/options input', () => {
  it('accepts 1 to 30 types', () => {
    expect(getDictOptions.input.safeParse({ types: ['sim_status'] }).success).toBe(true);
    expect(getDictOptions.input.safeParse({ types: Array.from({ length: 30 }, (_, i) => `t${i}`) }).success).toBe(true);
  });

  it('rejects an empty list with its reason (请指定字典类型)', () => {
    const result = getDictOptions.input.safeParse({ types: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('dictTypesRequired');
  });

  it.each([
    ['31 types', { types: Array.from({ length: 31 }, (_, i) => `t${i}`) }],
    ['an empty type name', { types: [''] }],
    ['a 65-char type name', { types: ['a'.repeat(65)] }],
    ['a string instead of a list', { types: 'sim_status' }],
    ['no types', {}],
  ])('rejects %s', (_label, body) => {
    expect(getDictOptions.input.safeParse(body).success).toBe(false);
  });
});
