import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallSpacing,
  OneAtATime,
  type PlatformClock,
  PlatformUnavailable,
  platformRequest,
  redactUrl,
} from './platform-http.js';

/** A platform that answers each path by the next of its scripted statuses (then 200). */
const script = new Map<string, { status: number; headers?: Record<string, string>; hang?: boolean }[]>();
const hits = new Map<string, number>();
/** Called when the platform receives a request it will never answer. */
let onHang: () => void = () => undefined;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const next = script.get(path)?.shift() ?? { status: 200 };
    if (next.hang) {
      onHang();
      return;
    }
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(JSON.stringify({ path, status: next.status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const lines: { obj: object; msg: string }[] = [];
const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), warn: () => undefined };
const options = { platform: 'test', log, timeoutMs: 300, secrets: () => ['s3cret-value'] };

/**
 * A clock that only moves when asked to sleep: it records each wait asked for (and how many calls the
 * platform had seen by then), and each attempt's deadline, which the test expires itself.
 */
function manualClock() {
  // A whole second, so that an HTTP-date Retry-After (whole seconds) is an exact number of ms away.
  let time = 1_700_000_000_000;
  const total = () => [...hits.values()].reduce((a, b) => a + b, 0);
  const sleeps: { ms: number; hits: number }[] = [];
  const deadlines: { ms: number; expire: () => void }[] = [];
  const clock: PlatformClock = {
    now: () => time,
    async sleep(ms) {
      sleeps.push({ ms, hits: total() });
      time += ms;
    },
    timeout(ms) {
      const controller = new AbortController();
      deadlines.push({
        ms,
        expire: () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      });
      return controller.signal;
    },
  };
  return { clock, sleeps, deadlines, total, advance: (ms: number) => (time += ms) };
}

describe('platformRequest', () => {
  it('retries a read after a 5xx, a bounded number of times', async () => {
    script.set('/read', [{ status: 503 }, { status: 502 }]);
    const answer = await platformRequest(options, { method: 'GET', url: new URL(`${base}/read`), read: true });
    expect(answer.status).toBe(200);
    expect(hits.get('/read')).toBe(3);

    script.set('/down', [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    await expect(
      platformRequest(options, { method: 'GET', url: new URL(`${base}/down`), read: true }),
    ).rejects.toBeInstanceOf(PlatformUnavailable);
    expect(hits.get('/down')).toBe(3);
  });

  it('sends a change once, and gives up on a platform that does not answer in time', async () => {
    script.set('/change', [{ status: 500 }]);
    await expect(
      platformRequest(options, { method: 'PUT', url: new URL(`${base}/change`), body: '{}', read: false }),
    ).rejects.toMatchObject({ reason: 'upstreamBusy' });
    expect(hits.get('/change')).toBe(1);

    // The platform receives the change and never answers: the attempt's deadline (timeoutMs) expires.
    const { clock, deadlines } = manualClock();
    onHang = () => deadlines.at(-1)?.expire();
    script.set('/silent', [{ status: 200, hang: true }]);
    const silent = platformRequest(
      { ...options, clock },
      { method: 'PUT', url: new URL(`${base}/silent`), read: false },
    );
    await expect(silent).rejects.toBeInstanceOf(PlatformUnavailable);
    await expect(silent).rejects.toMatchObject({ reason: 'upstreamBusy', message: expect.stringMatching(/timeout/) });
    expect(deadlines.map((d) => d.ms)).toEqual([300]);
    expect(hits.get('/silent')).toBe(1);
    onHang = () => undefined;
  });

  it('waits what a 429 Retry-After says, and refuses a wait longer than its bound', async () => {
    const { clock, sleeps, total } = manualClock();
    script.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    const before = total();
    expect(
      (await platformRequest({ ...options, clock }, { method: 'GET', url: new URL(`${base}/busy`), read: true }))
        .status,
    ).toBe(200);
    // Retry-After: 1 → one wait of a second, asked for after the 429 and before the second call.
    expect(sleeps).toEqual([{ ms: 1000, hits: before + 1 }]);
    expect(hits.get('/busy')).toBe(2);

    // An HTTP date is read against the clock: two seconds from its now.
    const at = new Date(clock.now() + 2_000).toUTCString();
    script.set('/until', [{ status: 429, headers: { 'retry-after': at } }]);
    await platformRequest({ ...options, clock }, { method: 'GET', url: new URL(`${base}/until`), read: true });
    expect(sleeps.at(-1)?.ms).toBe(2_000);

    sleeps.length = 0;
    script.set('/long', [{ status: 429, headers: { 'retry-after': '3600' } }]);
    const long = platformRequest({ ...options, clock }, { method: 'GET', url: new URL(`${base}/long`), read: true });
    await expect(long).rejects.toBeInstanceOf(PlatformUnavailable);
    await expect(long).rejects.toMatchObject({ reason: 'upstreamBusy' });
    expect(hits.get('/long')).toBe(1);
    // Refused at once: no wait was asked for.
    expect(sleeps).toEqual([]);
  });

  it('logs each call without its credentials', async () => {
    lines.length = 0;
    const url = new URL(`${base}/v5/ec/get/token?appid=1&password=hunter2&transid=9`);
    await platformRequest(options, { method: 'GET', url, read: true });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    expect(redactUrl(new URL(`${base}/x?token=abcd&a=s3cret-value-1`), ['s3cret-value'])).toBe(
      '/x?token=%5Bredacted%5D&a=[redacted]-1',
    );
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
