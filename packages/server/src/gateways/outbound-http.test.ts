import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedServer } from '../test/fakes/http.js';
import { type OutboundClock, OutboundFailure, type OutboundOptions, outboundCall, redactUrl } from './outbound-http.js';

/** Called when the provider receives a request it will never answer. */
let onHang: () => void = () => undefined;
let provider: Awaited<ReturnType<typeof startScriptedServer>>;
let script: typeof provider.script;
let hits: typeof provider.hits;
let base = '';

beforeAll(async () => {
  provider = await startScriptedServer(() => onHang());
  ({ script, hits, url: base } = provider);
});
afterAll(() => provider.close());

const lines: { obj: Record<string, unknown>; msg: string | undefined }[] = [];
const record = (obj: object, msg?: string) => lines.push({ obj: obj as Record<string, unknown>, msg });
const log = { info: record, warn: record };
const reads: OutboundOptions = {
  provider: 'test',
  log,
  timeoutMs: 300,
  secrets: () => ['s3cret-value'],
  retry: 'reads',
};
const once: OutboundOptions = { ...reads, retry: 'never' };
const throttled: OutboundOptions = { ...reads, retryAfter: { maxWaitMs: 5_000, times: 3 } };
const get = (path: string) => ({ method: 'GET' as const, url: `${base}${path}` });

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
  const clock: OutboundClock = {
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

describe('outboundCall', () => {
  it('retries a read after a 5xx, a bounded number of times, then hands back the last answer', async () => {
    const { clock, sleeps } = manualClock();
    script.set('/read', [{ status: 503 }, { status: 502 }]);
    const answer = await outboundCall({ ...reads, clock }, get('/read'));
    expect(answer.status).toBe(200);
    expect(answer.attempt).toBe(3);
    expect(JSON.parse(answer.text)).toEqual({ path: '/read', status: 200 });
    expect(hits.get('/read')).toBe(3);
    // A growing pause before each retry.
    expect(sleeps.map((s) => s.ms)).toEqual([100, 200]);

    script.set('/down', [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }]);
    expect((await outboundCall({ ...reads, clock }, get('/down'))).status).toBe(500);
    expect(hits.get('/down')).toBe(3);
  });

  it('sends a change once, and gives up on a provider that does not answer in time', async () => {
    script.set('/change', [{ status: 500 }]);
    expect((await outboundCall(once, { method: 'PUT', url: `${base}/change`, body: '{}' })).status).toBe(500);
    expect(hits.get('/change')).toBe(1);

    // The provider receives the change and never answers: the attempt's deadline (timeoutMs) expires.
    const { clock, deadlines } = manualClock();
    onHang = () => deadlines.at(-1)?.expire();
    script.set('/silent', [{ status: 200, hang: true }]);
    const silent = outboundCall({ ...once, clock }, { method: 'PUT', url: `${base}/silent` });
    await expect(silent).rejects.toBeInstanceOf(OutboundFailure);
    await expect(silent).rejects.toMatchObject({ kind: 'timeout', message: expect.stringMatching(/timeout/) });
    expect(deadlines.map((d) => d.ms)).toEqual([300]);
    expect(hits.get('/silent')).toBe(1);
    onHang = () => undefined;
  });

  it('retries a timed-out read, but not a timed-out call that is only retried when cut', async () => {
    const { clock, deadlines } = manualClock();
    onHang = () => deadlines.at(-1)?.expire();
    script.set('/slow-read', [{ status: 200, hang: true }]);
    expect((await outboundCall({ ...reads, clock }, get('/slow-read'))).status).toBe(200);
    expect(hits.get('/slow-read')).toBe(2);

    script.set('/slow-pay', [{ status: 200, hang: true }]);
    await expect(outboundCall({ ...reads, retry: 'whenCut', clock }, get('/slow-pay'))).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(hits.get('/slow-pay')).toBe(1);
    onHang = () => undefined;
  });

  it('a cut connection is sent again under whenCut, once more at most, and never under whenNotSent', async () => {
    const cutOnce: OutboundOptions = { ...reads, retry: 'whenCut' };
    script.set('/cut', [{ status: 200, cut: true }]);
    expect((await outboundCall(cutOnce, get('/cut'))).attempt).toBe(2);
    expect(hits.get('/cut')).toBe(2);

    script.set('/cut-twice', [
      { status: 200, cut: true },
      { status: 200, cut: true },
    ]);
    await expect(outboundCall(cutOnce, get('/cut-twice'))).rejects.toMatchObject({ kind: 'network' });
    expect(hits.get('/cut-twice')).toBe(2);

    // It may have been delivered: a call that is not idempotent is not sent again; nor is a 5xx.
    script.set('/cut-sms', [{ status: 200, cut: true }]);
    await expect(outboundCall({ ...reads, retry: 'whenNotSent' }, get('/cut-sms'))).rejects.toMatchObject({
      kind: 'network',
    });
    expect(hits.get('/cut-sms')).toBe(1);
    script.set('/busy-sms', [{ status: 503 }]);
    expect((await outboundCall({ ...reads, retry: 'whenCut' }, get('/busy-sms'))).status).toBe(503);
    expect(hits.get('/busy-sms')).toBe(1);
  });

  it('a refused connection is retried once under whenNotSent (nothing left), never under never', async () => {
    // A port that was listening a moment ago and is closed now: connection refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/send`;
    await new Promise((resolve) => closed.close(resolve));

    lines.length = 0;
    const refused = outboundCall({ ...reads, retry: 'whenNotSent' }, { method: 'POST', url, action: 'SendSms' });
    await expect(refused).rejects.toMatchObject({ kind: 'notSent', detail: 'ECONNREFUSED' });
    const failed = lines.filter((l) => l.msg === 'provider call failed');
    expect(failed.map((l) => [l.obj.action, l.obj.attempt, l.obj.error])).toEqual([
      ['SendSms', 1, 'ECONNREFUSED'],
      ['SendSms', 2, 'ECONNREFUSED'],
    ]);

    lines.length = 0;
    await expect(outboundCall(once, { method: 'POST', url })).rejects.toMatchObject({ kind: 'notSent' });
    expect(lines).toHaveLength(1);
  });

  it('a request built by a function is built again for each attempt (a fresh signature each)', async () => {
    script.set('/signed', [{ status: 200, cut: true }]);
    let built = 0;
    await outboundCall({ ...reads, retry: 'whenCut' }, () => {
      built += 1;
      return { method: 'POST', url: `${base}/signed`, headers: { 'x-nonce': String(built) }, body: '{}' };
    });
    expect(built).toBe(2);
  });

  it('waits what a 429 Retry-After says, and hands back a 429 asking longer than its bound', async () => {
    const { clock, sleeps, total } = manualClock();
    script.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    const before = total();
    expect((await outboundCall({ ...throttled, clock }, get('/busy'))).status).toBe(200);
    // Retry-After: 1 → one wait of a second, asked for after the 429 and before the second call.
    expect(sleeps).toEqual([{ ms: 1000, hits: before + 1 }]);
    expect(hits.get('/busy')).toBe(2);

    // An HTTP date is read against the clock: two seconds from its now.
    const at = new Date(clock.now() + 2_000).toUTCString();
    script.set('/until', [{ status: 429, headers: { 'retry-after': at } }]);
    await outboundCall({ ...throttled, clock }, get('/until'));
    expect(sleeps.at(-1)?.ms).toBe(2_000);

    sleeps.length = 0;
    script.set('/long', [{ status: 429, headers: { 'retry-after': '3600' } }]);
    expect((await outboundCall({ ...throttled, clock }, get('/long'))).status).toBe(429);
    expect(hits.get('/long')).toBe(1);
    // Handed back at once: no wait was asked for.
    expect(sleeps).toEqual([]);

    // Bounded in number too; and without retryAfter a 429 is an answer like any other.
    script.set(
      '/again',
      Array.from({ length: 5 }, () => ({ status: 429, headers: { 'retry-after': '0' } })),
    );
    expect((await outboundCall({ ...throttled, clock }, get('/again'))).status).toBe(429);
    expect(hits.get('/again')).toBe(4);
    script.set('/plain', [{ status: 429 }]);
    expect((await outboundCall({ ...reads, clock }, get('/plain'))).status).toBe(429);
    expect(hits.get('/plain')).toBe(1);
  });

  it('logs each call without its credentials, and without its query unless asked', async () => {
    lines.length = 0;
    const path = '/v5/ec/get/token?appid=1&password=hunter2&transid=9&key=s3cret-value';
    await outboundCall({ ...reads, logQuery: true }, get(path));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'provider call',
      obj: {
        provider: 'test',
        method: 'GET',
        path: '/v5/ec/get/token?appid=1&password=%5Bredacted%5D&transid=9&key=[redacted]',
        status: 200,
        attempt: 1,
        ms: expect.any(Number),
      },
    });
    await outboundCall(reads, get('/send?PhoneNumbers=13800000000&TemplateParam=123456'));
    expect(lines[1]?.obj.path).toBe('/send');
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    expect(JSON.stringify(lines)).not.toContain('s3cret-value');
    expect(redactUrl(new URL(`${base}/x?token=abcd&a=s3cret-value-1`), ['s3cret-value'])).toBe(
      '/x?token=%5Bredacted%5D&a=[redacted]-1',
    );
  });
});
