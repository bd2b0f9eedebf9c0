import { describe, expect, it } from 'vitest';
import { afterFirstScreen, afterNextPaint, whileRequesting } from './idle';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('afterFirstScreen', () => {
  it("waits until the app's requests have all answered, then for an idle moment", async () => {
    let answer = () => {};
    let fail = () => {};
    void whileRequesting(new Promise<void>((resolve) => (answer = resolve)));
    whileRequesting(new Promise<void>((_, reject) => (fail = () => reject(new Error('offline'))))).catch(() => {});
    let started = false;
    void afterFirstScreen({ idleTimeout: 5000, otherwise: 0 }).then(() => {
      started = true;
    });
    await pause(50);
    expect(started).toBe(false);
    answer();
    await pause(50);
    expect(started).toBe(false);
    fail();
    await pause(50);
    expect(started).toBe(true);
  });

  it('goes ahead after its timeout when a request takes long', async () => {
    void whileRequesting(new Promise(() => {}));
    let started = false;
    void afterFirstScreen({ idleTimeout: 100, otherwise: 0 }).then(() => {
      started = true;
    });
    await pause(30);
    expect(started).toBe(false);
    await pause(200);
    expect(started).toBe(true);
  });
});

describe('afterNextPaint', () => {
  it('runs after the next frame, unless cancelled', async () => {
    const runs: string[] = [];
    afterNextPaint(() => runs.push('kept'));
    afterNextPaint(() => runs.push('cancelled'))();
    expect(runs).toEqual([]);
    await pause(100);
    expect(runs).toEqual(['kept']);
  });
});
