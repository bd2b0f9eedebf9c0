/**
 * Diagnosis (智能诊断, issue 25): one verdict per thing that can stop a card from working, read off the card's
 * state right after a sync with its operator (simRefresh, through the carrier gateway, so it is the same on
 * the simulator and on the real platforms). Each check says what it found (`finding`, a key the client
 * words in the holder's language) and how bad it is; the client adds the action that fixes it.
 *
 * The checks, in the order the page lists them: the card's state and stop reason, real-name, the network
 * (online and internet switch), the pool, the package's validity, the device (Wi-Fi devices only) and how
 * old the last sync is. The operator's platforms we speak to do not report a last network attach time, so
 * "online" is the operator's current online flag.
 */
import { type CardCondition, type CardConditionFields, cardCondition, SimStatus } from './card-state.js';

export const DIAGNOSIS_CHECKS = ['state', 'realname', 'network', 'pool', 'package', 'device', 'sync'] as const;
export type DiagnosisCheckKey = (typeof DIAGNOSIS_CHECKS)[number];

/** Every finding each check can report: the keys the client words (a test checks each has its sentence). */
export const DIAGNOSIS_FINDINGS = {
  state: [
    'running',
    'stoppedRealname',
    'closed',
    'violation',
    'arrears',
    'resuming',
    'packageExpired',
    'operator',
    'requested',
    'stopped',
    'inactive',
  ],
  realname: ['done', 'notNeeded', 'todo', 'rejected', 'review'],
  network: ['online', 'offline', 'internetOff', 'notRunning'],
  pool: ['left', 'low', 'exhausted', 'none', 'unlimited', 'payAsYouGo'],
  package: ['valid', 'endingSoon', 'expired', 'noEnd', 'none'],
  device: ['online', 'offline', 'notADevice'],
  sync: ['fresh', 'stale', 'old', 'never', 'unreachable', 'unreachableNever'],
} as const satisfies Record<DiagnosisCheckKey, readonly string[]>;

/** ok: nothing to do; warn: works, but needs attention soon; fail: this stops the card; skip: does not apply. */
export type DiagnosisVerdict = 'ok' | 'warn' | 'fail' | 'skip';

export interface DiagnosisCheck {
  check: DiagnosisCheckKey;
  verdict: DiagnosisVerdict;
  /** What was found: a key under the check, e.g. `stopped`, `exhausted`, `endingSoon`. */
  finding: string;
  /** Figures the sentence shows: days left, MB left, … */
  values: Record<string, number>;
}

export interface DiagnosisFields extends CardConditionFields {
  authPlatformStatus: number;
  needPlatformAuth: number;
  internetStatus: number;
  /** 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai) of the last sync, or null. */
  lastRobinAt: string | null;
  device: { connCount: number } | null;
}

/** A package ending within this many days is a warning. */
export const PACKAGE_ENDING_DAYS = 7;
/** Less than this share of the pool left is a warning. */
export const POOL_LOW_SHARE = 0.1;
/** A sync older than this is a warning, and older than `SYNC_OLD_MS` a failure to trust the figures. */
export const SYNC_STALE_MS = 60 * 60_000;
export const SYNC_OLD_MS = 24 * 60 * 60_000;

const DAY_MS = 86_400_000;

function shanghaiTime(text: string | null): number | null {
  if (!text) return null;
  const at = Date.parse(`${text.replace(' ', 'T')}+08:00`);
  return Number.isFinite(at) ? at : null;
}

/** Conditions that the state check reports; the others belong to their own check (pool, real-name, device). */
const STATE_CONDITIONS: ReadonlySet<CardCondition> = new Set([
  'closed',
  'violation',
  'arrears',
  'resuming',
  'packageExpired',
  'operator',
  'requested',
  'stopped',
  'inactive',
]);

function check(key: DiagnosisCheckKey, verdict: DiagnosisVerdict, finding: string, values = {}): DiagnosisCheck {
  return { check: key, verdict, finding, values };
}

function stateCheck(sim: DiagnosisFields, now: number): DiagnosisCheck {
  const condition = cardCondition(sim, now);
  if (sim.simStatus === SimStatus.STOPPED && (condition === 'realname' || condition === 'realnameReview')) {
    return check('state', 'fail', 'stoppedRealname');
  }
  if (!condition || !STATE_CONDITIONS.has(condition)) return check('state', 'ok', 'running');
  const running = sim.simStatus === SimStatus.NORMAL;
  // Arrears on a running card and a resume under way still let it work for now.
  const warn = (condition === 'arrears' && running) || condition === 'resuming' || condition === 'inactive';
  return check('state', warn ? 'warn' : 'fail', condition);
}

function realnameCheck(sim: DiagnosisFields): DiagnosisCheck {
  const operatorNeeded = sim.needAuth === 1 || (sim.simStatus === SimStatus.STOPPED && sim.stopReason === 'realname');
  const platformNeeded = sim.needPlatformAuth === 1;
  if (!operatorNeeded && !platformNeeded) {
    return check('realname', 'ok', sim.authStatus === 1 ? 'done' : 'notNeeded');
  }
  const statuses = [operatorNeeded ? sim.authStatus : 1, platformNeeded ? sim.authPlatformStatus : 1];
  if (statuses.every((s) => s === 1)) return check('realname', 'ok', 'done');
  if (statuses.includes(3)) return check('realname', 'fail', 'rejected');
  if (statuses.includes(0)) return check('realname', 'fail', 'todo');
  return check('realname', 'warn', 'review');
}

function networkCheck(sim: DiagnosisFields): DiagnosisCheck {
  if (sim.simStatus !== SimStatus.NORMAL) return check('network', 'skip', 'notRunning');
  if (sim.internetStatus !== 1) return check('network', 'fail', 'internetOff');
  if (sim.onlineStatus !== 1) return check('network', 'warn', 'offline');
  return check('network', 'ok', 'online');
}

function poolCheck(sim: DiagnosisFields): DiagnosisCheck {
  if (sim.isInfiniteFlow === 1) return check('pool', 'ok', 'unlimited');
  const total = Math.max(0, sim.totalFlow);
  const left = Math.max(0, total - sim.useFlow);
  const values = { leftMb: Math.round(left * 100) / 100, totalMb: total };
  if (sim.volumePackageId > 0 && left <= 0) return check('pool', 'ok', 'payAsYouGo', values);
  if (total <= 0) return check('pool', 'fail', 'none', values);
  if (left <= 0) return check('pool', 'fail', 'exhausted', values);
  if (left < total * POOL_LOW_SHARE) return check('pool', 'warn', 'low', values);
  return check('pool', 'ok', 'left', values);
}

function packageCheck(sim: DiagnosisFields, now: number): DiagnosisCheck {
  const end = shanghaiTime(sim.endAt);
  if (end === null) {
    return sim.totalFlow > 0 || sim.isInfiniteFlow === 1
      ? check('package', 'ok', 'noEnd')
      : check('package', 'fail', 'none');
  }
  if (end <= now) return check('package', 'fail', 'expired');
  const days = Math.ceil((end - now) / DAY_MS);
  if (days <= PACKAGE_ENDING_DAYS) return check('package', 'warn', 'endingSoon', { days });
  return check('package', 'ok', 'valid', { days });
}

function deviceCheck(sim: DiagnosisFields): DiagnosisCheck {
  if (sim.sourceType !== 2) return check('device', 'skip', 'notADevice');
  if (sim.onlineStatus !== 1) return check('device', 'fail', 'offline');
  return check('device', 'ok', 'online', { connections: sim.device?.connCount ?? 0 });
}

function syncCheck(sim: DiagnosisFields, now: number, reached: boolean): DiagnosisCheck {
  const at = shanghaiTime(sim.lastRobinAt);
  if (at === null) return check('sync', reached ? 'warn' : 'fail', reached ? 'never' : 'unreachableNever');
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (!reached) return check('sync', now - at > SYNC_OLD_MS ? 'fail' : 'warn', 'unreachable', { minutes });
  if (now - at > SYNC_OLD_MS) return check('sync', 'fail', 'old', { minutes });
  if (now - at > SYNC_STALE_MS) return check('sync', 'warn', 'stale', { minutes });
  return check('sync', 'ok', 'fresh', { minutes });
}

/**
 * The card's diagnosis, one check per `DIAGNOSIS_CHECKS` entry in that order. `reached`: the operator
 * answered the sync just made (false when simRefresh answered the stored state, `dataSyncing`).
 */
export function diagnoseCard(sim: DiagnosisFields, now: number, reached: boolean): DiagnosisCheck[] {
  return [
    stateCheck(sim, now),
    realnameCheck(sim),
    networkCheck(sim),
    poolCheck(sim),
    packageCheck(sim, now),
    deviceCheck(sim),
    syncCheck(sim, now, reached),
  ];
}

/** The worst verdict of a diagnosis: what the page's summary says. */
export function overallVerdict(checks: readonly DiagnosisCheck[]): Exclude<DiagnosisVerdict, 'skip'> {
  if (checks.some((c) => c.verdict === 'fail')) return 'fail';
  if (checks.some((c) => c.verdict === 'warn')) return 'warn';
  return 'ok';
}
