import { beforeEach, describe, expect, it } from 'vitest';
import { simFixture } from '../features/iot-core/sim-fixture';
import { readStored, silenceWarnings, writeStored } from '../test/persisted';
import { pushRecentCard, useIotStore } from './iot';
import { ANSWERS_VERSION } from './persist';

function fields() {
  const { loginSns, simNo, iotIndexPopupPrevent, simInfo } = useIotStore.getState();
  return { loginSns, simNo, iotIndexPopupPrevent, simInfo };
}

beforeEach(async () => {
  await useIotStore.persist.rehydrate();
});

describe('pushRecentCard', () => {
  it('puts the card first', () => {
    expect(pushRecentCard(['a', 'b'], 'c')).toEqual(['c', 'a', 'b']);
  });

  it('keeps at most 5, dropping the oldest', () => {
    expect(pushRecentCard(['e', 'd', 'c', 'b', 'a'], 'f')).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('moves an existing card to the front without duplicating it', () => {
    expect(pushRecentCard(['a', 'b', 'c', 'd', 'e'], 'c')).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(pushRecentCard(['a'], 'a')).toEqual(['a']);
  });

  it('does not mutate its input', () => {
    const list = ['a', 'b'];
    pushRecentCard(list, 'c');
    expect(list).toEqual(['a', 'b']);
  });
});

describe('iot store', () => {
  it('has the defaults', () => {
    expect(fields()).toEqual({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
  });

  it('loginCard sets the card and records it in the recent list, 5 newest first', () => {
    const { loginCard } = useIotStore.getState();
    for (const sn of ['1', '2', '3', '4', '5', '6']) loginCard(sn);
    loginCard('4');
    expect(fields().simNo).toBe('4');
    expect(fields().loginSns).toEqual(['4', '6', '5', '3', '2']);
    expect(readStored('iot')?.loginSns).toEqual(['4', '6', '5', '3', '2']);
  });

  it('loginCard forgets the previous card info', () => {
    useIotStore.getState().loginCard('111');
    useIotStore.getState().setSimInfo(simFixture({ simNo: '111', balance: '1.00' }));
    useIotStore.getState().loginCard('222');
    expect(fields().simInfo).toBeNull();
  });

  it('logoutCard clears simNo and simInfo but keeps loginSns and the popup prevention', () => {
    useIotStore.getState().loginCard('111');
    useIotStore.getState().loginCard('222');
    useIotStore.getState().setSimInfo(simFixture({ simNo: '222' }));
    useIotStore.setState({ iotIndexPopupPrevent: { '222': '2025-01-01' } });
    useIotStore.getState().logoutCard();
    expect(fields()).toEqual({
      loginSns: ['222', '111'],
      simNo: '',
      iotIndexPopupPrevent: { '222': '2025-01-01' },
      simInfo: null,
    });
    expect(readStored('iot')).toMatchObject({ simNo: '', simInfo: null, loginSns: ['222', '111'] });
  });

  it('drops a corrupted JSON value without throwing', async () => {
    silenceWarnings();
    useIotStore.getState().loginCard('111');
    localStorage.setItem('shop:iot', '{"state":{"simNo":');
    await expect(useIotStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(fields()).toEqual({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
  });

  it('keeps the good fields of a stored object and resets the bad ones', async () => {
    writeStored('iot', { loginSns: 'not an array', simNo: '333', iotIndexPopupPrevent: { '333': 5 }, simInfo: 'x' });
    await useIotStore.persist.rehydrate();
    expect(fields()).toEqual({ loginSns: [], simNo: '333', iotIndexPopupPrevent: {}, simInfo: null });
  });

  it("forgets a card's simInfo stored under another contract, and keeps the card", async () => {
    writeStored('iot', { loginSns: ['1'], simNo: '1', simInfo: simFixture({ simNo: '1' }) }, ANSWERS_VERSION + 1);
    await useIotStore.persist.rehydrate();
    expect(fields()).toMatchObject({ loginSns: ['1'], simNo: '1', simInfo: null });
  });

  it('trims a stored recent list longer than 5', async () => {
    writeStored('iot', { loginSns: ['1', '2', '3', '4', '5', '6', '7'], simNo: '1', simInfo: { simNo: '1' } });
    await useIotStore.persist.rehydrate();
    expect(fields().loginSns).toEqual(['1', '2', '3', '4', '5']);
    expect(fields().simInfo).toEqual({ simNo: '1' });
  });
});
