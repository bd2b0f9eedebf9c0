/** GET /healthz and GET /metrics over the real app (docs/observability.md). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createDatabase } from '../db/database.js';
import { registerJob, runJobOnce } from '../jobs/runner.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp, testConfig } from '../test/harness.js';
// The `draining` flag's declaration on the Fastify instance.
import type {} from './draining.js';
import { REDIS_DOWN_REASON } from './observability.js';

registerJob({
  name: 'test-metrics-ok',
  everyMs: 60_000,
  async run() {},
});
registerJob({
  name: 'test-metrics-failing',
  everyMs: 60_000,
  async run() {
    throw new Error('upstream down');
  },
});

let t: TestApp;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await t.close();
});

/** Another app over the same database (its own handle), with `config` changes. */
async function instance(config: Parameters<typeof testConfig>[1] = {}) {
  const handle = createDatabase(t.database.config);
  const app = await buildApp(testConfig(t.database.config, config), { database: handle });
  await app.ready();
  closing.push(
    () => handle.destroy().catch(() => undefined),
    () => app.close(),
  );
  return { app, handle };
}

const metricsOf = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one sample line, e.g. `http_requests_total{route="/x",method="GET",code="200"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`GET /healthz on ${TEST_DB}`, () => {
  it('answers 200 with the database reachable and Redis not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', redis: 'disabled' });
  });

  it('checks a configured Redis', async () => {
    const { app } = await instance({ redisUrl: 'redis://127.0.0.1:6379' });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 200 degraded, with the reason, when the configured Redis cannot be reached (issue 18)', async () => {
    const { app } = await instance({ redisUrl: 'redis://127.0.0.1:1' });
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    // Limits fall back to this instance's memory: still enforced, and the fallback is counted.
    const hits = [];
    for (let i = 0; i < 2; i += 1)
      hits.push((await app.ctx.limiter.hit('healthz-probe', { limit: 1, windowMs: 60_000 })).allowed);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    await app.close(); // stops the client's reconnection attempts
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', db: 'ok', redis: 'down', reason: REDIS_DOWN_REASON });
    expect(hits).toEqual([true, false]);
    expect(metrics).toMatch(/^rate_limit_fallbacks_total [1-9]\d*$/m);
  });

  it('answers 503 draining while the instance drains, whatever its dependencies say', async () => {
    const { app } = await instance();
    app.draining = true;
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const api = await app.inject({ method: 'GET', url: '/api/hk/baseConfig', headers: clientHeaders() });
    app.draining = false;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining' });
    // It still serves, and tells keep-alive clients to go elsewhere next time.
    expect(api.statusCode).toBe(200);
    expect(api.headers.connection).toBe('close');
  });

  it('answers 503 when the database cannot be reached', async () => {
    const { app, handle } = await instance();
    await handle.destroy();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'down', db: 'down', redis: 'disabled' });
  });
});

describe(`GET /metrics on ${TEST_DB}`, () => {
  it('counts requests by route pattern, method and code, with a latency histogram', async () => {
    const { app } = await instance();
    for (let i = 0; i < 3; i += 1) {
      await app.inject({ method: 'GET', url: `/api/hk/baseConfig?promoCode=p${i}`, headers: clientHeaders() });
    }
    await app.inject({ method: 'POST', url: '/api/pay/notify/nosuch', payload: '{}' });
    await app.inject({ method: 'GET', url: '/api/no/such/thing' });

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = res.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_requests_total{route="/api/hk/baseConfig",method="GET",code="200"}')).toBe(3);
    // The route pattern, never the raw URL: one series for every channel and every unmatched path.
    expect(sample(text, 'http_requests_total{route="/api/pay/notify/:channel",method="POST",code="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="(unmatched)",method="GET",code="404"}')).toBe(1);
    expect(text).not.toContain('promoCode');
    expect(text).not.toContain('nosuch');
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/hk/baseConfig"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket{route="/api/hk/baseConfig",le="+Inf"}')).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum{route="/api/hk/baseConfig"}')).toBeGreaterThan(0);
    // Buckets are cumulative.
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith('http_request_duration_seconds_bucket{route="/api/hk/baseConfig"'))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts job runs by job and outcome', async () => {
    const { app } = await instance();
    expect(await runJobOnce(app.ctx, 'test-metrics-ok')).toBe(true);
    expect(await runJobOnce(app.ctx, 'test-metrics-ok')).toBe(true);
    expect(await runJobOnce(app.ctx, 'test-metrics-failing')).toBe(true);
    const text = await metricsOf(app);
    expect(sample(text, 'job_runs_total{job="test-metrics-ok",outcome="ok"}')).toBe(2);
    expect(sample(text, 'job_runs_total{job="test-metrics-failing",outcome="failed"}')).toBe(1);
    // Another instance did not run them: it has no runs to report.
    expect(sample(await metricsOf(t.app), 'job_runs_total{job="test-metrics-ok",outcome="ok"}')).toBeUndefined();
  });

  it('counts payment notifies by outcome', async () => {
    const { app } = await instance();
    const forged = { 'content-type': 'application/json', 'x-sandbox-signature': 'forged' };
    await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: forged, payload: '{"a":1}' });
    await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', headers: forged, payload: '{"a":2}' });
    expect(sample(await metricsOf(app), 'payment_notifies_total{outcome="rejected"}')).toBe(2);
  });

  it('with METRICS_TOKEN set, answers only the bearer of the token', async () => {
    const token = 'metrics-token-0123456789';
    const { app } = await instance({ metricsToken: token });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(await metricsOf(app, { authorization: `Bearer ${token}` })).toContain('http_requests_total');
    // /healthz stays open for the load balancer.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
