import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSpacing, OneAtATime, PlatformUnavailable, platformRequest, redactUrl } from './platform-http.js';

/** A platform that answers each path by the next of its scripted statuses (then 200). */
const script = new Map<string, { status: number; headers?: Record<string, string>; hang?: boolean }[]>();
const hits = new Map<string, number>();
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const next = script.get(path)?.shift() ?? { status: 200 };
    if (next.hang) return;
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

    script.set('/silent', [{ status: 200, hang: true }]);
    const started = Date.now();
    await expect(
      platformRequest(options, { method: 'PUT', url: new URL(`${base}/silent`), read: false }),
    ).rejects.toBeInstanceOf(PlatformUnavailable);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('waits what a 429 Retry-After says, and refuses a wait longer than its bound', async () => {
    script.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    const started = Date.now();
    expect((await platformRequest(options, { method: 'GET', url: new URL(`${base}/busy`), read: true })).status).toBe(
      200,
    );
    // Retry-After: 1 (a timer may fire a few ms early).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    script.set('/long', [{ status: 429, headers: { 'retry-after': '3600' } }]);
    await expect(
      platformRequest(options, { method: 'GET', url: new URL(`${base}/long`), read: true }),
    ).rejects.toBeInstanceOf(PlatformUnavailable);
    expect(hits.get('/long')).toBe(1);
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
    const spacing = new CallSpacing(10);
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await spacing.wait();
      starts.push(Date.now());
    }
    // On a schedule of one start every 100 ms from the first (a late timer does not push the next ones).
    for (let i = 1; i < starts.length; i += 1) {
      expect((starts[i] ?? 0) - (starts[0] ?? 0)).toBeGreaterThanOrEqual(i * 100 - 5);
    }
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
