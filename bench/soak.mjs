/**
 * `npm run soak` (not in CI; docs/reliability.md "Soak"): mixed shop and card traffic against the built
 * server for SOAK_MINUTES (30), at half the capacity measured first on the same mix. Reports, per minute,
 * the requests, the errors (any answer that is not HTTP 200 with code 0), p50 / p99 / max latency, and
 * the server's resident memory and V8 heap; the run fails (exit 1) on any error.
 *
 * The server is `packages/server/dist/main.js serve` (run `npm run build` first) on a fresh SQLite file
 * with the demo shop (SOAK_DEMO_NUMBERS numbers, 200,000), its jobs on, in a temporary folder removed at
 * the end. Settings: SOAK_MINUTES, SOAK_RATE (requests/s; default half the measured capacity),
 * SOAK_CAPACITY_SECONDS (20), SOAK_CONCURRENCY (16, for the capacity run), SOAK_DEMO_NUMBERS.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, log, pct, ROOT } from './lib.mjs';
import { makeQueries, mixInputs } from './queries.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CAPACITY_SECONDS = Number(process.env.SOAK_CAPACITY_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 16);
const DEMO_NUMBERS = process.env.SOAK_DEMO_NUMBERS ?? '200000';
/** Requests in flight past this are not sent (and counted as `skipped`): the server is not keeping up. */
const MAX_IN_FLIGHT = 256;
const CARDS = ['1440312345601', '1440312345602', '1440312345608'];
const CLIENT = { platform: 'h5', hostname: '127.0.0.1', 'platform-source': '1' };

/** Set when the soak itself stops the server. */
let stopping = false;
const dir = mkdtempSync(join(tmpdir(), 'haoka-soak-'));
const sqliteFile = join(dir, 'soak.db');

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SQLITE_FILE: sqliteFile,
      KEY_FILE: join(dir, 'keys.json'),
      UPLOAD_DIR: join(dir, 'uploads'),
      WEB_DIST: join(dir, 'no-web'),
      SEED_DEMO: '1',
      DEMO_NUMBERS,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((_ok, fail) =>
    child.once('exit', (code, signal) => fail(new Error(`server exited (code ${code}, signal ${signal})`))),
  );
  // Said at once if the server ends before the soak does (a crash, or a signal from outside).
  child.once('exit', (code, signal) => {
    if (!stopping) log(`soak: the server exited during the run: code ${code}, signal ${signal}`);
  });
  const ready = (async () => {
    for (;;) {
      const up = await fetch(`${base}/healthz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (up) return base;
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  await Promise.race([ready, exited]);
  return { child, base };
}

async function call(base, { method, path, headers, body }) {
  const started = performance.now();
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...CLIENT, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let code;
    try {
      code = JSON.parse(text).code;
    } catch {
      code = undefined;
    }
    const ok = res.status === 200 && code === 0;
    return {
      ok,
      ms: performance.now() - started,
      what: ok ? '' : `${method} ${path.split('?')[0]} ${res.status} ${text.slice(0, 160)}`,
    };
  } catch (error) {
    return { ok: false, ms: performance.now() - started, what: `${method} ${path.split('?')[0]} ${String(error)}` };
  }
}

const freshIp = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${1 + (c % 250)}`;
};
const freshMobile = () => `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/** The request mix: weights out of 100, shop browsing, card pages and a few writes. */
function mix(queries, cards) {
  let n = 0;
  const card = () => cards[n % cards.length];
  const table = [
    [30, () => ({ method: 'GET', path: queries[n % queries.length] })],
    [12, () => ({ method: 'GET', path: '/api/hk/baseConfig' })],
    [10, () => ({ method: 'GET', path: '/api/shop/goodsList?page=1&pageSize=10' })],
    [15, () => ({ method: 'GET', path: '/api/iot/simInfo', headers: card() })],
    [10, () => ({ method: 'GET', path: '/api/iot/packageChoose', headers: card() })],
    [8, () => ({ method: 'POST', path: '/api/iot/simRefresh', headers: card(), body: { force: 0 } })],
    [
      8,
      () => ({
        method: 'POST',
        path: '/api/site/wifiCreate',
        headers: { 'x-forwarded-for': freshIp(), 'order-session-id': randomBytes(16).toString('hex') },
        body: { ssid: `soak-${n}`, password: 'password123', encrypt: 'WPA' },
      }),
    ],
    [
      7,
      () => ({
        method: 'POST',
        path: '/api/hk/sendCode',
        headers: { 'x-forwarded-for': freshIp() },
        body: { mobile: freshMobile(), scene: 'login' },
      }),
    ],
  ];
  const total = table.reduce((sum, [w]) => sum + w, 0);
  return () => {
    n += 1;
    let pick = (n * 37) % total;
    for (const [weight, make] of table) {
      if (pick < weight) return make();
      pick -= weight;
    }
    return table[0][1]();
  };
}

async function memory(base) {
  const text = await fetch(`${base}/metrics`).then(
    (res) => res.text(),
    () => '',
  );
  const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_used_bytes') };
}

/** Closed loop: CONCURRENCY clients as fast as the server answers, for `seconds`; answers per second. */
async function capacity(base, next, seconds) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const errors = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const answer = await call(base, next());
        done += 1;
        if (!answer.ok) errors.push(answer.what);
      }
    }),
  );
  return { rps: done / seconds, errors };
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

async function main() {
  const server = await startServer();
  let exitCode = 0;
  try {
    const { base } = server;
    log(`soak: server at ${base} on ${sqliteFile} (${DEMO_NUMBERS} demo numbers)`);
    const queries = await makeQueries(500, await mixInputs({ kind: 'sqlite', file: sqliteFile }), 11);
    const cards = [];
    for (const simNo of CARDS) {
      const res = await fetch(`${base}/api/simLogin`, {
        method: 'POST',
        headers: { ...CLIENT, 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ simNo, agreeProtocol: 1 }),
      });
      const body = await res.json();
      if (body.code !== 0) throw new Error(`card login ${simNo}: ${body.code} ${body.message}`);
      cards.push({ 'session-id': body.data.sessionId, 'sim-no': simNo });
    }
    const next = mix(queries, cards);

    log('soak: warm-up 10 s');
    const warm = await capacity(base, next, 10);
    if (warm.errors.length > 0) throw new Error(`the mix fails before the soak: ${warm.errors.slice(0, 5).join('\n')}`);
    const measured = await capacity(base, next, CAPACITY_SECONDS);
    const rate = Number(process.env.SOAK_RATE ?? Math.max(1, Math.floor(measured.rps / 2)));
    log(
      `soak: capacity ${measured.rps.toFixed(0)} req/s (${CONCURRENCY} clients, ${CAPACITY_SECONDS} s, ${measured.errors.length} errors); soaking at ${rate} req/s for ${MINUTES} min`,
    );

    const minutes = [];
    let current = { latencies: [], errors: [], skipped: 0 };
    let inFlight = 0;
    let owed = 0;
    const tickMs = 50;
    const started = Date.now();
    const end = started + MINUTES * 60_000;
    /** Closes the current minute: its row, from the answers that came in it, and the server's memory. */
    const closeMinute = async () => {
      const done = current;
      current = { latencies: [], errors: [], skipped: 0 };
      const mem = await memory(base);
      const row = {
        minute: minutes.length + 1,
        requests: done.latencies.length,
        errors: done.errors.length,
        skipped: done.skipped,
        p50: pct(done.latencies, 50) ?? 0,
        p99: pct(done.latencies, 99) ?? 0,
        max: Math.max(0, ...done.latencies),
        rss: mem.rss,
        heap: mem.heap,
        firstError: done.errors[0] ?? '',
      };
      minutes.push(row);
      log(
        `soak minute ${row.minute}: ${row.requests} req, ${row.errors} errors, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(0)} ms, rss ${mb(row.rss)} MB, heap ${mb(row.heap)} MB${row.firstError ? `; first error: ${row.firstError}` : ''}`,
      );
    };
    const minuteClock = (() => {
      let closing = Promise.resolve();
      const timer = setInterval(() => {
        closing = closeMinute();
      }, 60_000);
      return {
        stop: async () => {
          clearInterval(timer);
          await closing;
        },
      };
    })();
    let last = Date.now();
    // Open loop: what is owed follows the clock, so a late timer does not lower the rate.
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        const now = Date.now();
        if (now >= end) {
          clearInterval(tick);
          resolve();
          return;
        }
        owed += (rate * (now - last)) / 1000;
        last = now;
        for (; owed >= 1; owed -= 1) {
          if (inFlight >= MAX_IN_FLIGHT) {
            current.skipped += 1;
            continue;
          }
          inFlight += 1;
          call(base, next()).then((answer) => {
            inFlight -= 1;
            current.latencies.push(answer.ms);
            if (!answer.ok) current.errors.push(answer.what);
          });
        }
      }, tickMs);
    });
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
    await minuteClock.stop();
    if (current.latencies.length > 0 || current.skipped > 0) await closeMinute();

    const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
    const skipped = minutes.reduce((sum, m) => sum + m.skipped, 0);
    const requests = minutes.reduce((sum, m) => sum + m.requests, 0);
    console.log(
      `\nSoak: ${MINUTES} min at ${rate} req/s (capacity ${measured.rps.toFixed(0)} req/s), ${requests} requests, ${errors} errors, ${skipped} not sent (server behind)\n`,
    );
    console.log('| minute | requests | errors | p50 ms | p99 ms | max ms | RSS MB | heap MB |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const m of minutes) {
      console.log(
        `| ${m.minute} | ${m.requests} | ${m.errors} | ${m.p50.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.max.toFixed(0)} | ${mb(m.rss)} | ${mb(m.heap)} |`,
      );
    }
    if (errors > 0 || skipped > 0) exitCode = 1;
  } finally {
    stopping = true;
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r() : server.child.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
