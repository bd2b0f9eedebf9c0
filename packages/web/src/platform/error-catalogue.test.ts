import { ALL_ERROR_CODES } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReasons } from '../i18n/load-reasons';
import i18next from '../i18n/translator';
import { bodyText, dialogButtons, expectNoOverlay, expectToast } from '../test/dom';
import { fakeRouter } from '../test/router';
import { applyOutcome, type Outcome, outcomeFor, refusalText } from './error-catalogue';
import { rememberKeptQuery } from './navigation';

const CURRENT = '/pages/goods/pretty/index?numberId=88';

function dialog(outcome: Outcome) {
  if (outcome.kind !== 'dialog') throw new Error(`expected a dialog, got ${outcome.kind}`);
  return { title: outcome.title, content: outcome.content, buttons: outcome.buttons.map((b) => [b.text, b.target]) };
}

beforeEach(() => {
  fakeRouter('/pages/goods/pretty/index', '?numberId=88');
});

describe('outcomeFor: envelope codes of SPEC §8', () => {
  it('0 resolves', () => {
    expect(outcomeFor(0, 'ok', { a: 1 })).toEqual({ kind: 'resolve' });
  });

  it('-1 toasts the server message, or 操作失败 when empty', () => {
    expect(outcomeFor(-1, '手机号格式不正确', { field: 'mobile' })).toEqual({
      kind: 'toast',
      text: '手机号格式不正确',
    });
    expect(outcomeFor(-1, '', null)).toEqual({ kind: 'toast', text: '操作失败' });
    expect(outcomeFor(-1, '   ', null)).toEqual({ kind: 'toast', text: '操作失败' });
  });

  it('61 toasts the login timeout and redirects to the order login page with the current URL', () => {
    expect(outcomeFor(61, '', null)).toEqual({
      kind: 'redirect',
      text: '登录超时，请重新登录！',
      target: `/pages/login/index?redirect=${encodeURIComponent(CURRENT)}`,
    });
    expect(outcomeFor(61, '请先登录', null)).toMatchObject({ kind: 'redirect', text: '请先登录' });
  });

  it('34061 toasts the login timeout and redirects to the card login page with the current URL', () => {
    expect(outcomeFor(34061, '', null)).toEqual({
      kind: 'redirect',
      text: '登录超时，请重新登录！',
      target: `/pages/iot/login/index?redirect=${encodeURIComponent(CURRENT)}`,
    });
    expect(outcomeFor(34061, '卡号登录已失效', null)).toMatchObject({ kind: 'redirect', text: '卡号登录已失效' });
  });

  it('30001 is the sold-out dialog with contact service and back to shop (group 2)', () => {
    expect(dialog(outcomeFor(30001, 'ignored', null))).toEqual({
      title: undefined,
      content: '哎呀！客官来晚了，该商品卖光啦！',
      buttons: [
        ['联系客服', '/pages/customer/index'],
        ['返回商城', '/pages/index/index?indexFirstGroup=2'],
      ],
    });
  });

  it('30001 back to shop follows the home link rule when a pageCode is kept', () => {
    rememberKeptQuery('?pageCode=p1');
    expect(dialog(outcomeFor(30001, '', null)).buttons[1]).toEqual([
      '返回商城',
      '/pages-sub/single/index?pageCode=p1&indexFirstGroup=2',
    ]);
  });

  it('30003 is the 温馨提示 dialog with the server message, contact service and confirm', () => {
    expect(dialog(outcomeFor(30003, '身份证号已达办理上限', null))).toEqual({
      title: '温馨提示',
      content: '身份证号已达办理上限',
      buttons: [
        ['联系客服', '/pages/customer/index'],
        ['确定', null],
      ],
    });
    expect(dialog(outcomeFor(30003, '', null)).content).toBe('订单受理失败，请联系客服处理！');
  });

  it('32001 is the number-taken dialog with back to shop (group 1)', () => {
    expect(dialog(outcomeFor(32001, '', null))).toEqual({
      title: undefined,
      content: '哎呀！客官来晚了，号码被他人抢先预约！',
      buttons: [
        ['联系客服', '/pages/customer/index'],
        ['返回商城', '/pages/index/index?indexFirstGroup=1'],
      ],
    });
  });

  it('32001 back to shop goes to the selected-picks page when a pageCode is kept', () => {
    rememberKeptQuery('?pageCode=p9');
    expect(dialog(outcomeFor(32001, '', null)).buttons[1]?.[1]).toBe(
      '/pages-sub/single/index?pageCode=p9&indexFirstGroup=1',
    );
  });

  it('40001 toasts the message or the module-closed text', () => {
    expect(outcomeFor(40001, '积分商城已关闭', null)).toEqual({ kind: 'toast', text: '积分商城已关闭' });
    expect(outcomeFor(40001, '', null)).toEqual({ kind: 'toast', text: '当前访问的功能模块暂未开放，敬请期待！' });
  });

  it('33001 is the not-downstream dialog with one button back to my downstream', () => {
    expect(dialog(outcomeFor(33001, '', { backPromoCode: 'A100' }))).toEqual({
      title: undefined,
      content: '该代理不是您的直属下级',
      buttons: [['返回我的下级', '/pages/index/index?promoCode=A100']],
    });
  });

  it('41001 and 41002 are silent', () => {
    expect(outcomeFor(41001, '支付密码错误', { field: 'payPassword', remainTimes: 2 })).toEqual({ kind: 'silent' });
    expect(outcomeFor(41002, '请先实名', { action: 'realname', message: '' })).toEqual({ kind: 'silent' });
  });

  it('an unknown code toasts the message or 其他错误', () => {
    expect(outcomeFor(12345, '奇怪的错误', null)).toEqual({ kind: 'toast', text: '奇怪的错误' });
    expect(outcomeFor(12345, '', null)).toEqual({ kind: 'toast', text: '其他错误' });
  });

  it('every contract code has a behaviour other than the unknown-code fallback', () => {
    for (const code of ALL_ERROR_CODES) {
      const outcome = outcomeFor(code, '', null);
      expect(outcome.kind === 'toast' && outcome.text === '其他错误', `code ${code}`).toBe(false);
    }
  });
});

describe('applyOutcome', () => {
  it('mounts the 30001 dialog with its buttons; 返回商城 navigates to the home link', async () => {
    const navigate = vi.fn();
    applyOutcome(outcomeFor(30001, '', null), navigate);
    await waitFor(() => expect(bodyText()).toContain('哎呀！客官来晚了，该商品卖光啦！'));
    expect(document.body.querySelector('.adm-dialog')).not.toBeNull();
    expect(dialogButtons()).toEqual(['联系客服', '返回商城']);
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByText('返回商城'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/index/index?indexFirstGroup=2', false));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('联系客服 navigates to the customer page', async () => {
    const navigate = vi.fn();
    applyOutcome(outcomeFor(32001, '', null), navigate);
    fireEvent.click(await screen.findByText('联系客服'));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/pages/customer/index', false));
  });

  it('a button without target (30003 确定) only closes the dialog', async () => {
    const navigate = vi.fn();
    applyOutcome(outcomeFor(30003, '', null), navigate);
    await waitFor(() => expect(bodyText()).toContain('温馨提示'));
    expect(dialogButtons()).toEqual(['联系客服', '确定']);
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog-button')).toBeNull());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a toast outcome puts the text in the DOM', async () => {
    applyOutcome(outcomeFor(-1, '库存不足', null), vi.fn());
    await expectToast('库存不足');
  });

  it('a redirect outcome toasts and navigates with replace', async () => {
    const navigate = vi.fn();
    applyOutcome(outcomeFor(61, '', null), navigate);
    expect(navigate).toHaveBeenCalledWith(`/pages/login/index?redirect=${encodeURIComponent(CURRENT)}`, true);
    await expectToast('登录超时，请重新登录！');
  });

  it('resolve and silent outcomes show nothing and do not navigate', async () => {
    const navigate = vi.fn();
    applyOutcome(outcomeFor(0, '', null), navigate);
    applyOutcome(outcomeFor(41001, '密码错误', null), navigate);
    await expectNoOverlay();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('refusalText and outcomes by reason', () => {
  beforeAll(() => loadReasons());

  afterEach(async () => {
    await i18next.changeLanguage('zh-Hans');
  });

  it('zh-Hans says the SPEC texts of the reasons', () => {
    expect(refusalText('smsCodeInvalid', '验证码错误或已过期')).toBe('验证码错误或已过期');
    expect(refusalText('payPasswordWrong', '', { remainTimes: 2 })).toBe('支付密码错误，还可尝试2次');
    expect(outcomeFor(-1, '发送太频繁，请稍后再试', null, 'smsTooFrequent')).toEqual({
      kind: 'toast',
      text: '发送太频繁，请稍后再试',
    });
  });

  it('English says the English text of a known reason, filled from the data', async () => {
    await i18next.changeLanguage('en');
    expect(refusalText('smsCodeInvalid', '验证码错误或已过期')).toBe('The code is wrong or has expired.');
    expect(refusalText('smsTooFrequent', '发送太频繁，请稍后再试')).toBe(
      'Codes are being sent too often. Please try again later.',
    );
    expect(refusalText('perOrderLimit', '每单最多兑换3件', { field: 'quantity', limit: 3 })).toBe(
      'At most 3 per order.',
    );
    expect(outcomeFor(-1, '验证码错误或已过期', null, 'smsCodeInvalid')).toEqual({
      kind: 'toast',
      text: 'The code is wrong or has expired.',
    });
    expect(outcomeFor(61, '登录超时，请重新登录！', null, 'loginTimeout')).toMatchObject({
      kind: 'redirect',
      text: 'Your session has expired. Please log in again.',
    });
    expect(dialog(outcomeFor(30003, '订单已关闭，请重新下单', null, 'orderClosed')).content).toBe(
      'This order is closed. Please order again.',
    );
  });

  it('data keys that are i18next options do not steer the lookup', async () => {
    await i18next.changeLanguage('en');
    expect(refusalText('smsCodeInvalid', '验证码错误或已过期', { lng: 'zh-Hans', defaultValue: 'x' })).toBe(
      'The code is wrong or has expired.',
    );
  });

  it('an unknown reason, or none, says the server message', async () => {
    await i18next.changeLanguage('en');
    expect(refusalText('notAReason', '服务端的提示')).toBe('服务端的提示');
    expect(refusalText(undefined, '服务端的提示')).toBe('服务端的提示');
    expect(refusalText('toString', '服务端的提示')).toBe('服务端的提示');
    expect(outcomeFor(-1, '服务端的提示', null, 'notAReason')).toEqual({ kind: 'toast', text: '服务端的提示' });
  });

  it('the sold-out and number-taken dialogs are in the shopper’s language whatever the message', async () => {
    await i18next.changeLanguage('en');
    for (const code of [30001, 32001, 33001]) {
      const { content, buttons } = dialog(outcomeFor(code, '哎呀！客官来晚了', { backPromoCode: 'A1' }));
      expect(`${content} ${buttons.map(([text]) => text).join(' ')}`, `code ${code}`).not.toMatch(/\p{Script=Han}/u);
    }
  });
});
