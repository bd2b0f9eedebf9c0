/**
 * `npm run bench -- api`: load on the storefront's hot endpoints with autocannon on 127.0.0.1, over the
 * 1,000,000-number data set: numberList (a random filter mix), baseConfig, simInfo and packageChoose (as a
 * logged-in card). Each endpoint is compared with the same server answering a fixed JSON body of the
 * same size (bench/search-server.mjs), runs alternating endpoint / peer to share the machine's drift.
 * The server runs in its own process; autocannon runs in this one.
 */
import autocannon from 'autocannon';
import { ensurePostgres, ensureSqlite } from './data.mjs';
import { intFmt, log, median, msSpread, pct, spread, startBenchServer, verdict } from './lib.mjs';
import { makeQueries, mixInputs } from './queries.mjs';

const COUNT = 1_000_000;
const RUNS = Number(process.env.BENCH_API_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 16);
const CARD = '1440312345601';
const MIX = 500;

const CLIENT = { platform: 'h5', hostname: '127.0.0.1', 'platform-source': '1', 'content-type': 'application/json' };

/** One autocannon run; latencies are taken per response so that any percentile can be read. */
function load(base, requests, headers, seconds = SECONDS) {
  return new Promise((ok, fail) => {
    const latencies = [];
    const instance = autocannon(
      { url: base, connections: CONNECTIONS, duration: seconds, requests, headers },
      (error, result) => {
        if (error) return fail(error);
        if (result.non2xx || result.errors || result.timeouts)
          return fail(new Error(`load on ${requests[0].path}: ${result.non2xx} non-2xx, ${result.errors} errors`));
        ok({ rps: result.requests.total / (result.duration || seconds), latencies });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

async function logIn(base) {
  const res = await fetch(`${base}/api/simLogin`, {
    method: 'POST',
    headers: CLIENT,
    body: JSON.stringify({ simNo: CARD, agreeProtocol: 1 }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`card login: ${body.code} ${body.message}`);
  return { 'session-id': body.data.sessionId, 'sim-no': CARD };
}

/** Average body bytes of the endpoint's requests; every answer must be an envelope with code 0. */
async function bodyBytes(base, paths, headers) {
  let total = 0;
  for (const path of paths) {
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    const body = JSON.parse(text);
    if (!res.ok || body.code !== 0) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    total += Buffer.byteLength(text);
  }
  return Math.round(total / paths.length);
}

/** Rows for one database: `label` names it in the figures ('SQLite' or 'PostgreSQL'). */
export async function run({ kind = 'sqlite' } = {}) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const dbConfig =
    kind === 'sqlite'
      ? { kind: 'sqlite', file: await ensureSqlite(COUNT) }
      : { kind: 'postgres', url: await ensurePostgres(COUNT) };
  const inputs = await mixInputs(dbConfig);
  const mix = await makeQueries(MIX, inputs, 11);
  const server = await startBenchServer(
    kind === 'sqlite' ? { SQLITE_FILE: dbConfig.file } : { DATABASE_URL: dbConfig.url, SQLITE_FILE: '' },
  );
  const rows = [];
  try {
    const card = { ...CLIENT, ...(await logIn(server.base)) };
    const endpoints = [
      {
        name: 'numberList',
        paths: mix,
        headers: CLIENT,
        budget: 0.5,
        note: `${MIX} queries of the filter mix in turn`,
      },
      { name: 'baseConfig', paths: ['/api/hk/baseConfig?promoCode=demo'], headers: CLIENT },
      { name: 'simInfo', paths: ['/api/iot/simInfo'], headers: card, note: 'card session' },
      { name: 'packageChoose', paths: ['/api/iot/packageChoose'], headers: card, note: 'card session' },
    ];
    for (const e of endpoints) {
      const bytes = await bodyBytes(server.base, e.paths, e.headers);
      const requests = e.paths.map((path) => ({ method: 'GET', path }));
      const fixed = [{ method: 'GET', path: `/bench/fixed?bytes=${bytes}` }];
      // Warm both routes (JIT, caches) before the measured runs.
      await load(server.base, requests, e.headers, 2);
      await load(server.base, fixed, e.headers, 2);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const own = await load(server.base, requests, e.headers);
        const peer = await load(server.base, fixed, e.headers);
        runs.push({
          p50: pct(own.latencies, 50),
          p95: pct(own.latencies, 95),
          p99: pct(own.latencies, 99),
          rps: own.rps,
          fixedRps: peer.rps,
          ratio: own.rps / peer.rps,
        });
        log(`api ${label} ${e.name} run ${i + 1}: ${intFmt(own.rps)} req/s vs fixed ${intFmt(peer.rps)} req/s`);
      }
      const of = (k, fmt) =>
        spread(
          runs.map((r) => r[k]),
          fmt,
        );
      const how = `autocannon ${CONNECTIONS} connections, ${RUNS} runs × ${SECONDS} s alternating with the fixed peer, median (min–max)${e.note ? `; ${e.note}` : ''}`;
      rows.push({
        figure: `${label} ${e.name} latency p50 / p95 / p99 under load`,
        value: ['p50', 'p95', 'p99'].map((k) => msSpread(runs.map((r) => r[k]))).join(' / '),
        budget: '',
        verdict: '-',
        how,
      });
      const ratio = median(runs.map((r) => r.ratio));
      rows.push({
        figure: `${label} ${e.name} throughput / fixed JSON of the same size`,
        value: `${of('ratio', (v) => v.toFixed(3))}: ${of('rps', intFmt)} vs ${of('fixedRps', intFmt)} req/s (${intFmt(bytes)} B)`,
        budget: e.budget ? `≥ ${e.budget}` : '',
        verdict: e.budget ? verdict(ratio >= e.budget) : '-',
        how: `same runs; ratio per alternating pair, fixed body ${intFmt(bytes)} B from the same server`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}
