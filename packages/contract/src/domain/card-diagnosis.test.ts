import { describe, expect, it } from 'vitest';
import { type DiagnosisFields, diagnoseCard, overallVerdict } from './card-diagnosis.js';

const NOW = Date.parse('2026-05-10T12:00:00+08:00');

const healthy: DiagnosisFields = {
  simStatus: 2,
  stopReason: '',
  cancelStatus: 0,
  breakRuleId: 0,
  arrearsBalance: '0.00',
  endAt: '2026-12-31 23:59:59',
  isInfiniteFlow: 0,
  totalFlow: 30720,
  useFlow: 1024,
  volumePackageId: 0,
  sourceType: 1,
  onlineStatus: 1,
  internetStatus: 1,
  needAuth: 1,
  authStatus: 1,
  needPlatformAuth: 0,
  authPlatformStatus: 0,
  lastRobinAt: '2026-05-10 11:55:00',
  device: null,
};

const diagnose = (patch: Partial<DiagnosisFields>, reached = true) =>
  Object.fromEntries(
    diagnoseCard({ ...healthy, ...patch }, NOW, reached).map((c) => [c.check, [c.verdict, c.finding, c.values]]),
  );

describe('card diagnosis', () => {
  it('a healthy card passes every check, in the page order, and skips the device', () => {
    const checks = diagnoseCard(healthy, NOW, true);
    expect(checks.map((c) => [c.check, c.verdict, c.finding])).toEqual([
      ['state', 'ok', 'running'],
      ['realname', 'ok', 'done'],
      ['network', 'ok', 'online'],
      ['pool', 'ok', 'left'],
      ['package', 'ok', 'valid'],
      ['device', 'skip', 'notADevice'],
      ['sync', 'ok', 'fresh'],
    ]);
    expect(overallVerdict(checks)).toBe('ok');
  });

  it('an arrears stop fails the state and leaves the network unchecked', () => {
    const d = diagnose({ simStatus: 3, stopReason: 'arrears', arrearsBalance: '23.50', onlineStatus: 0 });
    expect(d.state).toEqual(['fail', 'arrears', {}]);
    expect(d.network).toEqual(['skip', 'notRunning', {}]);
    expect(overallVerdict(diagnoseCard({ ...healthy, simStatus: 3, arrearsBalance: '1.00' }, NOW, true))).toBe('fail');
  });

  it('arrears on a running card and a resume under way are warnings', () => {
    expect(diagnose({ arrearsBalance: '5.00' }).state).toEqual(['warn', 'arrears', {}]);
    expect(diagnose({ simStatus: 3, stopReason: 'arrears' }).state).toEqual(['warn', 'resuming', {}]);
  });

  it('a violation fails the state whether the operator stopped the card for it or only restricted it', () => {
    expect(diagnose({ breakRuleId: 7 }).state[1]).toBe('violation');
    expect(diagnose({ simStatus: 3, stopReason: 'violation' }).state).toEqual(['fail', 'violation', {}]);
  });

  it('a card stopped for real-name fails the state and the real-name check', () => {
    const d = diagnose({ simStatus: 3, stopReason: 'realname', needAuth: 0, authStatus: 0 });
    expect(d.state).toEqual(['fail', 'stoppedRealname', {}]);
    expect(d.realname).toEqual(['fail', 'todo', {}]);
  });

  it('words the real-name by its state, the platform one included', () => {
    expect(diagnose({ needAuth: 0, authStatus: 0 }).realname).toEqual(['ok', 'notNeeded', {}]);
    expect(diagnose({ authStatus: 2 }).realname).toEqual(['warn', 'review', {}]);
    expect(diagnose({ authStatus: 3 }).realname).toEqual(['fail', 'rejected', {}]);
    expect(diagnose({ needPlatformAuth: 1, authPlatformStatus: 0 }).realname).toEqual(['fail', 'todo', {}]);
  });

  it('tells the internet switch from being offline', () => {
    expect(diagnose({ internetStatus: 0 }).network).toEqual(['fail', 'internetOff', {}]);
    expect(diagnose({ onlineStatus: 0 }).network).toEqual(['warn', 'offline', {}]);
  });

  it('reads the pool: left, low, used up, none, unlimited and pay-as-you-go', () => {
    expect(diagnose({}).pool).toEqual(['ok', 'left', { leftMb: 29696, totalMb: 30720 }]);
    expect(diagnose({ useFlow: 28000 }).pool[1]).toBe('low');
    expect(diagnose({ useFlow: 30720 }).pool[0]).toBe('fail');
    expect(diagnose({ useFlow: 30720 }).pool[1]).toBe('exhausted');
    expect(diagnose({ totalFlow: 0, useFlow: 0 }).pool[1]).toBe('none');
    expect(diagnose({ isInfiniteFlow: 1, useFlow: 99_999 }).pool).toEqual(['ok', 'unlimited', {}]);
    expect(diagnose({ useFlow: 40000, volumePackageId: 3 }).pool[0]).toBe('ok');
  });

  it('counts the package days and fails an ended one', () => {
    expect(diagnose({ endAt: '2026-05-14 23:59:59' }).package).toEqual(['warn', 'endingSoon', { days: 5 }]);
    expect(diagnose({ endAt: '2026-05-10 11:59:59' }).package).toEqual(['fail', 'expired', {}]);
    expect(diagnose({ endAt: null }).package).toEqual(['ok', 'noEnd', {}]);
    expect(diagnose({ endAt: null, totalFlow: 0 }).package).toEqual(['fail', 'none', {}]);
  });

  it('checks a Wi-Fi device is online', () => {
    expect(diagnose({ sourceType: 2, device: { connCount: 3 } }).device).toEqual(['ok', 'online', { connections: 3 }]);
    expect(diagnose({ sourceType: 2, onlineStatus: 0 }).device).toEqual(['fail', 'offline', {}]);
  });

  it('judges the last sync by its age, and says when the operator could not be reached', () => {
    expect(diagnose({}).sync).toEqual(['ok', 'fresh', { minutes: 5 }]);
    expect(diagnose({ lastRobinAt: '2026-05-10 09:00:00' }).sync).toEqual(['warn', 'stale', { minutes: 180 }]);
    expect(diagnose({ lastRobinAt: '2026-05-08 12:00:00' }).sync[1]).toBe('old');
    expect(diagnose({}, false).sync).toEqual(['warn', 'unreachable', { minutes: 5 }]);
    expect(diagnose({ lastRobinAt: '2026-05-01 12:00:00' }, false).sync[0]).toBe('fail');
    expect(diagnose({ lastRobinAt: null }, false).sync).toEqual(['fail', 'unreachableNever', {}]);
  });
});
