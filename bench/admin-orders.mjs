/**
 * `npm run bench -- orders` (and `pg`): the console's shop orders table (`GET /api/admin/orders/list`) at
 * 100,000 orders, budget p95 ≤ 100 ms (BACKOFFICE.md "Quality bar"). The orders are bulk-inserted once
 * into their own data set (bench/.data/admin-orders-N.db, or the haoka_bench_orders_N PostgreSQL
 * database); a staff member made by the CLI signs in with its TOTP code; then the first page, a rotation
 * of filtered pages and a deep page are each asked in turn, one request at a time, and timed from this
 * process (round trip on 127.0.0.1).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { DATA, KEY_FILE, log, msFmt, PG_URL, pct, ROOT, startBenchServer, verdict } from './lib.mjs';

const execFileAsync = promisify(execFile);
const COUNT = 100_000;
const BUDGET_MS = 100;
const SAMPLES = Number(process.env.BENCH_ORDERS_SAMPLES ?? 200);
const WARMUP = 30;
const PROMOTERS = 20;
const DAY = 86_400_000;
/** The orders span the 180 days before this instant, oldest first. */
const END = Date.parse('2026-11-01T00:00:00Z');

const serverDist = (path) => import(join(ROOT, 'packages/server/dist', path));

/** A deterministic generator, so every data set of a size is the same. */
function random(seed) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** The status mix of a running shop: most orders done or waiting, some cancelled or refunded. */
const STATUS_MIX = [
  [0, 0.05, 0],
  [1, 0.1, 2],
  [2, 0.1, 2],
  [3, 0.15, 2],
  [4, 0.45, 2],
  [5, 0.08, 0],
  [6, 0.03, 0],
  [7, 0.04, 5],
];

function orderRow(i, r) {
  let pick = r();
  let status = STATUS_MIX[STATUS_MIX.length - 1];
  for (const entry of STATUS_MIX) {
    if (pick < entry[1]) {
      status = entry;
      break;
    }
    pick -= entry[1];
  }
  const created = END - 180 * DAY + Math.floor((i * 180 * DAY) / COUNT);
  const numberOrder = r() < 0.6;
  const mobile = `139${String(Math.floor(r() * 20_000)).padStart(8, '0')}`;
  return {
    order_sn: `HK${String(20260000000000 + i)}`,
    order_type: numberOrder ? 1 : 2,
    number_id: null,
    package_id: null,
    goods_id: null,
    title: numberOrder ? '靓号 5G 套餐' : '流量卡',
    number: numberOrder ? `13${String(Math.floor(r() * 1e9)).padStart(9, '0')}` : null,
    package_name: null,
    goods_image: '',
    operator_type: 1 + (i % 4),
    contact_name: '张三',
    contact_mobile: mobile,
    id_card_enc: '',
    id_card_hmac: '',
    id_card_masked: '440305********1234',
    id_card_last6_hmac: '',
    province_code: '440000',
    city_code: '440300',
    county_code: '440305',
    address_detail: '科技园南区 1 栋 101',
    pay_amount_fen: status[2] ? 3900 : 0,
    pay_type: status[2] ? 'wxpay' : '',
    order_status: status[0],
    pay_status: status[2],
    expire_at: null,
    paid_at: status[2] ? created + 60_000 : null,
    trade_no: null,
    tracking_no: status[0] >= 3 && status[0] <= 4 ? `SF${String(1e11 + i)}` : '',
    express_company: status[0] >= 3 && status[0] <= 4 ? '顺丰速运' : '',
    shipped_at: status[0] >= 3 && status[0] <= 4 ? created + DAY : null,
    cancel_reason: '',
    order_session_id: 'b'.repeat(32),
    promo_code: `P${String(i % PROMOTERS).padStart(2, '0')}`,
    page_code: '',
    bd_vid: '',
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    request_hash: '0'.repeat(64),
    created_at: created,
    updated_at: created,
  };
}

/** Migrates the database and inserts the orders, many rows per statement, in one transaction. */
async function generate(handle, label) {
  const { prepareDatabase } = await serverDist('app.js');
  const started = Date.now();
  log(`generating ${COUNT.toLocaleString('en-US')} shop orders into ${label} (once; later runs reuse it)…`);
  await prepareDatabase(handle, { demo: false, demoNumbers: 0 });
  const r = random(22);
  const chunk = handle.dialect === 'sqlite' ? 500 : 1000;
  await handle.db.transaction().execute(async (tx) => {
    for (let from = 0; from < COUNT; from += chunk) {
      const rows = [];
      for (let i = from; i < Math.min(COUNT, from + chunk); i++) rows.push(orderRow(i, r));
      await tx.insertInto('shop_orders').values(rows).execute();
    }
  });
  log(`generated ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function ensureSqlite() {
  const file = join(DATA, `admin-orders-${COUNT}.db`);
  const marker = `${file}.partial`;
  if (existsSync(file) && !existsSync(marker)) return file;
  mkdirSync(DATA, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  writeFileSync(marker, '');
  const { createDatabase } = await serverDist('db/database.js');
  const handle = createDatabase({ kind: 'sqlite', file });
  try {
    await generate(handle, file);
    await sql`ANALYZE`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
  rmSync(marker);
  return file;
}

async function ensurePostgres() {
  const url = new URL(PG_URL);
  const name = `${url.pathname.slice(1)}_orders_${COUNT}`;
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    else {
      const r = await admin.query('SELECT shobj_description(oid, $2) AS c FROM pg_database WHERE datname = $1', [
        name,
        'pg_database',
      ]);
      if (r.rows[0].c === `orders=${COUNT}`) return url.href;
      log(`${name} does not hold ${COUNT} generated orders: recreating it`);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const { createDatabase } = await serverDist('db/database.js');
  const handle = createDatabase({ kind: 'postgres', url: url.href });
  try {
    await generate(handle, `PostgreSQL ${name}`);
  } finally {
    await handle.destroy();
  }
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    // What autovacuum does to a live database: statistics, and the visibility map index-only scans need.
    await client.query('VACUUM ANALYZE');
    await client.query(`COMMENT ON DATABASE "${name}" IS 'orders=${COUNT}'`);
  } finally {
    await client.end();
  }
  return url.href;
}

/** A new owner made by the CLI (`staff add --json`) on the bench database, signed in, password changed. */
export async function signIn(base, env) {
  const username = `bench${Date.now().toString(36)}`;
  const { stdout } = await execFileAsync(
    process.execPath,
    [join(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', 'owner', '--json'],
    { cwd: ROOT, env: { ...process.env, REDIS_URL: '', LOG_LEVEL: 'warn', KEY_FILE, ...env } },
  );
  const credentials = JSON.parse(stdout);
  const { totpCode } = await serverDist('lib/totp.js');
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: credentials.password,
      code: totpCode(credentials.totpSecret, Date.now()),
    }),
  });
  const body = await login.json();
  if (body.code !== 0) throw new Error(`staff login: ${JSON.stringify(body)}`);
  const cookie = String(login.headers.get('set-cookie')).split(';')[0];
  const changed = await fetch(`${base}/api/admin/auth/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': body.data.csrfToken },
    body: JSON.stringify({ currentPassword: credentials.password, newPassword: 'bench-password-123' }),
  });
  const answer = await changed.json();
  if (answer.code !== 0) throw new Error(`password change: ${JSON.stringify(answer)}`);
  return { cookie };
}

/** Round-trip times of `paths` asked one at a time, in turn, after a warm-up; every answer must be code 0. */
export async function timeRequests(base, paths, headers) {
  const ask = async (path) => {
    const started = performance.now();
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    const ms = performance.now() - started;
    const body = JSON.parse(text);
    if (!res.ok || body.code !== 0) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return { ms, total: body.data.total, rows: body.data.list.length };
  };
  for (let i = 0; i < WARMUP; i++) await ask(paths[i % paths.length]);
  const times = [];
  let last;
  for (let i = 0; i < SAMPLES; i++) {
    last = await ask(paths[i % paths.length]);
    times.push(last.ms);
  }
  return { times, last };
}

const LIST = '/api/admin/orders/list';
const FILTERED = [
  `${LIST}?status=2`,
  `${LIST}?status=4&promoCode=P07`,
  `${LIST}?payStatus=2&from=${END - 30 * DAY}&to=${END - 20 * DAY}`,
  `${LIST}?number=1380`,
  `${LIST}?mobile=13900012345`,
  `${LIST}?status=1&page=20`,
];

/** Rows for one database: `kind` is 'sqlite' or 'postgres'. */
export async function run({ kind = 'sqlite' } = {}) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const env =
    kind === 'sqlite'
      ? { SQLITE_FILE: await ensureSqlite(), DATABASE_URL: '' }
      : { DATABASE_URL: await ensurePostgres(), SQLITE_FILE: '' };
  const server = await startBenchServer(env);
  const rows = [];
  try {
    const { cookie } = await signIn(server.base, env);
    const pages = [
      { name: 'first page', paths: [`${LIST}?page=1&pageSize=20`] },
      { name: 'filtered pages', paths: FILTERED, note: `${FILTERED.length} filters in turn` },
      { name: 'deep page', paths: [`${LIST}?page=4000&pageSize=20`], note: 'rows 79,981–80,000' },
    ];
    for (const page of pages) {
      const { times } = await timeRequests(server.base, page.paths, { cookie });
      const p95 = pct(times, 95);
      log(`admin orders ${label} ${page.name}: p50 ${msFmt(pct(times, 50))}, p95 ${msFmt(p95)}`);
      rows.push({
        figure: `${label} admin orders list, ${page.name} (100k orders) p50 / p95`,
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
