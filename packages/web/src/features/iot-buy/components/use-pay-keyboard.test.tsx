import { ErrorCode } from '@haoka/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { ApiError } from '../../../platform/request';
import { bodyText, dialogButtons } from '../../../test/dom';
import { usePayKeyboard } from './use-pay-keyboard';

const wrong = (remainTimes: number) =>
  new ApiError(ErrorCode.VERIFY_REQUIRED, '', { field: 'payPassword', remainTimes });

describe('usePayKeyboard', () => {
  afterEach(async () => {
    await setLocale('zh-Hans');
  });

  it('opens afresh, and a 41001 reopens it cleared with the tries left or the lock', () => {
    const { result } = renderHook(() => usePayKeyboard());
    expect(result.current.popup).toMatchObject({ visible: false, error: null, disabled: false, resetKey: 0 });

    act(() => result.current.open());
    expect(result.current.popup).toMatchObject({ visible: true, error: null, disabled: false, resetKey: 1 });

    act(() => result.current.close());
    let told = false;
    act(() => {
      told = result.current.fail(wrong(3));
    });
    expect(told).toBe(true);
    expect(result.current.popup).toMatchObject({
      visible: true,
      error: '支付密码错误，还可尝试3次',
      disabled: false,
      resetKey: 2,
    });

    act(() => {
      result.current.fail(new ApiError(ErrorCode.VERIFY_REQUIRED, '', { remainTimes: 0 }));
    });
    expect(result.current.popup).toMatchObject({
      visible: true,
      error: '支付密码已锁定 24 小时，可通过忘记密码重置',
      disabled: true,
      resetKey: 3,
    });

    act(() => result.current.open());
    expect(result.current.popup).toMatchObject({ error: null, disabled: false, resetKey: 4 });
  });

  it('counts the tries left with the locale’s plural rules', async () => {
    await setLocale('en');
    const { result } = renderHook(() => usePayKeyboard());
    act(() => {
      result.current.fail(wrong(1));
    });
    expect(result.current.popup.error).toBe('Wrong payment password, 1 attempt left');
    act(() => {
      result.current.fail(wrong(2));
    });
    expect(result.current.popup.error).toBe('Wrong payment password, 2 attempts left');
  });

  it('asks for the password: the keyboard, or without one set yet the offer to set it', async () => {
    const { result } = renderHook(() => usePayKeyboard());
    act(() => {
      void result.current.ask(0);
    });
    await waitFor(() => expect(bodyText()).toContain('请先设置支付密码'));
    expect(dialogButtons()).toEqual(['取消', '去设置']);
    expect(result.current.popup.visible).toBe(false);
    await act(() => result.current.ask(1));
    expect(result.current.popup).toMatchObject({ visible: true, error: null, resetKey: 1 });
  });

  it('anything else closes the keyboard and is left to the caller', () => {
    const { result } = renderHook(() => usePayKeyboard());
    act(() => result.current.open());
    let told = true;
    act(() => {
      told = result.current.fail(new ApiError(ErrorCode.ORDER_REJECTED, '订单已关闭'));
    });
    expect(told).toBe(false);
    expect(result.current.popup.visible).toBe(false);
  });
});
