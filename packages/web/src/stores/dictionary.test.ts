import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { useDictionaryStore } from './dictionary';
import { ANSWERS_VERSION } from './persist';

const SIM_STATUS = [
  { label: '正常', value: '1', key: 'normal', listClass: 'success' as const },
  { label: '停机', value: '2', key: 'stopped', listClass: 'danger' as const },
];
const OPERATOR = [{ label: '中国移动', value: '1', key: 'cmcc', listClass: 'primary' as const }];

beforeEach(async () => {
  await useDictionaryStore.persist.rehydrate();
});

describe('dictionary store', () => {
  it('defaults to no options, never loaded', () => {
    const { options, loadedAt } = useDictionaryStore.getState();
    expect(options).toEqual({});
    expect(loadedAt).toBe(0);
  });

  it('setOptions merges types, stamps loadedAt and persists', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    useDictionaryStore.getState().setOptions({ sim_status: SIM_STATUS });
    useDictionaryStore.getState().setOptions({ operator_type: OPERATOR });
    expect(useDictionaryStore.getState().options).toEqual({ sim_status: SIM_STATUS, operator_type: OPERATOR });
    expect(useDictionaryStore.getState().loadedAt).toBe(1_700_000_000_000);
    expect(readStored('dictionary')).toEqual({
      options: { sim_status: SIM_STATUS, operator_type: OPERATOR },
      loadedAt: 1_700_000_000_000,
    });
    await useDictionaryStore.persist.rehydrate();
    expect(useDictionaryStore.getState().options.operator_type).toEqual(OPERATOR);
  });

  it('drops a corrupted JSON value without throwing', async () => {
    silenceWarnings();
    useDictionaryStore.getState().setOptions({ sim_status: SIM_STATUS });
    localStorage.setItem('shop:dictionary', '{"state":');
    await expect(useDictionaryStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(useDictionaryStore.getState().options).toEqual({});
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('dictionary', { options: { sim_status: SIM_STATUS }, loadedAt: 'yesterday' });
    await useDictionaryStore.persist.rehydrate();
    expect(useDictionaryStore.getState().options).toEqual({ sim_status: SIM_STATUS });
    expect(useDictionaryStore.getState().loadedAt).toBe(0);
  });

  it('drops options that are not lists of options', async () => {
    writeStored('dictionary', { options: { sim_status: ['正常'] }, loadedAt: 5 });
    await useDictionaryStore.persist.rehydrate();
    expect(useDictionaryStore.getState().options).toEqual({});
    expect(useDictionaryStore.getState().loadedAt).toBe(5);
  });

  it('forgets options stored under another contract, so they load again', async () => {
    writeStored('dictionary', { options: { sim_status: SIM_STATUS }, loadedAt: 5 }, ANSWERS_VERSION + 1);
    await useDictionaryStore.persist.rehydrate();
    expect(useDictionaryStore.getState().options).toEqual({});
    expect(useDictionaryStore.getState().loadedAt).toBe(0);
  });
});
