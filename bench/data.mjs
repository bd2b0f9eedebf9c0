/**
 * The bench data sets: the demo seed (cards, packages, shop) plus N vanity numbers, generated once and
 * reused. SQLite files live in bench/.data/numbers-N.db; PostgreSQL uses one database per size,
 * haoka_bench_N (the database of BENCH_DATABASE_URL with `_N` appended), regenerated only when it does
 * not hold a complete generation.
 */
import { join } from 'node:path';
import { DATA, ensurePostgresData, ensureSqliteData, log, serverDist } from './lib.mjs';

export const sqliteFile = (count) => join(DATA, `numbers-${count}.db`);

/** Seeds while printing the elapsed time, since one seeding transaction gives no progress of its own. */
async function seedWithProgress(label, handle, count) {
  const { prepareDatabase } = await serverDist('app.js');
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
export function ensureSqlite(count) {
  return ensureSqliteData(sqliteFile(count), (handle, label) => seedWithProgress(label, handle, count));
}

/** The PostgreSQL URL of a database holding `count` demo numbers: created and seeded when needed. */
export function ensurePostgres(count) {
  return ensurePostgresData(String(count), `numbers=${count}`, (handle, label) =>
    seedWithProgress(label, handle, count),
  );
}

// `node bench/data.mjs 100000 1000000 pg:1000000` prepares data sets ahead of a bench run.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('pg:')) await ensurePostgres(Number(arg.slice(3)));
    else await ensureSqlite(Number(arg));
  }
}
