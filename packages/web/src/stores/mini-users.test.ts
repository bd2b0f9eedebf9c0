import { beforeEach, describe, expect, it } from 'vitest';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { currentMiniPlatform, type MiniUser, useMiniUsersStore } from './mini-users';

const EMPTY: MiniUser = {
  openId: '',
  promoCode: '',
  nickname: '',
  headPortrait: '',
  indexFirstGroup: 0,
  bd_vid: '',
  iotSimAddressId: 0,
  selectAddressBackPath: '',
};

function users() {
  const { wx, ks, dy } = useMiniUsersStore.getState();
  return { wx, ks, dy };
}

beforeEach(async () => {
  await useMiniUsersStore.persist.rehydrate();
});

describe('miniUsers store', () => {
  it('defaults to one empty user each for wx, ks and dy', () => {
    expect(users()).toEqual({ wx: EMPTY, ks: EMPTY, dy: EMPTY });
  });

  it('patchMiniUser changes only that platform and persists under shop:miniUsers', async () => {
    useMiniUsersStore.getState().patchMiniUser('ks', { openId: 'k-open', indexFirstGroup: 2 });
    useMiniUsersStore.getState().patchMiniUser('ks', { nickname: '快手用户' });
    expect(users()).toEqual({
      wx: EMPTY,
      ks: { ...EMPTY, openId: 'k-open', indexFirstGroup: 2, nickname: '快手用户' },
      dy: EMPTY,
    });
    expect(readStored('miniUsers')?.ks).toMatchObject({ openId: 'k-open', nickname: '快手用户' });
    await useMiniUsersStore.persist.rehydrate();
    expect(users().ks.nickname).toBe('快手用户');
  });

  it('drops a corrupted JSON value without throwing', async () => {
    silenceWarnings();
    useMiniUsersStore.getState().patchMiniUser('wx', { openId: 'o1' });
    localStorage.setItem('shop:miniUsers', '{{');
    await expect(useMiniUsersStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(users()).toEqual({ wx: EMPTY, ks: EMPTY, dy: EMPTY });
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('miniUsers', {
      wx: { ...EMPTY, openId: 'o1', promoCode: 'P1', indexFirstGroup: 'two', iotSimAddressId: 1.5, bd_vid: 'b' },
      ks: 'garbage',
      dy: { ...EMPTY, nickname: '抖音用户' },
    });
    await useMiniUsersStore.persist.rehydrate();
    expect(users()).toEqual({
      wx: { ...EMPTY, openId: 'o1', promoCode: 'P1', bd_vid: 'b' },
      ks: EMPTY,
      dy: { ...EMPTY, nickname: '抖音用户' },
    });
  });

  it('picks the mini-user of the platform from the user agent', () => {
    expect(currentMiniPlatform('Mozilla/5.0 Kwai/11.0')).toBe('ks');
    expect(currentMiniPlatform('Mozilla/5.0 aweme/27.0')).toBe('dy');
    expect(currentMiniPlatform('Mozilla/5.0 MicroMessenger/8.0')).toBe('wx');
    expect(currentMiniPlatform('Mozilla/5.0 Safari')).toBe('wx');
  });
});
