/**
 * The pay-password keyboard of a cashier (套餐订单, 会员/加速包支付, 积分商城收银台): the popup's state —
 * open, the caller's error, locked, resetKey — and how a refused balance payment is told on it.
 *
 * Paying from the balance asks for the password: a card without one yet gets 请先设置支付密码 → 去设置 →
 * 支付密码 with ?redirect= here instead of the keyboard.
 *
 * 41001: the boxes clear and shake, and the keyboard (reopened if closed) tells the tries left, or the
 * lock (with its end when the server gives one) and takes no input. 41002: the keyboard closes, the
 * step's message is toasted and the step it names opens. Anything else closes the keyboard and is the
 * caller's to handle. 忘记密码 closes it and goes to 验证身份 with ?redirect= here.
 */
import { ErrorCode } from '@haoka/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { currentUrl, navigateTo, navigateUrl } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { preconditionOf, preconditionTarget, verifyFailure } from '../package-rules';
import { PAY_PASSWORD_PATH, PAY_PASSWORD_VALIDATE_PATH } from '../paths';
import type { PayKeyboardPopupProps } from './pay-keyboard';
// The messages below are iotBuy's: loaded with this hook, whichever feature uses it.
import '../i18n';

interface KeyboardState {
  open: boolean;
  error: string | null;
  locked: boolean;
  resetKey: number;
}

/** What the hook gives PayKeyboardPopup; the caller adds amount, busy and onComplete. */
export type PayKeyboardPopupState = Pick<
  PayKeyboardPopupProps,
  'visible' | 'onClose' | 'error' | 'resetKey' | 'disabled' | 'onForgot'
>;

export interface PayKeyboard {
  /** Asks for the pay password: the keyboard afresh, or without one set yet (`existPayPassword` ≠ 1) the offer to set it. */
  ask: (existPayPassword: number) => Promise<void>;
  /** Opens the keyboard afresh: empty boxes, no error, not locked. */
  open: () => void;
  close: () => void;
  /**
   * Tells a refused payment: true when it was the keyboard's to tell (41001, 41002); otherwise the
   * keyboard is closed and the caller handles the error.
   */
  fail: (error: unknown) => boolean;
  /** Spread into PayKeyboardPopup. */
  popup: PayKeyboardPopupState;
}

export function usePayKeyboard(): PayKeyboard {
  const { t } = useTranslation();
  const [state, setState] = useState<KeyboardState>({ open: false, error: null, locked: false, resetKey: 0 });

  const close = () => setState((k) => ({ ...k, open: false }));

  const open = () => setState((k) => ({ open: true, error: null, locked: false, resetKey: k.resetKey + 1 }));

  const ask = async (existPayPassword: number) => {
    if (existPayPassword === 1) {
      open();
      return;
    }
    const go = await showModal({
      title: t('iotBuy.keyboard.setPasswordTitle'),
      content: t('iotBuy.keyboard.setPassword'),
      confirmText: t('iotBuy.keyboard.goSet'),
    });
    if (go) navigateTo(PAY_PASSWORD_PATH, { redirect: currentUrl() });
  };

  const fail = (error: unknown): boolean => {
    if (error instanceof ApiError && error.code === ErrorCode.VERIFY_REQUIRED) {
      const failure = verifyFailure(error.data);
      setState((k) => ({
        open: true,
        resetKey: k.resetKey + 1,
        locked: failure.locked,
        error: failure.locked
          ? failure.lockedUntil
            ? t('iotBuy.keyboard.lockedUntil', { time: failure.lockedUntil })
            : t('iotBuy.keyboard.locked')
          : t('iotBuy.keyboard.wrong', { count: failure.remainTimes }),
      }));
      return true;
    }
    close();
    if (error instanceof ApiError && error.code === ErrorCode.PRECONDITION_REQUIRED) {
      const step = preconditionOf(error.data);
      showToast(error.text || t('iotBuy.details.prerequisite'));
      if (step) navigateUrl(preconditionTarget(step.action, currentUrl()));
      return true;
    }
    return false;
  };

  const forgot = () => {
    close();
    navigateTo(PAY_PASSWORD_VALIDATE_PATH, { redirect: currentUrl() });
  };

  return {
    ask,
    open,
    close,
    fail,
    popup: {
      visible: state.open,
      onClose: close,
      error: state.error,
      resetKey: state.resetKey,
      disabled: state.locked,
      onForgot: forgot,
    },
  };
}
