import { beforeEach, describe, expect, it } from 'vitest';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { isLoggedIn, useUserStore } from './user';

beforeEach(async () => {
  await useUserStore.persist.rehydrate();
});

describe('user store', () => {
  it('defaults to a logged-out user', () => {
    const { nickname, avatar, mobile } = useUserStore.getState();
    expect({ nickname, avatar, mobile }).toEqual({ nickname: '', avatar: '', mobile: '' });
    expect(isLoggedIn(useUserStore.getState())).toBe(false);
  });

  it('logged in means mobile is non-empty', () => {
    expect(isLoggedIn({ mobile: '13800138000' })).toBe(true);
    expect(isLoggedIn({ mobile: '' })).toBe(false);
  });

  it('setUser persists under shop:user and survives rehydration; clearUser logs out', async () => {
    useUserStore.getState().setUser({ nickname: '小王', avatar: '/a.png', mobile: '13800138000' });
    expect(readStored('user')).toEqual({ nickname: '小王', avatar: '/a.png', mobile: '13800138000' });
    useUserStore.setState({ nickname: 'changed in memory only' }, false);
    writeStored('user', { nickname: '小王', avatar: '/a.png', mobile: '13800138000' });
    await useUserStore.persist.rehydrate();
    expect(useUserStore.getState().nickname).toBe('小王');
    expect(isLoggedIn(useUserStore.getState())).toBe(true);

    useUserStore.getState().clearUser();
    expect(useUserStore.getState().mobile).toBe('');
    expect(readStored('user')?.mobile).toBe('');
  });

  it('drops a corrupted JSON value without throwing', async () => {
    const warn = silenceWarnings();
    useUserStore.getState().setUser({ nickname: 'x', avatar: '', mobile: '13800138000' });
    localStorage.setItem('shop:user', '{"state":{"mobile":"138');
    await expect(useUserStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(useUserStore.getState().mobile).toBe('');
    expect(localStorage.getItem('shop:user')).not.toBe('{"state":{"mobile":"138');
    expect(warn).toHaveBeenCalled();
  });

  it.each([
    ['a string', 'garbage'],
    ['an array', ['13800138000']],
    ['a number', 7],
  ])('drops a stored state that is %s without throwing', async (_name, state) => {
    silenceWarnings();
    useUserStore.getState().setUser({ nickname: 'x', avatar: '', mobile: '13800138000' });
    writeStored('user', state);
    await expect(useUserStore.persist.rehydrate()).resolves.toBeUndefined();
    const { nickname, avatar, mobile } = useUserStore.getState();
    expect({ nickname, avatar, mobile }).toEqual({ nickname: '', avatar: '', mobile: '' });
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('user', { nickname: '小王', avatar: 42, mobile: '13800138000' });
    await useUserStore.persist.rehydrate();
    const { nickname, avatar, mobile } = useUserStore.getState();
    expect({ nickname, avatar, mobile }).toEqual({ nickname: '小王', avatar: '', mobile: '13800138000' });
  });

  it('keeps its actions after rehydration', async () => {
    writeStored('user', { nickname: 'n', avatar: '', mobile: '' });
    await useUserStore.persist.rehydrate();
    expect(typeof useUserStore.getState().setUser).toBe('function');
    expect(typeof useUserStore.getState().clearUser).toBe('function');
  });
});
