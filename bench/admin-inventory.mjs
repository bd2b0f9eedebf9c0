/**
 * `npm run bench -- inventory` (and `pg`): the console's number inventory table
 * (`GET /api/admin/inventory/list`) at 1M numbers, budget p95 ≤ 100 ms (BACKOFFICE.md "Quality bar"). It
 * reuses the search bench's data set (bench/data.mjs: the demo seed plus 1M numbers), signs in a staff
 * member made by the CLI, then asks the first page, a rotation of filtered pages (every status, patterns,
 * tails, price ranges, excluded digits) and a deep page, one request at a time, timed from this process
 * (round trip on 127.0.0.1); the sign-in and timing are bench/lib.mjs's. BENCH_ADMIN_ROWS=2000 (any
 * count) smoke-tests the bench on the data set of that many numbers.
 */
import { ensurePostgres, ensureSqlite } from './data.mjs';
import { adminRows, countLabel, deepPage, timeTablePages } from './lib.mjs';

const COUNT = adminRows(1_000_000);
const SAMPLES = Number(process.env.BENCH_INVENTORY_SAMPLES ?? process.env.BENCH_ORDERS_SAMPLES ?? 200);

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
  return timeTablePages({
    env:
      kind === 'sqlite'
        ? { SQLITE_FILE: await ensureSqlite(COUNT), DATABASE_URL: '' }
        : { DATABASE_URL: await ensurePostgres(COUNT), SQLITE_FILE: '' },
    label: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    table: 'admin inventory',
    size: `${countLabel(COUNT)} numbers`,
    samples: SAMPLES,
    pages: [
      { name: 'first page', paths: [`${LIST}?page=1&pageSize=20`] },
      { name: 'filtered pages', paths: FILTERED, note: `${FILTERED.length} filters in turn` },
      deepPage(LIST, COUNT),
    ],
  });
}
