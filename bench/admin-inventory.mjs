/**
 * `npm run bench -- inventory` (and `pg`): the console's number inventory table
 * (`GET /api/admin/inventory/list`) at 1M numbers, budget p95 ≤ 100 ms (BACKOFFICE.md "Quality bar"). It
 * reuses the search bench's data set (bench/data.mjs: the demo seed plus 1M numbers), signs in a staff
 * member made by the CLI as bench/admin-orders.mjs does, then asks the first page, a rotation of filtered
 * pages (every status, patterns, tails, price ranges, excluded digits) and a deep page, one request at a
 * time, timed from this process (round trip on 127.0.0.1).
 */
import { signIn, timeRequests } from './admin-orders.mjs';
import { ensurePostgres, ensureSqlite } from './data.mjs';
import { log, msFmt, pct, startBenchServer, verdict } from './lib.mjs';

const COUNT = 1_000_000;
const BUDGET_MS = 100;
const SAMPLES = Number(process.env.BENCH_ORDERS_SAMPLES ?? 200);
const WARMUP = 30;

const LIST = '/api/admin/inventory/list';
const FILTERED = [
  `${LIST}?status=1`,
  `${LIST}?status=0&sort=priceAsc`,
  `${LIST}?pattern=A4,ABCD`,
  `${LIST}?keyword=888&position=tail`,
  `${LIST}?keyword=520`,
  `${LIST}?operatorType=1&priceMin=100&priceMax=2000&sort=priceDesc`,
  `${LIST}?excludeDigits=4,7&segment=138`,
  `${LIST}?status=3`,
];

/** Rows for one database: `kind` is 'sqlite' or 'postgres'. */
export async function run({ kind = 'sqlite' } = {}) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const env =
    kind === 'sqlite'
      ? { SQLITE_FILE: await ensureSqlite(COUNT), DATABASE_URL: '' }
      : { DATABASE_URL: await ensurePostgres(COUNT), SQLITE_FILE: '' };
  const server = await startBenchServer(env);
  const rows = [];
  try {
    const { cookie } = await signIn(server.base, env);
    const pages = [
      { name: 'first page', paths: [`${LIST}?page=1&pageSize=20`] },
      { name: 'filtered pages', paths: FILTERED, note: `${FILTERED.length} filters in turn` },
      { name: 'deep page', paths: [`${LIST}?page=40000&pageSize=20`], note: 'rows 799,981–800,000' },
    ];
    for (const page of pages) {
      const { times } = await timeRequests(server.base, page.paths, { cookie });
      const p95 = pct(times, 95);
      log(`admin inventory ${label} ${page.name}: p50 ${msFmt(pct(times, 50))}, p95 ${msFmt(p95)}`);
      rows.push({
        figure: `${label} admin inventory list, ${page.name} (1M numbers) p50 / p95`,
        value: `${msFmt(pct(times, 50))} / ${msFmt(p95)}`,
        budget: `p95 ≤ ${BUDGET_MS} ms`,
        verdict: verdict(p95 <= BUDGET_MS),
        how: `${SAMPLES} sequential requests after ${WARMUP} warm-up, round trip on 127.0.0.1, staff session${page.note ? `; ${page.note}` : ''}`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}
