import { describe, expect, it } from 'vitest';
import { exchangeStateOf, signedAmount, taskActionOf, taskTargetOf, watchProgress } from './rewards-rules';

describe('rewards rules', () => {
  it('signs amounts', () => {
    expect([signedAmount(5), signedAmount(-100), signedAmount(0)]).toEqual(['+5', '-100', '0']);
  });

  it('maps task status to its button and 去完成 to its target', () => {
    expect([0, 1, 2].map((status) => taskActionOf({ status }))).toEqual(['go', 'claim', 'done']);
    expect(taskTargetOf({ kind: 'video', taskCode: 'video 1', path: undefined })).toBe(
      '/pages-sub/iot/task/landscape?taskCode=video%201',
    );
    expect(taskTargetOf({ kind: 'bindPhone', taskCode: 'b', path: '/pages/iot/index/bindPhone/index' })).toBe(
      '/pages/iot/index/bindPhone/index',
    );
    expect(taskTargetOf({ kind: 'share', taskCode: 's', path: undefined })).toBeNull();
  });

  it('follows playback but puts a seek forward back to the furthest point watched', () => {
    expect(watchProgress(0, 0.4)).toEqual({ watched: 0.4, rewindTo: null });
    expect(watchProgress(5, 6.2)).toEqual({ watched: 6.2, rewindTo: null });
    expect(watchProgress(5, 14)).toEqual({ watched: 5, rewindTo: 5 });
    // Going back is allowed and does not lose what was watched.
    expect(watchProgress(8, 2)).toEqual({ watched: 8, rewindTo: null });
  });

  it('tells when an exchange item is sold out or at its per-card limit', () => {
    expect(exchangeStateOf({ stock: null, limitTimes: null, exchangedTimes: 9 })).toBe('ok');
    expect(exchangeStateOf({ stock: 0, limitTimes: null, exchangedTimes: 0 })).toBe('soldOut');
    expect(exchangeStateOf({ stock: 3, limitTimes: 2, exchangedTimes: 2 })).toBe('limit');
    expect(exchangeStateOf({ stock: 3, limitTimes: 2, exchangedTimes: 1 })).toBe('ok');
  });
});
