import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reasonIssue } from './reason-issue.js';
import { ALL_REASONS, interpolate, isReason, REASONS, reasonText } from './reasons.js';

const HAN = /\p{Script=Han}/u;
const paramsOf = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));

describe('REASONS', () => {
  it('has unique camelCase ids', () => {
    expect(new Set(ALL_REASONS).size).toBe(ALL_REASONS.length);
    for (const id of ALL_REASONS) expect(id, id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('gives every reason a Chinese server text and an English text', () => {
    for (const id of ALL_REASONS) {
      const { zh, en } = REASONS[id];
      expect(zh.trim().length, id).toBeGreaterThan(0);
      expect(en.trim().length, id).toBeGreaterThan(0);
      expect(HAN.test(zh), `${id} zh: ${zh}`).toBe(true);
      expect(HAN.test(en), `${id} en: ${en}`).toBe(false);
    }
  });

  it('names in English only parameters the server text has (the answer carries them)', () => {
    for (const id of ALL_REASONS) {
      const zh = paramsOf(REASONS[id].zh);
      for (const name of paramsOf(REASONS[id].en)) expect(zh.has(name), `${id}: {{${name}}}`).toBe(true);
    }
  });

  it.each([
    ['smsCodeInvalid', '验证码错误或已过期'],
    ['smsTooFrequent', '发送太频繁，请稍后再试'],
    ['soldOut', '哎呀！客官来晚了，该商品卖光啦！'],
    ['numberTaken', '哎呀！客官来晚了，号码被他人抢先预约！'],
    ['orderRejected', '订单受理失败，请联系客服处理！'],
    ['moduleClosed', '当前访问的功能模块暂未开放，敬请期待！'],
    ['loginTimeout', '登录超时，请重新登录！'],
    ['tooManyRequests', '操作太频繁，请稍后再试'],
    ['shopClosed', '店铺不存在或已关闭'],
    ['dataSyncing', '数据同步中'],
    ['balanceTooLow', '余额不足'],
    ['pointsTooLow', '积分不足'],
    ['alreadySigned', '今日已签到'],
    ['packageGone', '套餐不存在或已下架'],
    ['notCancellable', '当前状态不可取消'],
  ] as const)('%s keeps the SPEC / API.md text %s', (id, zh) => {
    expect(REASONS[id].zh).toBe(zh);
  });
});

describe('isReason', () => {
  it('knows the table ids only', () => {
    expect(isReason('smsCodeInvalid')).toBe(true);
    expect(isReason('noSuchReason')).toBe(false);
    expect(isReason('toString')).toBe(false);
    expect(isReason(undefined)).toBe(false);
    expect(isReason(3)).toBe(false);
  });
});

describe('reasonText', () => {
  it('gives the zh-Hans text by default and the English one on request', () => {
    expect(reasonText('smsCodeInvalid')).toBe('验证码错误或已过期');
    expect(reasonText('smsCodeInvalid', null, 'en')).toBe('The code is wrong or has expired.');
  });

  it('fills parameters from the data, in both languages', () => {
    expect(reasonText('payPasswordWrong', { field: 'payPassword', remainTimes: 3 })).toBe('支付密码错误，还可尝试3次');
    expect(reasonText('payPasswordWrong', { remainTimes: 3 }, 'en')).toBe('Wrong pay password. 3 attempts left.');
    expect(reasonText('paramMissing', { field: 'mobile' })).toBe('缺少参数：mobile');
  });
});

describe('interpolate', () => {
  it('leaves a parameter the data does not carry as written', () => {
    expect(interpolate('每单最多兑换{{limit}}件', null)).toBe('每单最多兑换{{limit}}件');
    expect(interpolate('每单最多兑换{{limit}}件', { limit: { x: 1 } })).toBe('每单最多兑换{{limit}}件');
    expect(interpolate('{{a}}-{{ b }}', { a: 1, b: 'x' })).toBe('1-x');
  });
});

describe('schema messages of the endpoints', () => {
  it('reasonIssue carries the reason id as the issue message', () => {
    expect(reasonIssue('mobileInvalid')).toBe('mobileInvalid');
  });

  it('no endpoint writes a Chinese message of its own: each names a reason (reasonIssue)', () => {
    const dir = join(import.meta.dirname, 'endpoints');
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      for (const m of code.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
        if (HAN.test(m[2] ?? '')) found.push(`${file}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
