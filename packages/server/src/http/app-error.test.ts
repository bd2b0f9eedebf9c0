import { ALL_ERROR_CODES, DEFAULT_REASONS, ErrorCode } from '@haoka/contract';
import { DEFAULT_MESSAGES } from '@haoka/contract/reasons';
import { describe, expect, it } from 'vitest';
import { AppError, fail, preconditionRequired } from './app-error.js';

describe('AppError', () => {
  it('a code alone refuses with its default reason and SPEC §8 text', () => {
    for (const code of ALL_ERROR_CODES.filter((c) => c !== ErrorCode.OK)) {
      const error = new AppError(code as Exclude<ErrorCode, 0>);
      expect(error.reason, `code ${code}`).toBe(DEFAULT_REASONS[code as Exclude<ErrorCode, 0>]);
      expect(error.message, `code ${code}`).toBe(DEFAULT_MESSAGES[code]);
      expect(error.data).toBeNull();
    }
  });

  it('a reason gives the zh-Hans message and the English text, both filled from the data', () => {
    const error = new AppError(ErrorCode.VERIFY_REQUIRED, 'payPasswordWrong', { field: 'payPassword', remainTimes: 3 });
    expect(error.message).toBe('支付密码错误，还可尝试3次');
    expect(error.english).toBe('Wrong pay password. 3 attempts left.');
    expect(error.data).toEqual({ field: 'payPassword', remainTimes: 3 });
  });

  it('fail() is code -1 with its reason', () => {
    expect(fail('smsTooFrequent')).toMatchObject({
      code: -1,
      reason: 'smsTooFrequent',
      message: '发送太频繁，请稍后再试',
    });
    expect(fail('smsCodeInvalid').english).toBe('The code is wrong or has expired.');
  });

  it('preconditionRequired() is 41002 with the step and the reason’s text in data', () => {
    expect(preconditionRequired('bindPhone', 'bindPhoneFirst')).toMatchObject({
      code: 41002,
      reason: 'bindPhoneFirst',
      message: '请先绑定手机号',
      data: { action: 'bindPhone', message: '请先绑定手机号' },
    });
  });
});
