/**
 * The action that fixes each finding of the diagnosis (contract domain/card-diagnosis.ts): the card home's own
 * action for the card's state (card-state-rules.ts, so both pages fix a stop the same way), a page to open,
 * or running the diagnosis again.
 */
import type { SimInfo } from '@haoka/contract';
import type { DiagnosisCheck } from '@haoka/contract/card-diagnosis';
import {
  type CardStateAction,
  cardStatePresentation,
  DEVICE_MANAGE_PATH,
  PACKAGE_PATH,
  REALNAME_PATH,
} from '../iot-core/card-state-rules';
import { IOT_CUSTOMER_PATH } from '../iot-core/menu-rules';

export type DiagnosisActionLabel =
  | 'realname'
  | 'realnameReview'
  | 'buyPackage'
  | 'buyAddOn'
  | 'renew'
  | 'deviceManage'
  | 'service';

export type DiagnosisAction =
  | { kind: 'state'; action: CardStateAction }
  | { kind: 'open'; label: DiagnosisActionLabel; path: string; query?: Record<string, string> }
  | { kind: 'rerun' };

const open = (label: DiagnosisActionLabel, path: string, query?: Record<string, string>): DiagnosisAction =>
  query ? { kind: 'open', label, path, query } : { kind: 'open', label, path };

/** The action of one check's finding; null when there is nothing to do. */
export function diagnosisAction(check: DiagnosisCheck, sim: SimInfo, now = Date.now()): DiagnosisAction | null {
  if (check.verdict === 'ok' || check.verdict === 'skip') return null;
  switch (check.check) {
    case 'state': {
      const state = cardStatePresentation(sim, now);
      return state ? { kind: 'state', action: state.action } : open('service', IOT_CUSTOMER_PATH);
    }
    case 'realname':
      return open(check.finding === 'review' ? 'realnameReview' : 'realname', REALNAME_PATH);
    case 'network':
      return check.finding === 'internetOff' ? open('service', IOT_CUSTOMER_PATH) : { kind: 'rerun' };
    case 'pool':
      return check.finding === 'none'
        ? open('buyPackage', PACKAGE_PATH)
        : open('buyAddOn', PACKAGE_PATH, { packageType: '2' });
    case 'package':
      return open(check.finding === 'endingSoon' ? 'renew' : 'buyPackage', PACKAGE_PATH);
    case 'device':
      return open('deviceManage', DEVICE_MANAGE_PATH);
    case 'sync':
      return { kind: 'rerun' };
  }
}
