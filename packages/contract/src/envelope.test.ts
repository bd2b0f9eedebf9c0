import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES } from './default-messages.js';
import { ALL_ERROR_CODES, DEFAULT_REASONS, ErrorCode, envelopeSchema, isErrorCode } from './envelope.js';
import { REASONS } from './reasons.js';

/** SPEC §8 / API.md §0: the catalogue, name by name. */
const SPEC_CODES: Record<string, number> = {
  OK: 0,
  FAIL: -1,
  SHOP_LOGIN_TIMEOUT: 61,
  SIM_LOGIN_TIMEOUT: 34061,
  SOLD_OUT: 30001,
  ORDER_REJECTED: 30003,
  NUMBER_TAKEN: 32001,
  MODULE_CLOSED: 40001,
  NOT_DIRECT_DOWNSTREAM: 33001,
  VERIFY_REQUIRED: 41001,
  PRECONDITION_REQUIRED: 41002,
};

describe('ErrorCode', () => {
  it.each(Object.entries(SPEC_CODES))('%s is %i', (name, code) => {
    expect((ErrorCode as Record<string, number>)[name]).toBe(code);
  });

  it('holds exactly the SPEC §8 codes, no more', () => {
    expect(Object.keys(ErrorCode).sort()).toEqual(Object.keys(SPEC_CODES).sort());
    expect([...ALL_ERROR_CODES].sort((a, b) => a - b)).toEqual(Object.values(SPEC_CODES).sort((a, b) => a - b));
  });

  it('has no duplicate values', () => {
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
  });
});

describe('isErrorCode', () => {
  it.each(Object.values(SPEC_CODES))('accepts %i', (code) => {
    expect(isErrorCode(code)).toBe(true);
  });

  it.each([1, 60, 62, 34060, 500, 200, -2, 0.5, Number.NaN, '0', '61', null, undefined, {}, [0]])(
    'rejects %j',
    (value) => {
      expect(isErrorCode(value)).toBe(false);
    },
  );
});

describe('DEFAULT_MESSAGES', () => {
  it('has a non-empty message for every code', () => {
    for (const code of ALL_ERROR_CODES) {
      expect(typeof DEFAULT_MESSAGES[code], `code ${code}`).toBe('string');
      expect(DEFAULT_MESSAGES[code].length, `code ${code}`).toBeGreaterThan(0);
    }
    expect(Object.keys(DEFAULT_MESSAGES).map(Number).sort()).toEqual([...ALL_ERROR_CODES].map(Number).sort());
  });

  it.each([
    [ErrorCode.FAIL, '操作失败'],
    [ErrorCode.SHOP_LOGIN_TIMEOUT, '登录超时，请重新登录！'],
    [ErrorCode.SIM_LOGIN_TIMEOUT, '登录超时，请重新登录！'],
    [ErrorCode.SOLD_OUT, '哎呀！客官来晚了，该商品卖光啦！'],
    [ErrorCode.ORDER_REJECTED, '订单受理失败，请联系客服处理！'],
    [ErrorCode.NUMBER_TAKEN, '哎呀！客官来晚了，号码被他人抢先预约！'],
    [ErrorCode.MODULE_CLOSED, '当前访问的功能模块暂未开放，敬请期待！'],
  ])('code %i defaults to the SPEC §8 text %s', (code, message) => {
    expect(DEFAULT_MESSAGES[code]).toBe(message);
  });
});

describe('DEFAULT_REASONS', () => {
  it('names a reason for every code but success, whose text is the default message', () => {
    const codes = ALL_ERROR_CODES.filter((code) => code !== ErrorCode.OK);
    expect(Object.keys(DEFAULT_REASONS).map(Number).sort()).toEqual([...codes].map(Number).sort());
    for (const code of codes) {
      const reason = DEFAULT_REASONS[code as Exclude<ErrorCode, 0>];
      expect(REASONS[reason].zh, `code ${code}`).toBe(DEFAULT_MESSAGES[code]);
    }
  });
});

describe('envelopeSchema', () => {
  it('accepts code, message and data (null included)', () => {
    expect(envelopeSchema.safeParse({ code: 0, message: 'ok', data: { a: 1 } }).success).toBe(true);
    expect(envelopeSchema.safeParse({ code: -1, message: '操作失败', data: null }).success).toBe(true);
  });

  it('accepts an optional reason, which must be a string', () => {
    const refusal = { code: -1, message: '验证码错误或已过期', reason: 'smsCodeInvalid', data: null };
    expect(envelopeSchema.safeParse(refusal).success).toBe(true);
    expect(envelopeSchema.safeParse({ ...refusal, reason: 3 }).success).toBe(false);
  });

  it.each([
    { message: 'ok', data: null },
    { code: '0', message: 'ok', data: null },
    { code: 0.5, message: 'ok', data: null },
    { code: 0, data: null },
    { code: 0, message: 1, data: null },
  ])('rejects %j', (body) => {
    expect(envelopeSchema.safeParse(body).success).toBe(false);
  });
});

it('the rate-limit reason has the API.md §0 text', () => {
  expect(REASONS.tooManyRequests.zh).toBe('操作太频繁，请稍后再试');
});
