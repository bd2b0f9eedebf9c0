/**
 * `npm run bench -- search`: how the vanity-number search scales with the inventory.
 *  1. server time (the numberList handler's own `server-timing: search;dur=`) p50/p95/p99 at 100k, 1M and
 *     5M numbers, over distinct queries of the random filter mix (answer cache cold), 3 passes each;
 *  2. the growth of p95 from 100k to 5M against the 50× growth of the inventory;
 *  3. on SQLite at 1M, the same queries done by a regex scan over every row, which is how simple shops
 *     do it: the peer the indexed search is there to beat.
 * Data sets are generated once into bench/.data (5M takes minutes) and reused.
 */
import { join } from 'node:path';
import { ensurePostgres, ensureSqlite } from './data.mjs';
import { intFmt, log, median, msFmt, msSpread, pct, ROOT, ratioFmt, startBenchServer, verdict } from './lib.mjs';
import { makeQueries, mixInputs } from './queries.mjs';

const PASSES = Number(process.env.BENCH_SEARCH_PASSES ?? 3);
const PER_PASS = Number(process.env.BENCH_SEARCH_QUERIES ?? 1000);
const WARMUP = 100;
const COUNTS = (process.env.BENCH_SEARCH_COUNTS ?? '100000,1000000,5000000').split(',').map(Number);

/** Sequential requests; answers the server-timing durations. */
async function serverTimes(base, urls) {
  const times = [];
  for (const url of urls) {
    const res = await fetch(base + url);
    const body = await res.text();
    const timing = /search;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (!res.ok || !timing || JSON.parse(body).code !== 0)
      throw new Error(`bad answer for ${url}: ${res.status} ${body.slice(0, 200)}`);
    times.push(Number(timing[1]));
  }
  return times;
}

/** Server time at one inventory size: PASSES passes of PER_PASS distinct queries, p50/p95/p99 per pass. */
async function measure(dbConfig) {
  const inputs = await mixInputs(dbConfig);
  const queries = await makeQueries(WARMUP + PASSES * PER_PASS, inputs, 7);
  const server = await startBenchServer(
    dbConfig.kind === 'sqlite' ? { SQLITE_FILE: dbConfig.file } : { DATABASE_URL: dbConfig.url, SQLITE_FILE: '' },
  );
  try {
    await serverTimes(server.base, queries.slice(0, WARMUP));
    const passes = [];
    for (let i = 0; i < PASSES; i++) {
      const start = WARMUP + i * PER_PASS;
      const times = await serverTimes(server.base, queries.slice(start, start + PER_PASS));
      passes.push({ p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: Math.max(...times) });
    }
    return { passes, queries: queries.slice(WARMUP) };
  } finally {
    await server.stop();
  }
}

/** The regex scan a simple shop does: every row of the data set tested per request. */
async function regexScan(file, queries) {
  const { createDatabase } = await import(join(ROOT, 'packages/server/dist/db/database.js'));
  const handle = createDatabase({ kind: 'sqlite', file });
  const rows = await handle.db
    .selectFrom('numbers')
    .select(['id', 'number', 'province_code', 'operator_type', 'price_fen', 'level', 'status'])
    .execute();
  await handle.destroy();
  const REGEX = {
    A5: /(\d)\1{4}$/,
    A4: /(\d)\1{3}$/,
    A3: /(\d)\1{2}$/,
    AABB: /(\d)\1(?!\1)(\d)\2$/,
    ABAB: /(\d)(?!\1)(\d)\1\2$/,
    AAAB: /(\d)\1\1(?!\1)\d$/,
    ABBB: /(\d)(?!\1)(\d)\2\2$/,
    AABBCC: /(\d)\1(?!\1)(\d)\2(?!\2)(\d)\3$/,
    ABCABC: /(\d)(\d)(\d)\1\2\3$/,
    ABC: /(012|123|234|345|456|567|678|789)$/,
    ABCD: /(0123|1234|2345|3456|4567|5678|6789)$/,
    ABCDE: /(01234|12345|23456|34567|45678|56789)$/,
    DCBA: /(3210|4321|5432|6543|7654|8765|9876)$/,
    BIRTHDAY: /(19[5-9]\d|20[0-2]\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/,
    LOVE: /520|1314/,
    LUCKY8: /8$/,
    NO4: /^[^4]{11}$/,
  };
  const times = [];
  for (const url of queries) {
    const q = new URL(url, 'http://x').searchParams;
    const started = performance.now();
    const patterns = (q.get('pattern') ?? '')
      .split(',')
      .filter(Boolean)
      .map((c) => REGEX[c] ?? /$^/);
    const kw = q.get('keyword');
    const kwRe = kw ? new RegExp(q.get('position') === 'tail' ? `${kw}$` : kw) : null;
    const ex = q.get('excludeDigits') ? new RegExp(`[${q.get('excludeDigits').replaceAll(',', '')}]`) : null;
    const found = rows.filter(
      (row) =>
        row.status === 1 &&
        (!q.get('provinceCode') || row.province_code === q.get('provinceCode')) &&
        (!q.get('operatorType') || row.operator_type === Number(q.get('operatorType'))) &&
        (!q.get('segment') || row.number.startsWith(q.get('segment'))) &&
        (patterns.length === 0 || patterns.some((re) => re.test(row.number))) &&
        (!kwRe || kwRe.test(row.number)) &&
        !ex?.test(row.number) &&
        (!q.get('priceMin') || row.price_fen >= Number(q.get('priceMin')) * 100) &&
        (!q.get('priceMax') || row.price_fen <= Number(q.get('priceMax')) * 100),
    );
    found.sort((a, b) => b.level - a.level || a.price_fen - b.price_fen || a.id - b.id);
    found.slice(0, 10);
    times.push(performance.now() - started);
  }
  return times;
}

/** Rows for one database: the server time at each size, and its growth from the smallest to the largest. */
export async function run({ kind = 'sqlite', counts = COUNTS } = {}) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const rows = [];
  const p95At = new Map();
  let queriesAt1M = null;
  for (const count of counts) {
    const dbConfig =
      kind === 'sqlite'
        ? { kind: 'sqlite', file: await ensureSqlite(count) }
        : { kind: 'postgres', url: await ensurePostgres(count) };
    const { passes, queries } = await measure(dbConfig);
    const of = (k) => msSpread(passes.map((p) => p[k]));
    const p95 = median(passes.map((p) => p.p95));
    const p99 = median(passes.map((p) => p.p99));
    p95At.set(count, p95);
    if (count === 1_000_000) queriesAt1M = { file: dbConfig.file, queries };
    log(`search ${label} ${intFmt(count)}: p95 ${msFmt(p95)}, p99 ${msFmt(p99)}`);
    const budgeted = count === 1_000_000;
    rows.push({
      figure: `${label} numberList server time p50 / p95 / p99, ${intFmt(count)} numbers`,
      value: `${of('p50')} / ${of('p95')} / ${of('p99')} (max ${of('max')})`,
      budget: budgeted ? 'p95 ≤ 20 ms, p99 ≤ 50 ms' : '',
      verdict: budgeted ? verdict(p95 <= 20 && p99 <= 50) : '-',
      how: `server-timing of the handler, ${PASSES} passes × ${PER_PASS} distinct queries of the filter mix (cache cold), sequential, median (min–max) of per-pass percentiles`,
    });
  }
  const first = counts[0];
  const last = counts[counts.length - 1];
  if (counts.length > 1) {
    const growth = p95At.get(last) / p95At.get(first);
    const inventory = last / first;
    rows.push({
      figure: `${label} numberList p95 growth, ${intFmt(first)} → ${intFmt(last)} numbers`,
      value: `${ratioFmt(growth)}× for ${intFmt(inventory)}× the inventory`,
      budget: `far below ${intFmt(inventory)}× (≤ ${intFmt(inventory / 5)}×)`,
      verdict: verdict(growth <= inventory / 5),
      how: 'ratio of the median p95 above',
    });
  }
  if (kind === 'sqlite' && queriesAt1M) {
    const sample = queriesAt1M.queries.slice(0, 100);
    const times = await regexScan(queriesAt1M.file, sample);
    rows.push({
      figure: 'regex scan over every row (how simple shops search), 1,000,000 numbers, p50 / p95',
      value: `${msFmt(pct(times, 50))} / ${msFmt(pct(times, 95))}`,
      budget: '',
      verdict: '-',
      how: `the peer of the indexed search: ${sample.length} of the same queries, every row tested in JS, one pass`,
    });
  }
  return rows;
}
