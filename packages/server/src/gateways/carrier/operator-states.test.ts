import { SIM_STOP_REASONS } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import {
  encodeOperatorState,
  mapOperatorState,
  OPERATOR_PLATFORMS,
  OPERATOR_STATE_TABLES,
  type OperatorPlatform,
  type OurState,
  syncedStopReason,
} from './operator-states.js';

const map = (platform: OperatorPlatform, state: string, stopReason = '') =>
  mapOperatorState({ platform, state, stopReason });

describe('operator state tables', () => {
  it('OneLink: states, the twelve-position stop reasons and their priority when several are set', () => {
    expect(map('onelink', '1')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('onelink', '2')).toEqual({ simStatus: 2, stopReason: '' });
    expect(map('onelink', '6')).toEqual({ simStatus: 2, stopReason: '' });
    expect(map('onelink', '7')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('onelink', '8')).toEqual({ simStatus: 3, stopReason: 'operator' });
    expect(map('onelink', '4', '000000000000')).toEqual({ simStatus: 3, stopReason: '' });
    expect(map('onelink', '4', '000020000000')).toEqual({ simStatus: 3, stopReason: 'arrears' });
    expect(map('onelink', '4', '020000000000')).toEqual({ simStatus: 3, stopReason: 'violation' });
    expect(map('onelink', '4', '000000000200')).toEqual({ simStatus: 3, stopReason: 'violation' });
    expect(map('onelink', '4', '200000000000')).toEqual({ simStatus: 3, stopReason: 'packageExpired' });
    expect(map('onelink', '4', '000200000000')).toEqual({ simStatus: 3, stopReason: 'operator' });
    expect(map('onelink', '4', '000000002000')).toEqual({ simStatus: 3, stopReason: 'requested' });
    // 信控 and 强制 together: paying cannot lift the operator's forced stop, so that one is said.
    expect(map('onelink', '4', '000020000020')).toEqual({ simStatus: 3, stopReason: 'operator' });
    expect(map('onelink', '4', '020020000000')).toEqual({ simStatus: 3, stopReason: 'violation' });
    // A running card's reason code says nothing.
    expect(map('onelink', '2', '000020000000')).toEqual({ simStatus: 2, stopReason: '' });
  });

  it('Jasper: statuses without reasons', () => {
    expect(map('jasper', 'ACTIVATED')).toEqual({ simStatus: 2, stopReason: '' });
    expect(map('jasper', 'ACTIVATION_READY')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('jasper', 'TEST_READY')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('jasper', 'INVENTORY')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('jasper', 'DEACTIVATED')).toEqual({ simStatus: 3, stopReason: '' });
    for (const state of ['RETIRED', 'PURGED', 'REPLACED']) expect(map('jasper', state)?.simStatus).toBe(4);
  });

  it('China Telecom CMP: the state names the reason', () => {
    expect(map('ctcmp', '1')).toEqual({ simStatus: 2, stopReason: '' });
    expect(map('ctcmp', '100001')).toEqual({ simStatus: 2, stopReason: '' });
    expect(map('ctcmp', '19')).toEqual({ simStatus: 1, stopReason: '' });
    expect(map('ctcmp', '5')).toEqual({ simStatus: 3, stopReason: 'arrears' });
    expect(map('ctcmp', '6')).toEqual({ simStatus: 3, stopReason: 'arrears' });
    expect(map('ctcmp', '7')).toEqual({ simStatus: 3, stopReason: 'violation' });
    expect(map('ctcmp', '150001')).toEqual({ simStatus: 3, stopReason: 'realname' });
    expect(map('ctcmp', '2')).toEqual({ simStatus: 3, stopReason: 'requested' });
    expect(map('ctcmp', '8')).toEqual({ simStatus: 3, stopReason: 'requested' });
    expect(map('ctcmp', '120000')).toEqual({ simStatus: 3, stopReason: '' });
    expect(map('ctcmp', '99999')).toEqual({ simStatus: 4, stopReason: '' });
  });

  it('an unknown state is not guessed', () => {
    expect(map('onelink', '3')).toBeUndefined();
    expect(map('jasper', 'activated')).toBeUndefined();
    expect(map('ctcmp', '')).toBeUndefined();
  });

  it('every row maps to a card state and a known reason', () => {
    for (const platform of OPERATOR_PLATFORMS) {
      const table = OPERATOR_STATE_TABLES[platform];
      for (const [state, row] of Object.entries(table.states)) {
        expect([1, 2, 3, 4], `${platform} ${state}`).toContain(row.simStatus);
        if (row.stopReason) expect(SIM_STOP_REASONS).toContain(row.stopReason);
      }
      for (const reason of table.stopReasons) expect(SIM_STOP_REASONS).toContain(reason.stopReason);
    }
  });

  it('says each of our states in a platform’s words so that it maps back, or to the nearest it can say', () => {
    const ours: OurState[] = [
      { simStatus: 1, stopReason: '' },
      { simStatus: 2, stopReason: '' },
      ...SIM_STOP_REASONS.map((stopReason) => ({ simStatus: 3 as const, stopReason })),
    ];
    for (const platform of OPERATOR_PLATFORMS) {
      for (const state of ours) {
        const said = encodeOperatorState(platform, state);
        expect(said, `${platform} ${JSON.stringify(state)}`).toBeDefined();
        const back = mapOperatorState(said as NonNullable<typeof said>);
        expect(back?.simStatus).toBe(state.simStatus);
        // A reason the platform has no words for comes back as none given.
        expect(['', state.stopReason]).toContain(back?.stopReason);
      }
    }
    expect(encodeOperatorState('onelink', { simStatus: 3, stopReason: 'arrears' })).toEqual({
      platform: 'onelink',
      state: '4',
      stopReason: '000020000000',
    });
    expect(encodeOperatorState('ctcmp', { simStatus: 3, stopReason: 'arrears' })?.state).toBe('5');
    expect(encodeOperatorState('jasper', { simStatus: 3, stopReason: 'arrears' })?.state).toBe('DEACTIVATED');
    expect(encodeOperatorState('ctcmp', { simStatus: 4, stopReason: '' })).toBeDefined();
    expect(encodeOperatorState('onelink', { simStatus: 4, stopReason: '' })).toBeUndefined();
  });

  it('a stop whose answer carries no reason keeps the reason the shop knows; a reason said, or running, replaces it', () => {
    const stopped = { simStatus: 3, stopReason: 'arrears' };
    const reason = (platform: OperatorPlatform, state: string, stopReason: string, stored = stopped) => {
      const reported = { platform, state, stopReason };
      return syncedStopReason(reported, mapOperatorState(reported) as OurState, stored);
    };
    expect(reason('jasper', 'DEACTIVATED', '')).toBe('arrears');
    expect(reason('jasper', 'ACTIVATED', '')).toBe('');
    // Stopped only now: the platform did not say why.
    expect(reason('jasper', 'DEACTIVATED', '', { simStatus: 2, stopReason: '' })).toBe('');
    // OneLink says why, or says that no known reason is set.
    expect(reason('onelink', '4', '000000000020')).toBe('operator');
    expect(reason('onelink', '4', '000000000000')).toBe('');
    expect(reason('onelink', '4', '')).toBe('arrears');
    // A state that names its reason.
    expect(reason('ctcmp', '7', '')).toBe('violation');
  });
});
