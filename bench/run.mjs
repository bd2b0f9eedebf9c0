#!/usr/bin/env node
/**
 * `npm run bench`: prints each performance figure next to its budget (ARCHITECTURE.md "Budgets"), with
 * how it was measured. `npm run bench -- <section> [<section>…]` runs some sections only:
 *   bundle      first-screen JS+CSS gzip of home, number search, IoT login, IoT home; React floor
 *   lighthouse  Lighthouse 12 mobile on home, number search, IoT home, first and repeat visit (3 runs each)
 *   api         autocannon on numberList, baseConfig, simInfo, packageChoose vs a fixed JSON (SQLite, 1M)
 *   search      numberList server time at 100k, 1M, 5M numbers (SQLite) and its growth
 *   orders      the console's orders table at 100k orders: first, filtered and deep page p95 (SQLite)
 *   inventory   the console's number inventory table at 1M numbers: first, filtered and deep page p95 (SQLite)
 *   cards       the console's IoT cards table at 100k cards: first page, searches, deep page p95 (SQLite)
 *   cards-pg    the same with DATABASE_URL (PostgreSQL)
 *   pg          api (1M), search (100k, 1M, 5M), orders and cards (100k) and inventory (1M) with DATABASE_URL (PostgreSQL)
 * Needs `npm run build` first. Data sets are generated once into bench/.data (and the haoka_bench_N
 * PostgreSQL databases); progress and phase timings go to stderr, the table to stdout.
 */
import { log, phase, printTable } from './lib.mjs';

const SECTIONS = {
  bundle: async () => (await import('./bundle.mjs')).run(),
  lighthouse: async () => (await import('./lighthouse.mjs')).run(),
  api: async () => (await import('./api.mjs')).run({ kind: 'sqlite' }),
  search: async () => (await import('./search.mjs')).run({ kind: 'sqlite' }),
  orders: async () => (await import('./admin-orders.mjs')).run({ kind: 'sqlite' }),
  cards: async () => (await import('./admin-cards.mjs')).run({ kind: 'sqlite' }),
  'cards-pg': async () => (await import('./admin-cards.mjs')).run({ kind: 'postgres' }),
  inventory: async () => (await import('./admin-inventory.mjs')).run({ kind: 'sqlite' }),
  pg: async () => [
    ...(await (await import('./api.mjs')).run({ kind: 'postgres' })),
    ...(await (await import('./search.mjs')).run({ kind: 'postgres' })),
    ...(await (await import('./admin-orders.mjs')).run({ kind: 'postgres' })),
    ...(await (await import('./admin-cards.mjs')).run({ kind: 'postgres' })),
    ...(await (await import('./admin-inventory.mjs')).run({ kind: 'postgres' })),
  ],
};

const asked = process.argv.slice(2);
const unknown = asked.filter((s) => !(s in SECTIONS));
if (unknown.length) {
  console.error(`unknown section ${unknown.join(', ')}; sections: ${Object.keys(SECTIONS).join(' | ')}`);
  process.exit(2);
}
const sections = asked.length ? asked : Object.keys(SECTIONS);

const started = Date.now();
const rows = [];
let failed = false;
for (const name of sections) {
  try {
    rows.push(...(await phase(name, SECTIONS[name])));
  } catch (error) {
    failed = true;
    log(`${name} failed: ${error.stack ?? error}`);
    rows.push({ figure: `${name} section`, value: `failed: ${error.message}`, budget: '', verdict: 'ERROR', how: '' });
  }
}
log(`bench took ${((Date.now() - started) / 60000).toFixed(1)} min`);
printTable(rows);
const missed = rows.filter((r) => r.verdict === 'MISSED').map((r) => r.figure);
if (missed.length) console.log(`\nBudgets missed (${missed.length}): ${missed.join('; ')}`);
process.exit(failed ? 1 : 0);
