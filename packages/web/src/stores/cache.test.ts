import type { BaseConfig, GenericConfig } from '@haoka/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { useCacheStore } from './cache';
import { ANSWERS_VERSION } from './persist';

const GENERIC: GenericConfig = {
  orderQueryMode: 1,
  loginAvatar: '/avatar.png',
  appUpdate: null,
  smsCodeLength: 6,
  payTimeoutMinutes: { shop: 30, iot: 15 },
};

function fields() {
  const { patchCache: _a, patchFilter: _b, ...state } = useCacheStore.getState();
  return state;
}

const DEFAULTS = {
  baseConfig: null,
  genericConfig: null,
  filter: { indexFirstGroup: 0, indexArrange: 1, provinceCache: {} },
  recentSearches: [],
  wifiCodes: [],
};

beforeEach(async () => {
  await useCacheStore.persist.rehydrate();
});

describe('cache store', () => {
  it('has the defaults', () => {
    expect(fields()).toEqual(DEFAULTS);
  });

  it('patchFilter keeps the other filter fields and persists', async () => {
    useCacheStore.getState().patchFilter({ indexArrange: 2 });
    useCacheStore.getState().patchFilter({ indexFirstGroup: 1 });
    expect(useCacheStore.getState().filter).toEqual({ indexFirstGroup: 1, indexArrange: 2, provinceCache: {} });
    expect(readStored('cache')?.filter).toEqual({ indexFirstGroup: 1, indexArrange: 2, provinceCache: {} });
    await useCacheStore.persist.rehydrate();
    expect(useCacheStore.getState().filter.indexArrange).toBe(2);
  });

  it('drops a corrupted JSON value without throwing', async () => {
    silenceWarnings();
    useCacheStore.getState().patchCache({ recentSearches: ['888'] });
    localStorage.setItem('shop:cache', 'undefined');
    await expect(useCacheStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(fields()).toEqual(DEFAULTS);
  });

  it.each([
    [7, 1],
    [0, 1],
    ['grid', 1],
    [null, 1],
    [2, 2],
    [1, 1],
  ])('indexArrange %j stored reads as %j (outside 1..2 falls back to 1)', async (stored, expected) => {
    writeStored('cache', { filter: { indexFirstGroup: 2, indexArrange: stored, provinceCache: {} } });
    await useCacheStore.persist.rehydrate();
    expect(useCacheStore.getState().filter).toEqual({ indexFirstGroup: 2, indexArrange: expected, provinceCache: {} });
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('cache', {
      baseConfig: 'not a config' as unknown as BaseConfig,
      genericConfig: GENERIC,
      filter: { indexFirstGroup: 1.5, indexArrange: 7, provinceCache: { '110000': 'bad' } },
      recentSearches: ['888', '666'],
      wifiCodes: 'nope',
    });
    await useCacheStore.persist.rehydrate();
    expect(fields()).toEqual({
      baseConfig: null,
      genericConfig: GENERIC,
      filter: { indexFirstGroup: 0, indexArrange: 1, provinceCache: {} },
      recentSearches: ['888', '666'],
      wifiCodes: [],
    });
  });

  it('forgets the server answers stored under another contract, and keeps the rest', async () => {
    const provinces = [{ code: '110000', name: '北京市', level: 1 as const }];
    const stored = {
      baseConfig: { front: { title: 'old shape' } } as unknown as BaseConfig,
      genericConfig: GENERIC,
      filter: { indexFirstGroup: 2, indexArrange: 2, provinceCache: { root: provinces } },
      recentSearches: ['888'],
      wifiCodes: ['A1B2C3'],
    };
    writeStored('cache', stored, ANSWERS_VERSION + 1);
    await useCacheStore.persist.rehydrate();
    expect(fields()).toEqual({
      baseConfig: null,
      genericConfig: null,
      filter: { indexFirstGroup: 2, indexArrange: 2, provinceCache: {} },
      recentSearches: ['888'],
      wifiCodes: ['A1B2C3'],
    });
    // Stored again under this contract: read back whole.
    writeStored('cache', stored, ANSWERS_VERSION);
    await useCacheStore.persist.rehydrate();
    expect(fields()).toEqual(stored);
  });

  it('keeps a valid province cache', async () => {
    const provinces = [{ code: '110000', name: '北京市', level: 1 as const }];
    writeStored('cache', { filter: { indexFirstGroup: 0, indexArrange: 1, provinceCache: { root: provinces } } });
    await useCacheStore.persist.rehydrate();
    expect(useCacheStore.getState().filter.provinceCache).toEqual({ root: provinces });
  });
});
