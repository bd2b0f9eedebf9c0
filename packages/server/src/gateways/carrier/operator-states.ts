/**
 * The operator platforms' card states, each mapped once to ours (SCREENS §6 simStatus) and a stop reason
 * (domain/card-state.ts). An adapter reports what its platform said, in the platform's own words
 * (`OperatorState`); `mapOperatorState` is the only place that reads them. PROVIDERS.md "Carrier platforms".
 *
 * Vocabularies, as the platforms document them:
 * - OneLink (China Mobile, EC API v5): `sim-status` cardStatus 1 待激活, 2 已激活, 4 停机, 6 可测试, 7 库存,
 *   8 预销户; `sim-stop-reason` gives twelve positions of 0/2, a 2 at a position naming one reason, several
 *   at once possible (000020000020 = 信控 and 强制).
 * - Jasper / Control Center (China Unicom 10646): device status ACTIVATED, ACTIVATION_READY, INVENTORY,
 *   TEST_READY, DEACTIVATED, RETIRED, PURGED, REPLACED; no stop reason.
 * - CMP (China Telecom): productStatusCd 1 在用, 2 用户报停, 3 用户拆机, 5 欠停(双向), 6 欠停(单向),
 *   7 违章停机, 8 挂失, 19 活卡待激活, 100001 已激活, 120000 停机, 140003 未激活, 150001 未实名制违规停机,
 *   99999 销户; the state itself says why.
 */
import type { SimStopReason } from '@haoka/contract';

export const OPERATOR_PLATFORMS = ['onelink', 'jasper', 'ctcmp'] as const;
export type OperatorPlatform = (typeof OPERATOR_PLATFORMS)[number];

/** What an operator platform said about a card, in its own words. */
export interface OperatorState {
  platform: OperatorPlatform;
  /** The platform's state code as sent ('4', 'DEACTIVATED', '150001'). */
  state: string;
  /** The platform's separate stop-reason code ('' when it sends none, as Jasper and CMP). */
  stopReason: string;
}

export type OurSimStatus = 1 | 2 | 3 | 4;

/** Our view of an operator state: the card's simStatus and why it is stopped ('' none or not said). */
export interface OurState {
  simStatus: OurSimStatus;
  stopReason: SimStopReason;
}

interface StateRow {
  simStatus: OurSimStatus;
  /** The reason the state itself names; a stop without one takes it from `stopReasons`. */
  stopReason?: SimStopReason;
  /** The platform's own name of the state, for the reader and the logs. */
  label: string;
}

interface StopReasonRow {
  code: string;
  stopReason: SimStopReason;
  label: string;
}

export interface OperatorStateTable {
  states: Record<string, StateRow>;
  /**
   * The platform's stop-reason codes, first match wins (so the order is the priority when several are
   * given: what only the operator can lift comes first). `flags`: a row matches when the reported code
   * has a 2 wherever the row has one (OneLink); `equal`: the codes are equal.
   */
  stopReasons: StopReasonRow[];
  reasonMatch: 'flags' | 'equal';
}

export const OPERATOR_STATE_TABLES: Record<OperatorPlatform, OperatorStateTable> = {
  onelink: {
    states: {
      '1': { simStatus: 1, label: '待激活' },
      '2': { simStatus: 2, label: '已激活' },
      '4': { simStatus: 3, label: '停机' },
      '6': { simStatus: 2, label: '可测试' },
      '7': { simStatus: 1, label: '库存' },
      '8': { simStatus: 3, stopReason: 'operator', label: '预销户' },
    },
    stopReasons: [
      { code: '000000000020', stopReason: 'operator', label: '强制双向停机' },
      { code: '000200000000', stopReason: 'operator', label: 'M2M 管理停机' },
      { code: '020000000000', stopReason: 'violation', label: '机卡分离停机' },
      { code: '000000000200', stopReason: 'violation', label: '区域限制（位置固定）管理型停机' },
      { code: '000020000000', stopReason: 'arrears', label: '信控双向停机' },
      { code: '200000000000', stopReason: 'packageExpired', label: '商品到期失效停机' },
      { code: '000000002000', stopReason: 'requested', label: '主动（申请）双向停机' },
    ],
    reasonMatch: 'flags',
  },
  jasper: {
    states: {
      ACTIVATED: { simStatus: 2, label: 'Activated' },
      TEST_READY: { simStatus: 1, label: 'Test Ready' },
      ACTIVATION_READY: { simStatus: 1, label: 'Activation Ready' },
      INVENTORY: { simStatus: 1, label: 'Inventory' },
      DEACTIVATED: { simStatus: 3, label: 'Deactivated' },
      RETIRED: { simStatus: 4, label: 'Retired' },
      PURGED: { simStatus: 4, label: 'Purged' },
      REPLACED: { simStatus: 4, label: 'Replaced' },
    },
    stopReasons: [],
    reasonMatch: 'equal',
  },
  ctcmp: {
    states: {
      '1': { simStatus: 2, label: '在用' },
      '100001': { simStatus: 2, label: '已激活' },
      '19': { simStatus: 1, label: '活卡待激活' },
      '140003': { simStatus: 1, label: '未激活' },
      '120000': { simStatus: 3, label: '停机' },
      '5': { simStatus: 3, stopReason: 'arrears', label: '欠停(双向)' },
      '6': { simStatus: 3, stopReason: 'arrears', label: '欠停(单向)' },
      '7': { simStatus: 3, stopReason: 'violation', label: '违章停机' },
      '150001': { simStatus: 3, stopReason: 'realname', label: '未实名制违规停机' },
      '2': { simStatus: 3, stopReason: 'requested', label: '用户报停' },
      '8': { simStatus: 3, stopReason: 'requested', label: '挂失' },
      '3': { simStatus: 4, label: '用户拆机' },
      '99999': { simStatus: 4, label: '销户' },
    },
    stopReasons: [],
    reasonMatch: 'equal',
  },
};

function reasonMatches(table: OperatorStateTable, row: StopReasonRow, reported: string): boolean {
  if (table.reasonMatch === 'equal') return row.code === reported;
  if (reported.length !== row.code.length) return false;
  return [...row.code].every((c, i) => c !== '2' || reported[i] === '2');
}

/**
 * Our state for what a platform said; undefined for a state code the table does not know (the caller
 * keeps the card's stored state and logs it). A running or new card has no stop reason.
 */
export function mapOperatorState(reported: OperatorState): OurState | undefined {
  const table = OPERATOR_STATE_TABLES[reported.platform];
  const row = table?.states[reported.state];
  if (!row) return undefined;
  if (row.simStatus !== 3) return { simStatus: row.simStatus, stopReason: '' };
  if (row.stopReason) return { simStatus: 3, stopReason: row.stopReason };
  const reason = table.stopReasons.find((r) => reasonMatches(table, r, reported.stopReason));
  return { simStatus: 3, stopReason: reason?.stopReason ?? '' };
}

/**
 * The stop reason a card keeps after a sync: the mapped one, except when the platform's answer carries no
 * reason at all (Jasper never does; a OneLink batch row may leave it out) for a card that was already
 * stopped, which keeps the reason the shop knows instead of losing it. A card that is running, or stopped
 * now for the first time, takes what the platform said ('' when nothing).
 */
export function syncedStopReason(
  reported: OperatorState,
  mapped: OurState,
  stored: { simStatus: number; stopReason: string },
): string {
  const unsaid = mapped.simStatus === 3 && mapped.stopReason === '' && reported.stopReason === '';
  return unsaid && stored.simStatus === 3 ? stored.stopReason : mapped.stopReason;
}

/**
 * What a platform would say for one of our states: the first state of its table that maps to it (with
 * the stop-reason code that names the reason, where the platform gives one apart); for a reason the
 * platform cannot say, its stop without a reason. Undefined when the platform has no such state (OneLink
 * has no closed one). Used by the carrier simulator, which speaks each platform's words.
 */
export function encodeOperatorState(platform: OperatorPlatform, ours: OurState): OperatorState | undefined {
  const table = OPERATOR_STATE_TABLES[platform];
  const entries = Object.entries(table.states);
  const exact = entries.find(
    ([, row]) =>
      row.simStatus === ours.simStatus && (row.stopReason ?? '') === (ours.simStatus === 3 ? ours.stopReason : ''),
  );
  if (ours.simStatus === 3 && ours.stopReason !== '' && !exact) {
    const stop = entries.find(([, row]) => row.simStatus === 3 && !row.stopReason);
    const reason = table.stopReasons.find((r) => r.stopReason === ours.stopReason);
    if (stop && reason) return { platform, state: stop[0], stopReason: reason.code };
  }
  const found = exact ?? entries.find(([, row]) => row.simStatus === ours.simStatus && !row.stopReason);
  if (!found) return undefined;
  const noReason = table.reasonMatch === 'flags' && ours.simStatus === 3 ? '000000000000' : '';
  return { platform, state: found[0], stopReason: noReason };
}
