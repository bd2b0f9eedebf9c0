/**
 * The order-query login's rules (SCREENS §1 login/index): genericConfig.orderQueryMode 1 asks 手机号 + 短信
 * 验证码, 2 asks 手机号 + 身份证后6位; the agreement must be ticked. The body carries only the mode's secret.
 */
import { isMobile, SMS_CODE_RE } from '@haoka/contract';
import type { LoginBody } from './api/login-shopper';
import './i18n';

export type LoginMode = 1 | 2;

export interface LoginValues {
  mobile: string;
  code: string;
  idCardLast6: string;
  agree: boolean;
}

export type LoginError = 'login.mobileInvalid' | 'login.codeInvalid' | 'login.idCardInvalid' | 'login.agreeRequired';

export const ID_CARD_LAST6_RE = /^\d{5}[\dXx]$/;

/** Mode 2 only when the config says so; anything else (absent, unknown) is the SMS mode. */
export function loginModeOf(orderQueryMode: number | undefined): LoginMode {
  return orderQueryMode === 2 ? 2 : 1;
}

/** The first problem of the form, in the order the shopper fills it, or null. */
export function loginError(values: LoginValues, mode: LoginMode): LoginError | null {
  if (!isMobile(values.mobile.trim())) return 'login.mobileInvalid';
  if (mode === 1 && !SMS_CODE_RE.test(values.code.trim())) return 'login.codeInvalid';
  if (mode === 2 && !ID_CARD_LAST6_RE.test(values.idCardLast6.trim())) return 'login.idCardInvalid';
  if (!values.agree) return 'login.agreeRequired';
  return null;
}

export function loginBody(values: LoginValues, mode: LoginMode): LoginBody {
  const mobile = values.mobile.trim();
  return mode === 1
    ? { mobile, code: values.code.trim(), agreeProtocol: 1 }
    : { mobile, idCardLast6: values.idCardLast6.trim().toUpperCase(), agreeProtocol: 1 };
}

/** Where to go after login: an in-app `redirect` path, else 我的订单; never another site. */
export function loginTarget(redirect: string | undefined, fallback: string): string {
  const target = (redirect ?? '').trim();
  return target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
