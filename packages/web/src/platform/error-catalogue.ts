/**
 * What the client does with each envelope code (SPEC §8). One exhaustive table keyed by the contract's
 * ErrorCode: a code added to the contract without a behaviour here fails to compile. What it says is the
 * answer's reason in the shopper's language (`refusalText`), the server's message for a reason it does not
 * know.
 */
import { ErrorCode } from '@haoka/contract';
import i18next from '../i18n/translator';
import { hideLoading, showActionDialog, showToast } from './feedback';
import {
  buildUrl,
  CARD_LOGIN_PATH,
  CUSTOMER_PATH,
  currentUrl,
  HOME_PATH,
  homeLink,
  SHOP_LOGIN_PATH,
} from './navigation';

type MessageKey =
  | 'errors.fail'
  | 'errors.loginTimeout'
  | 'errors.soldOut'
  | 'errors.orderRejected'
  | 'errors.numberTaken'
  | 'errors.moduleClosed'
  | 'errors.notDownstream'
  | 'errors.other';

export interface DialogButton {
  text: string;
  /** Where the button goes; null just closes the dialog. */
  target: string | null;
  primary?: boolean;
}

/** The decided reaction to one answer, free of side effects so it can be tested as data. */
export type Outcome =
  | { kind: 'resolve' }
  | { kind: 'silent' }
  | { kind: 'toast'; text: string }
  | { kind: 'redirect'; text: string; target: string }
  | { kind: 'dialog'; title?: string; content: string; buttons: DialogButton[] };

type Behaviour = (message: string, data: unknown) => Outcome;

const text = (message: string, fallback: MessageKey) => (message.trim() ? message : i18next.t(fallback));
const contactService = (): DialogButton => ({ text: i18next.t('errors.contactService'), target: CUSTOMER_PATH });

const BEHAVIOURS: Record<ErrorCode, Behaviour> = {
  [ErrorCode.OK]: () => ({ kind: 'resolve' }),
  [ErrorCode.FAIL]: (m) => ({ kind: 'toast', text: text(m, 'errors.fail') }),
  [ErrorCode.SHOP_LOGIN_TIMEOUT]: (m) => ({
    kind: 'redirect',
    text: text(m, 'errors.loginTimeout'),
    target: buildUrl(SHOP_LOGIN_PATH, { redirect: currentUrl() }),
  }),
  [ErrorCode.SIM_LOGIN_TIMEOUT]: (m) => ({
    kind: 'redirect',
    text: text(m, 'errors.loginTimeout'),
    target: buildUrl(CARD_LOGIN_PATH, { redirect: currentUrl() }),
  }),
  [ErrorCode.SOLD_OUT]: () => ({
    kind: 'dialog',
    content: i18next.t('errors.soldOut'),
    buttons: [
      contactService(),
      { text: i18next.t('errors.backToShop'), target: homeLink({ indexFirstGroup: 2 }), primary: true },
    ],
  }),
  [ErrorCode.ORDER_REJECTED]: (m) => ({
    kind: 'dialog',
    title: i18next.t('errors.orderRejectedTitle'),
    content: text(m, 'errors.orderRejected'),
    buttons: [contactService(), { text: i18next.t('common.confirm'), target: null, primary: true }],
  }),
  [ErrorCode.NUMBER_TAKEN]: () => ({
    kind: 'dialog',
    content: i18next.t('errors.numberTaken'),
    buttons: [
      contactService(),
      { text: i18next.t('errors.backToShop'), target: homeLink({ indexFirstGroup: 1 }), primary: true },
    ],
  }),
  [ErrorCode.MODULE_CLOSED]: (m) => ({ kind: 'toast', text: text(m, 'errors.moduleClosed') }),
  [ErrorCode.NOT_DIRECT_DOWNSTREAM]: (_m, data) => {
    const back = (data as { backPromoCode?: unknown } | null)?.backPromoCode;
    return {
      kind: 'dialog',
      content: i18next.t('errors.notDownstream'),
      buttons: [
        {
          text: i18next.t('errors.backToDownstream'),
          target: buildUrl(HOME_PATH, typeof back === 'string' && back ? { promoCode: back } : {}),
          primary: true,
        },
      ],
    };
  },
  [ErrorCode.VERIFY_REQUIRED]: () => ({ kind: 'silent' }),
  [ErrorCode.PRECONDITION_REQUIRED]: () => ({ kind: 'silent' }),
};

const OTHER: Behaviour = (m) => ({ kind: 'toast', text: text(m, 'errors.other') });

/** i18next options a refusal's data must not set: they would steer the lookup instead of filling the text. */
const I18N_OPTIONS = new Set([
  'count',
  'context',
  'lng',
  'lngs',
  'ns',
  'keyPrefix',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'ordinal',
  'replace',
]);

/** The text parameters of an answer's data: its strings and numbers (`{{field}}`, `{{remainTimes}}` …). */
function paramsOf(data: unknown): Record<string, string | number> {
  if (data === null || typeof data !== 'object') return {};
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!I18N_OPTIONS.has(key) && (typeof value === 'string' || typeof value === 'number')) params[key] = value;
  }
  return params;
}

/**
 * What an answer says, in the current language: the catalogue's text of its reason (contract
 * `reasons.ts`, filled from `data`), or the server's message for a reason this client does not know (or
 * none, or before the `reasons` section is loaded: i18n/load-reasons.ts). The one localization of server
 * refusals: toasts, dialogs and inline texts all read it.
 */
export function refusalText(reason: unknown, message: string, data: unknown = null): string {
  if (typeof reason === 'string' && /^[a-z][A-Za-z0-9]*$/.test(reason)) {
    const key = `reasons.${reason}` as const;
    if (typeof i18next.getResource(i18next.language, 'translation', key) === 'string') {
      return i18next.t(key as 'reasons.operationFailed', paramsOf(data));
    }
  }
  return message ?? '';
}

/** The reaction to an envelope code; unknown codes toast the message or 其他错误. */
export function outcomeFor(code: number, message: string, data: unknown, reason?: unknown): Outcome {
  const behaviour = (BEHAVIOURS as Record<number, Behaviour | undefined>)[code] ?? OTHER;
  return behaviour(refusalText(reason, message ?? '', data), data);
}

/** Performs an outcome: toast, dialog with its buttons, or toast then redirect. */
export function applyOutcome(outcome: Outcome, navigate: (target: string, replace: boolean) => void): void {
  switch (outcome.kind) {
    case 'resolve':
    case 'silent':
      return;
    case 'toast':
      showToast(outcome.text);
      return;
    case 'redirect':
      hideLoading();
      showToast(outcome.text);
      navigate(outcome.target, true);
      return;
    case 'dialog':
      hideLoading();
      showActionDialog({
        title: outcome.title,
        content: outcome.content,
        actions: outcome.buttons.map((b, i) => ({
          key: String(i),
          text: b.text,
          primary: b.primary,
          onPress: () => {
            if (b.target) navigate(b.target, false);
          },
        })),
      });
      return;
  }
}
