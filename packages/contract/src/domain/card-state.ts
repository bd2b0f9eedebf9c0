/**
 * Why a card is stopped or limited, and what lifts it (SCREENS §6 simStatus; issue 17 "every stopped or
 * limited card says why"). The operator's own stop reason arrives through the carrier gateway, mapped once
 * per operator platform to one of `SIM_STOP_REASONS` and stored on the card (`SimInfo.stopReason`); the
 * card's condition adds what the shop knows itself (arrears, the pool, the package's end, the device).
 */

/** Card states (SCREENS §6 `sim_status`). */
export const SimStatus = { INACTIVE: 1, NORMAL: 2, STOPPED: 3, CLOSED: 4 } as const;

/**
 * The stop reasons an operator reports, in our words. '' = none, or the operator gave none.
 * - arrears: stopped for money owed (credit control, 欠停);
 * - violation: a usage rule was broken (机卡分离, a fixed-location card used elsewhere, 违章);
 * - realname: stopped until real-name is done (未实名);
 * - packageExpired: the package ran out (商品到期);
 * - operator: the operator's own management stop (强制停机, M2M 管理停机, 预销户);
 * - requested: stopped on request (the holder's or the reseller's: 报停, 挂失, 主动停机).
 */
export const SIM_STOP_REASONS = [
  '',
  'arrears',
  'violation',
  'realname',
  'packageExpired',
  'operator',
  'requested',
] as const;
export type SimStopReason = (typeof SIM_STOP_REASONS)[number];

/**
 * Stops the shop may ask the operator to lift once the holder has paid what is owed: an arrears stop, or a
 * stop the operator gave no reason for. The others are lifted by their own fix (a package, real-name,
 * removing the violation) or by the operator alone.
 */
export function resumableAfterArrears(stopReason: string): boolean {
  return stopReason === 'arrears' || stopReason === '';
}

interface RealnameFields {
  needAuth: number;
  authStatus: number;
}

/**
 * The card still has to finish the operator's real-name: the card needs it and it is not done. A real-named
 * card is never asked again, whatever a stale `needAuth` says (the flag is cleared at the next sync).
 */
export function needsOperatorRealname(sim: RealnameFields): boolean {
  return sim.needAuth === 1 && sim.authStatus !== 1;
}

/** The same for the platform's own real-name (`authPlatformStatus`). */
export function needsPlatformRealname(sim: { needPlatformAuth: number; authPlatformStatus: number }): boolean {
  return sim.needPlatformAuth === 1 && sim.authPlatformStatus !== 1;
}

/**
 * What the card home says about a card, first match wins (the same order as the blocking prompts:
 * a violation first, real-name before packages):
 * - closed: 已销户 (simStatus 4 or cancelStatus 2);
 * - violation: a violation restriction (`breakRuleId`, or the operator's violation stop);
 * - arrears: money owed (`arrearsBalance` > 0), whether it stopped the card yet or not;
 * - resuming: an arrears stop whose arrears are paid, until the operator's next sync shows the card running;
 * - realname / realnameReview: real-name to do, or under review, on a card that needs it or was stopped for it;
 * - packageExpired: stopped because the package ended (or stopped with the card's end date past);
 * - operator: the operator's own stop; requested: stopped on request; stopped: stopped, reason unknown;
 * - inactive: 待激活 with nothing to do but a package;
 * - poolExhausted: running, but the pool is used up (no unlimited flow, no pay-as-you-go);
 * - deviceOffline: a device whose card runs but that is not online.
 */
export type CardCondition =
  | 'closed'
  | 'violation'
  | 'arrears'
  | 'resuming'
  | 'realname'
  | 'realnameReview'
  | 'packageExpired'
  | 'operator'
  | 'requested'
  | 'stopped'
  | 'inactive'
  | 'poolExhausted'
  | 'deviceOffline';

export interface CardConditionFields extends RealnameFields {
  simStatus: number;
  stopReason: string;
  cancelStatus: number;
  breakRuleId: number;
  arrearsBalance: string;
  /** 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai) or null. */
  endAt: string | null;
  isInfiniteFlow: number;
  totalFlow: number;
  useFlow: number;
  volumePackageId: number;
  sourceType: number;
  onlineStatus: number;
}

/** `endAt` ('YYYY-MM-DD HH:mm:ss', Asia/Shanghai) is in the past at `now`. */
function endedAt(endAt: string | null, now: number): boolean {
  if (!endAt) return false;
  const at = Date.parse(`${endAt.replace(' ', 'T')}+08:00`);
  return Number.isFinite(at) && at <= now;
}

export function cardCondition(sim: CardConditionFields, now = Date.now()): CardCondition | null {
  if (sim.simStatus === SimStatus.CLOSED || sim.cancelStatus === 2) return 'closed';
  if (sim.breakRuleId > 0 || (sim.simStatus === SimStatus.STOPPED && sim.stopReason === 'violation')) {
    return 'violation';
  }
  if (Number(sim.arrearsBalance) > 0) return 'arrears';
  const stopped = sim.simStatus === SimStatus.STOPPED;
  if (stopped && sim.stopReason === 'arrears') return 'resuming';
  const realname = sim.needAuth === 1 || (stopped && sim.stopReason === 'realname');
  if (realname && sim.authStatus === 2) return 'realnameReview';
  if (realname && sim.authStatus !== 1) return 'realname';
  if (stopped) {
    if (sim.stopReason === 'packageExpired' || (sim.stopReason === '' && endedAt(sim.endAt, now))) {
      return 'packageExpired';
    }
    if (sim.stopReason === 'operator') return 'operator';
    if (sim.stopReason === 'requested') return 'requested';
    return 'stopped';
  }
  if (sim.simStatus === SimStatus.INACTIVE) return 'inactive';
  const exhausted =
    sim.isInfiniteFlow !== 1 && sim.volumePackageId === 0 && sim.totalFlow > 0 && sim.useFlow >= sim.totalFlow;
  if (exhausted) return 'poolExhausted';
  if (sim.sourceType === 2 && sim.onlineStatus === 0) return 'deviceOffline';
  return null;
}
