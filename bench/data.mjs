/**
 * The bench data sets: the demo seed (cards, packages, shop) plus N vanity numbers, generated once and
 * reused. SQLite files live in bench/.data/numbers-N.db; PostgreSQL uses one database per size,
 * haoka_bench_N (the database of BENCH_DATABASE_URL with `_N` appended), regenerated only when it does
 * not hold a complete generation.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DATA, log, PG_URL, ROOT } from './lib.mjs';

const app = () => import(join(ROOT, 'packages/server/dist/app.js'));
const database = () => import(join(ROOT, 'packages/server/dist/db/database.js'));

export const sqliteFile = (count) => join(DATA, `numbers-${count}.db`);

/** Seeds while printing the elapsed time, since one seeding transaction gives no progress of its own. */
async function seedWithProgress(label, handle, count) {
  const { prepareDatabase } = await app();
  const started = Date.now();
  log(`generating ${count.toLocaleString('en-US')} numbers into ${label} (once; later runs reuse it)…`);
  const ticker = setInterval(() => log(`  …still generating, ${((Date.now() - started) / 1000).toFixed(0)} s`), 20_000);
  try {
    await prepareDatabase(handle, { demo: true, demoNumbers: count });
  } finally {
    clearInterval(ticker);
  }
  log(`generated ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** Path of a SQLite file holding `count` demo numbers, generated when missing. */
export async function ensureSqlite(count) {
  const file = sqliteFile(count);
  if (existsSync(file) && !existsSync(`${file}.partial`)) return file;
  mkdirSync(DATA, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  // A marker, so an interrupted generation is redone rather than reused.
  const marker = `${file}.partial`;
  rmSync(marker, { force: true });
  writeFileSync(marker, '');
  const { createDatabase } = await database();
  const handle = createDatabase({ kind: 'sqlite', file });
  try {
    await seedWithProgress(file, handle, count);
  } finally {
    await handle.destroy();
  }
  rmSync(marker);
  return file;
}

/** The PostgreSQL URL of a database holding `count` demo numbers: created and seeded when needed. */
export async function ensurePostgres(count) {
  const url = new URL(PG_URL);
  const name = `${url.pathname.slice(1)}_${count}`;
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    else {
      // The comment is written after a complete generation: it names the count the database holds.
      const r = await admin.query('SELECT shobj_description(oid, $2) AS c FROM pg_database WHERE datname = $1', [
        name,
        'pg_database',
      ]);
      if (r.rows[0].c === `numbers=${count}`) return url.href;
      log(`${name} does not hold ${count} generated numbers: recreating it`);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const { createDatabase } = await database();
  const handle = createDatabase({ kind: 'postgres', url: url.href });
  try {
    await seedWithProgress(`PostgreSQL ${name}`, handle, count);
  } finally {
    await handle.destroy();
  }
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query('ANALYZE');
    await client.query(`COMMENT ON DATABASE "${name}" IS 'numbers=${count}'`);
  } finally {
    await client.end();
  }
  return url.href;
}

// `node bench/data.mjs 100000 1000000 pg:1000000` prepares data sets ahead of a bench run.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('pg:')) await ensurePostgres(Number(arg.slice(3)));
    else await ensureSqlite(Number(arg));
  }
}
