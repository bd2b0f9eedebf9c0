import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '../../test/fakes/http.js';
import type { OutboundClock } from '../outbound-http.js';
import { CallSpacing, OneAtATime, PlatformUnavailable, platformRequest } from './platform-http.js';

let platform: Awaited<ReturnType<typeof startScriptedServer>>;
let script: typeof platform.script;
let hits: typeof platform.hits;
let base = '';

beforeAll(async () => {
  platform = await startScriptedServer();
  ({ script, hits, url: base } = platform);
});
afterAll(() => platform.close());

/** A clock that only moves when asked to sleep, and records each wait asked for. */
function manualClock() {
  let time = 1_700_000_000_000;
  const sleeps: { ms: number }[] = [];
  const clock: OutboundClock = {
    now: () => time,
    async sleep(ms) {
      sleeps.push({ ms });
      time += ms;
    },
    timeout: (ms) => AbortSignal.timeout(ms),
  };
  return { clock, sleeps, advance: (ms: number) => (time += ms) };
}

const quiet = { info: () => undefined, warn: () => undefined };

describe('platformRequest', () => {
  // How a call is made is outbound-http.test.ts's; here, what the carriers ask of it and make of the answer.
  it('retries a read (three attempts in all), sends a change once, and a 5xx is the platform unavailable', async () => {
    const { clock } = manualClock();
    const options = { platform: 'test', log: quiet, clock, timeoutMs: 300, secrets: () => [] };
    script.set('/read', [{ status: 503 }, { status: 502 }]);
    const read = await platformRequest(options, { method: 'GET', url: new URL(`${base}/read`), read: true });
    expect(read).toEqual({ status: 200, body: { path: '/read', status: 200 } });
    expect(hits.get('/read')).toBe(3);

    script.set('/down', [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    const down = platformRequest(options, { method: 'GET', url: new URL(`${base}/down`), read: true });
    await expect(down).rejects.toBeInstanceOf(PlatformUnavailable);
    await expect(down).rejects.toMatchObject({ reason: 'upstreamBusy', detail: 'test: answered 500' });
    expect(hits.get('/down')).toBe(3);

    script.set('/change', [{ status: 500 }]);
    await expect(
      platformRequest(options, { method: 'PUT', url: new URL(`${base}/change`), body: '{}', read: false }),
    ).rejects.toMatchObject({ reason: 'upstreamBusy' });
    expect(hits.get('/change')).toBe(1);

    script.set('/silent', [{ status: 200, hang: true }]);
    const silent = platformRequest(
      { ...options, timeoutMs: 50 },
      { method: 'PUT', url: new URL(`${base}/silent`), body: '{}', read: false },
    );
    await expect(silent).rejects.toBeInstanceOf(PlatformUnavailable);
    await expect(silent).rejects.toMatchObject({ reason: 'upstreamBusy', detail: 'test: timeout' });
    expect(hits.get('/silent')).toBe(1);
  });

  it('waits a 429 out, even for a change, and one asking too long is the platform unavailable', async () => {
    const { clock, sleeps } = manualClock();
    const options = { platform: 'test', log: quiet, clock, timeoutMs: 300, secrets: () => [] };
    script.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    await platformRequest(options, { method: 'PUT', url: new URL(`${base}/busy`), body: '{}', read: false });
    expect(sleeps).toEqual([{ ms: 1000 }]);
    expect(hits.get('/busy')).toBe(2);

    script.set('/long', [{ status: 429, headers: { 'retry-after': '3600' } }]);
    const long = platformRequest(options, { method: 'GET', url: new URL(`${base}/long`), read: true });
    await expect(long).rejects.toMatchObject({ reason: 'upstreamBusy', detail: 'test: throttled (429)' });
    expect(hits.get('/long')).toBe(1);
  });

  it('an empty answer has no body; one that is not JSON is the platform unavailable', async () => {
    const options = { platform: 'test', log: quiet, timeoutMs: 300, secrets: () => [] };
    script.set('/empty', [{ status: 204, text: '' }]);
    expect(await platformRequest(options, { method: 'GET', url: new URL(`${base}/empty`), read: true })).toEqual({
      status: 204,
      body: undefined,
    });
    script.set('/html', [{ status: 200, text: '<html>' }]);
    await expect(
      platformRequest(options, { method: 'GET', url: new URL(`${base}/html`), read: true }),
    ).rejects.toBeInstanceOf(PlatformUnavailable);
  });
});

describe('pacing', () => {
  it('CallSpacing starts calls at most n a second', async () => {
    const { clock, sleeps, advance } = manualClock();
    const spacing = new CallSpacing(10, clock);
    const first = clock.now();
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await spacing.wait();
      starts.push(clock.now() - first);
    }
    // One start every 100 ms from the first; the first does not wait.
    expect(sleeps.map((s) => s.ms)).toEqual([100, 100, 100, 100]);
    expect(starts).toEqual([0, 100, 200, 300, 400]);

    // A caller 30 ms into its slot waits the 70 left; one that comes after a quiet second does not wait.
    advance(30);
    await spacing.wait();
    expect(sleeps.at(-1)?.ms).toBe(70);
    expect(clock.now() - first).toBe(500);
    advance(1_000);
    await spacing.wait();
    expect(sleeps).toHaveLength(5);
  });

  it('OneAtATime never runs two calls at once, and goes on after a failure', async () => {
    const lane = new OneAtATime();
    let running = 0;
    let most = 0;
    const call = (fail: boolean) =>
      lane.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        if (fail) throw new Error('refused');
        return 'ok';
      });
    const results = await Promise.allSettled([call(false), call(true), call(false), call(false)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(most).toBe(1);
  });
});
