import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { randomHex32, useLayoutStore } from './layout';

const HEX32 = /^[0-9a-f]{32}$/;

beforeEach(async () => {
  await useLayoutStore.persist.rehydrate();
});

function fields() {
  const { patchLayout: _actions, ...state } = useLayoutStore.getState();
  return state;
}

describe('layout store', () => {
  it('has the SPEC §3 defaults', () => {
    const { orderSessionId, ...rest } = fields();
    expect(orderSessionId).toMatch(HEX32);
    expect(rest).toEqual({
      sessionId: '',
      platformOpenId: '',
      promoCode: '',
      pageCode: '',
      pageOptions: {},
      appShowOptions: { path: '', query: {}, scene: '' },
      lockBodyScroll: false,
      goodsShowedPopup: false,
      singlePopupPrevent: {},
    });
  });

  it('a first visit (nothing stored) takes the defaults, quietly, and stores them', async () => {
    localStorage.clear();
    useLayoutStore.getState().patchLayout({ promoCode: 'P9' });
    localStorage.clear();
    const warn = vi.spyOn(console, 'warn');
    try {
      await useLayoutStore.persist.rehydrate();
      expect(warn).not.toHaveBeenCalled();
      expect(fields().promoCode).toBe('');
      expect(readStored('layout')?.promoCode).toBe('');
      expect(readStored('layout')?.orderSessionId).toMatch(HEX32);
    } finally {
      warn.mockRestore();
    }
  });

  it('randomHex32 gives 32 lowercase hex characters, different each time', () => {
    const ids = new Set(Array.from({ length: 20 }, randomHex32));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(HEX32);
  });

  it('orderSessionId stays the same after rehydration', async () => {
    const id = useLayoutStore.getState().orderSessionId;
    useLayoutStore.getState().patchLayout({ promoCode: 'P1' });
    await useLayoutStore.persist.rehydrate();
    expect(useLayoutStore.getState().orderSessionId).toBe(id);
    expect(useLayoutStore.getState().promoCode).toBe('P1');
  });

  it('a first visit keeps its orderSessionId across a reload even if nothing else was stored', async () => {
    localStorage.clear();
    await useLayoutStore.persist.rehydrate();
    const id = useLayoutStore.getState().orderSessionId;
    expect(id).toMatch(HEX32);
    expect(readStored('layout')?.orderSessionId).toBe(id);
    await useLayoutStore.persist.rehydrate();
    expect(useLayoutStore.getState().orderSessionId).toBe(id);
  });

  it('a freshly loaded store persists its orderSessionId at once', async () => {
    localStorage.clear();
    vi.resetModules();
    const fresh = await import('./layout');
    const id = fresh.useLayoutStore.getState().orderSessionId;
    expect(id).toMatch(HEX32);
    expect(readStored('layout')?.orderSessionId).toBe(id);
    vi.resetModules();
    const reloaded = await import('./layout');
    expect(reloaded.useLayoutStore.getState().orderSessionId).toBe(id);
  });

  it.each([
    ['too short', 'abc123'],
    ['upper case', 'ABCDEF0123456789ABCDEF0123456789'],
    ['not hex', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'],
    ['not a string', 12345],
  ])('regenerates an invalid stored orderSessionId (%s)', async (_name, bad) => {
    writeStored('layout', { orderSessionId: bad, promoCode: 'P7' });
    await useLayoutStore.persist.rehydrate();
    const { orderSessionId, promoCode } = useLayoutStore.getState();
    expect(orderSessionId).toMatch(HEX32);
    expect(orderSessionId).not.toBe(bad);
    expect(promoCode).toBe('P7');
  });

  it('keeps a valid stored orderSessionId', async () => {
    const stored = '0123456789abcdef0123456789abcdef';
    writeStored('layout', { orderSessionId: stored });
    await useLayoutStore.persist.rehydrate();
    expect(useLayoutStore.getState().orderSessionId).toBe(stored);
  });

  it('drops a corrupted JSON value without throwing', async () => {
    silenceWarnings();
    localStorage.setItem('shop:layout', 'not json at all');
    await expect(useLayoutStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(useLayoutStore.getState().orderSessionId).toMatch(HEX32);
    expect(useLayoutStore.getState().promoCode).toBe('');
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('layout', {
      sessionId: 's1',
      orderSessionId: 'fedcba9876543210fedcba9876543210',
      platformOpenId: 99,
      promoCode: 'P1',
      pageCode: ['x'],
      pageOptions: { a: '1' },
      appShowOptions: 'bad',
      lockBodyScroll: 'yes',
      goodsShowedPopup: true,
      singlePopupPrevent: { p1: true },
    });
    await useLayoutStore.persist.rehydrate();
    expect(fields()).toEqual({
      sessionId: 's1',
      orderSessionId: 'fedcba9876543210fedcba9876543210',
      platformOpenId: '',
      promoCode: 'P1',
      pageCode: '',
      pageOptions: { a: '1' },
      appShowOptions: { path: '', query: {}, scene: '' },
      lockBodyScroll: false,
      goodsShowedPopup: true,
      singlePopupPrevent: { p1: true },
    });
  });
});
