/**
 * `npm run bench -- cards` (and `cards-pg`, and `pg`): the console's IoT cards table
 * (`GET /api/admin/cards/list`) at 100,000 cards, budget p95 ≤ 100 ms (issue 23 item 8). The cards are
 * bulk-inserted once into their own data set (bench/.data/admin-cards-N.db, or the
 * haoka_bench_cards_N PostgreSQL database); an owner made by the CLI signs in (admin-orders.mjs); then
 * the first page, a rotation of searches and state filters, and a deep page are each asked in turn, one
 * request at a time, and timed from this process (round trip on 127.0.0.1).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { signIn, timeRequests } from './admin-orders.mjs';
import { DATA, log, msFmt, PG_URL, pct, ROOT, startBenchServer, verdict } from './lib.mjs';

const COUNT = 100_000;
const BUDGET_MS = 100;
const SAMPLES = Number(process.env.BENCH_CARDS_SAMPLES ?? 200);
const WARMUP = 30;
const NOW = Date.parse('2026-11-01T00:00:00Z');

const serverDist = (path) => import(join(ROOT, 'packages/server/dist', path));

const simNoOf = (i) => `1440${String(100_000_000 + i)}`;
const iccidOf = (i) => `89860${String(100_000_000_000_000 + i)}`;
const mobileOf = (i) => `139${String(10_000_000 + i).padStart(8, '0')}`;
const deviceOf = (i) => `DEV${String(i).padStart(9, '0')}`;

/** Most cards running; some inactive, stopped (various reasons) or closed; a third bound, a tenth devices. */
function cardRow(demoSimRow, i) {
  const pick = i % 20;
  const simStatus = pick < 14 ? 2 : pick < 16 ? 1 : pick < 19 ? 3 : 4;
  const stopReason = simStatus === 3 ? ['arrears', 'requested', 'packageExpired'][i % 3] : '';
  const created = NOW - (COUNT - i) * 60_000;
  return demoSimRow(created, {
    sim_no: simNoOf(i),
    iccid: iccidOf(i),
    operator_type: 1 + (i % 3),
    sim_status: simStatus,
    stop_reason: stopReason,
    ...(i % 3 === 0 ? { mobile: mobileOf(i), mobile_bound_at: created } : {}),
    ...(i % 10 === 0 ? { source_type: 2, device_no: deviceOf(i) } : {}),
    balance_fen: (i * 37) % 10_000,
    last_robin_at: created,
  });
}

async function generate(handle, label) {
  const { prepareDatabase } = await serverDist('app.js');
  const { demoSimRow } = await serverDist('seed/demo-iot-cards.js');
  const started = Date.now();
  log(`generating ${COUNT.toLocaleString('en-US')} IoT cards into ${label} (once; later runs reuse it)…`);
  await prepareDatabase(handle, { demo: false, demoNumbers: 0 });
  const chunk = handle.dialect === 'sqlite' ? 200 : 1000;
  await handle.db.transaction().execute(async (tx) => {
    for (let from = 0; from < COUNT; from += chunk) {
      const rows = [];
      for (let i = from; i < Math.min(COUNT, from + chunk); i++) rows.push(cardRow(demoSimRow, i));
      await tx.insertInto('sims').values(rows).execute();
    }
  });
  log(`generated ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function ensureSqlite() {
  const file = join(DATA, `admin-cards-${COUNT}.db`);
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
  const name = `${url.pathname.slice(1)}_cards_${COUNT}`;
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
      if (r.rows[0].c === `cards=${COUNT}`) return url.href;
      log(`${name} does not hold ${COUNT} generated cards: recreating it`);
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
    await client.query('VACUUM ANALYZE');
    await client.query(`COMMENT ON DATABASE "${name}" IS 'cards=${COUNT}'`);
  } finally {
    await client.end();
  }
  return url.href;
}

const LIST = '/api/admin/cards/list';
const SEARCHES = [
  `${LIST}?q=${simNoOf(54_321)}`,
  `${LIST}?q=${iccidOf(12_345)}`,
  `${LIST}?q=${mobileOf(30_000)}`,
  `${LIST}?q=${deviceOf(70_000)}`,
  `${LIST}?simStatus=3`,
  `${LIST}?simStatus=1&page=50`,
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
      { name: 'searches and filters', paths: SEARCHES, note: `${SEARCHES.length} in turn` },
      { name: 'deep page', paths: [`${LIST}?page=4000&pageSize=20`], note: 'rows 79,981–80,000' },
    ];
    for (const page of pages) {
      const { times } = await timeRequests(server.base, page.paths, { cookie }, { warmup: WARMUP, samples: SAMPLES });
      const p95 = pct(times, 95);
      log(`admin cards ${label} ${page.name}: p50 ${msFmt(pct(times, 50))}, p95 ${msFmt(p95)}`);
      rows.push({
        figure: `${label} admin cards list, ${page.name} (100k cards) p50 / p95`,
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
