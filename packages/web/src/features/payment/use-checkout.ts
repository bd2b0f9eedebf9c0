/**
 * The one checkout flow: paying with a chosen method, from a checkout (a recharge, a recharge activity, a
 * package, VIP, acceleration) or a cashier (shop, card and points-mall orders).
 *
 * - choose: the caller's form holds the method; `pay(payType)` starts;
 * - the card balance asks for the pay password first (none set yet → 请先设置支付密码 → 支付密码), and the
 *   keyboard's six digits send it;
 * - send: one `useAction` (busy, a second tap ignored, the loading mask, failures told once), with one
 *   idempotency key per intent (`intentOf`: a retry of the same intent reuses it); an online method sends
 *   this page as `returnUrl`;
 * - launch: `paid` at once → `onPaid`; else the launch step (`launch.ts`: the provider's page, WeChat's
 *   sheet), either here (`onCheck`: look for the result) or at the cashier route (`cashierPath`).
 *
 * A refusal on the keyboard (41001 tries left or locked, 41002 the step to do first) is the keyboard's;
 * anything else closes it and reaches `onError` after the request wrapper told it.
 */
import type { PayLaunch, PayType } from '@haoka/contract';
import { useRef } from 'react';
import { useAction } from '../../platform/use-action';
import type { PayKeyboardPopupProps } from '../iot-buy/components/pay-keyboard';
import { usePayKeyboard } from '../iot-buy/components/use-pay-keyboard';
import { browser } from '../order/browser';
import { createOrderIntent } from '../order/order-intent';
import { followLaunch, followLaunchHere, isLaunchPaid } from './launch';

export interface PayChoice {
  payType: PayType;
  payPassword?: string;
  returnUrl?: string;
}

type Launched = Pick<PayLaunch, 'orderSn' | 'payType' | 'paid' | 'payStatus' | 'payUrl' | 'jsapi'>;

export interface CheckoutOptions<L extends Launched> {
  /** Sends the choice with the intent's idempotency key (a call that takes none ignores it). */
  send: (pay: PayChoice, uuid: string) => Promise<L>;
  /** What the intent is for a choice (its key is kept while this stays the same); by default the choice. */
  intentOf?: (pay: PayChoice) => Record<string, unknown>;
  /** Whether the card has a pay password (1), for the balance. */
  existPayPassword?: number;
  /** The loading mask's text (加载中… if not given). */
  loadingText?: string;
  /** Codes `send` asked the request wrapper to keep silent (the keyboard's 41001/41002). */
  silentCodes?: readonly number[];
  /** After the launch: look for the result here, or go to the cashier route (replacing this page if asked). */
  follow: { onCheck: () => void } | { cashierPath: string; replace?: boolean };
  /** Paid at once (from the balance, or nothing to pay): the result is known. */
  onPaid?: (launch: L) => void;
  /** Launched and not paid yet, before following it. */
  onLaunched?: (launch: L) => void;
  /** A failure the keyboard did not take (already told by the request wrapper). */
  onError?: (error: unknown) => void;
}

export interface Checkout {
  /** Pays with the chosen method: the balance asks for the password first. Ignored while busy. */
  pay: (payType: PayType) => Promise<void>;
  busy: boolean;
  /** Spread into PayKeyboardPopup, with the amount. */
  keyboard: Omit<PayKeyboardPopupProps, 'amount'>;
}

export function useCheckout<L extends Launched>(options: CheckoutOptions<L>): Checkout {
  const intent = useRef(createOrderIntent()).current;
  const keyboard = usePayKeyboard();
  const latest = useRef(options);
  latest.current = options;

  const action = useAction(
    (pay: PayChoice) => {
      const { send, intentOf } = latest.current;
      return send(pay, intent.uuidFor(intentOf ? intentOf(pay) : { ...pay }));
    },
    {
      loading: options.loadingText ?? true,
      silentCodes: options.silentCodes,
      onSuccess: async (launch) => {
        const { follow, onPaid, onLaunched } = latest.current;
        if (isLaunchPaid(launch) && onPaid) {
          keyboard.close();
          onPaid(launch);
          return;
        }
        keyboard.close();
        onLaunched?.(launch);
        if ('onCheck' in follow) await followLaunchHere(launch, follow.onCheck);
        else await followLaunch(launch, follow.cashierPath, follow.replace);
      },
      onError: (error) => {
        if (keyboard.fail(error)) return;
        latest.current.onError?.(error);
      },
    },
  );

  const pay = async (payType: PayType) => {
    if (action.busy) return;
    if (payType === 'balance') {
      await keyboard.ask(latest.current.existPayPassword ?? 0);
      return;
    }
    await action.run({ payType, returnUrl: browser.currentUrl() });
  };

  return {
    pay,
    busy: action.busy,
    keyboard: {
      ...keyboard.popup,
      busy: action.busy,
      onComplete: (password: string) => void action.run({ payType: 'balance', payPassword: password }),
    },
  };
}
