/**
 * How the card home presents a card's condition (contract domain/card-state.ts `cardCondition`): a title,
 * a plain sentence, and the one action that fixes it, with where that action goes.
 */
import { type CardCondition, cardCondition, type SimInfo } from '@haoka/contract';
import type { iotState } from '../../i18n/sections/iot-core';
import { IOT_CUSTOMER_PATH } from './menu-rules';
import './i18n';

type Strings = (typeof iotState)['zh-Hans'];
export type StateTitle = keyof Strings['title'];
export type StateText = keyof Strings['text'];

export const REALNAME_PATH = '/pages/iot/index/realnameAuth/index';
export const PACKAGE_PATH = '/pages/iot/index/package/index';
export const DEVICE_MANAGE_PATH = '/pages-sub/iot/deviceManage/index';

/**
 * What the primary action does: pay the arrears (the recharge, for exactly what is owed), lift the
 * violation (simRemoveBreak), refresh the card (simRefresh), or open a page (`path` + `query`).
 */
export type CardStateAction =
  | { kind: 'payArrears'; label: 'payArrears' }
  | { kind: 'removeBreak'; label: 'removeBreak' }
  | { kind: 'refresh'; label: 'refresh' }
  | {
      kind: 'open';
      label: 'realname' | 'realnameReview' | 'buyPackage' | 'buyAddOn' | 'service' | 'deviceManage';
      path: string;
      query?: Record<string, string>;
    };

export interface CardStatePresentation {
  condition: CardCondition;
  title: StateTitle;
  text: StateText;
  /** A stop is shown as danger, a limit as a warning. */
  tone: 'danger' | 'warning';
  /** The operator's own words about a violation (`breakTips`), shown under the sentence. */
  detail: string;
  action: CardStateAction;
}

const service: CardStateAction = { kind: 'open', label: 'service', path: IOT_CUSTOMER_PATH };
const buyPackage: CardStateAction = { kind: 'open', label: 'buyPackage', path: PACKAGE_PATH };

/** The presentation of a card's condition; null for a card that runs normally. */
export function cardStatePresentation(sim: SimInfo, now = Date.now()): CardStatePresentation | null {
  const condition = cardCondition(sim, now);
  if (!condition) return null;
  const stopped = sim.simStatus === 3;
  const base = { condition, detail: '', tone: stopped || condition === 'closed' ? 'danger' : 'warning' } as const;
  switch (condition) {
    case 'arrears':
      return {
        ...base,
        title: stopped ? 'arrears' : 'arrearsRunning',
        text: stopped ? 'arrears' : 'arrearsRunning',
        action: { kind: 'payArrears', label: 'payArrears' },
      };
    case 'resuming':
      return {
        ...base,
        tone: 'warning',
        title: 'resuming',
        text: 'resuming',
        action: { kind: 'refresh', label: 'refresh' },
      };
    case 'violation': {
      const lift = sim.breakRuleId > 0 && sim.allowRemoveBreak === 1;
      return {
        ...base,
        tone: 'danger',
        title: 'violation',
        text: lift ? 'violationLift' : 'violationService',
        detail: sim.breakTips,
        action: lift ? { kind: 'removeBreak', label: 'removeBreak' } : service,
      };
    }
    case 'realname':
      return {
        ...base,
        title: 'realname',
        text: stopped ? 'realnameStopped' : 'realname',
        action: { kind: 'open', label: 'realname', path: REALNAME_PATH },
      };
    case 'realnameReview':
      return {
        ...base,
        title: 'realnameReview',
        text: 'realnameReview',
        action: { kind: 'open', label: 'realnameReview', path: REALNAME_PATH },
      };
    case 'packageExpired':
      return { ...base, title: 'packageExpired', text: 'packageExpired', action: buyPackage };
    case 'inactive':
      return { ...base, title: 'inactive', text: 'inactive', action: buyPackage };
    case 'poolExhausted':
      return {
        ...base,
        title: 'poolExhausted',
        text: 'poolExhausted',
        action: { kind: 'open', label: 'buyAddOn', path: PACKAGE_PATH, query: { packageType: '2' } },
      };
    case 'deviceOffline':
      return {
        ...base,
        title: 'deviceOffline',
        text: 'deviceOffline',
        action: { kind: 'open', label: 'deviceManage', path: DEVICE_MANAGE_PATH },
      };
    default:
      // operator, requested, stopped, closed: only the operator or the shop can help.
      return { ...base, title: condition, text: condition, action: service };
  }
}
