#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, boundaries, unit, API tests on SQLite, the same API tests on PostgreSQL,
 * then the e2e journeys in Chromium against the built app. Every step runs; the last line totals them as
 * `N passed, N failed` (typecheck, lint and boundaries count one each) and the exit code is non-zero on any failure.
 *
 * `npm test -- --floor <node>` runs, on that Node.js instead, only the tests where the runtime meets the
 * native SQLite driver: the driver and start-up tests, and the crash, contention and ledger (payment
 * notify) proofs on SQLite. CI passes the lowest Node.js that `engines` admits (ADR 8). It expects the
 * built server that a whole run leaves.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, '.test-results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const bin = (name) => join(ROOT, 'node_modules/.bin', name);
/** What dependency-cruiser checks (.dependency-cruiser.cjs: cycles, module and feature boundaries, layers). */
const BOUNDARY_ROOTS = ['packages/contract/src', 'packages/server/src', 'packages/web/src', 'packages/admin/src'];
const floorAt = process.argv.indexOf('--floor');
const FLOOR_NODE = floorAt >= 0 ? process.argv[floorAt + 1] : undefined;
if (floorAt >= 0 && !FLOOR_NODE) {
  console.error('--floor needs the path of a Node.js executable');
  process.exit(2);
}

let passed = 0;
let failed = 0;

function finish() {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

function fatal(line) {
  console.error(line);
  failed += 1;
  finish();
}

async function preflight() {
  if (!existsSync(CHROMIUM)) {
    fatal(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  // The dependency-fault proofs start a PostgreSQL cluster and a redis-server of their own (docs/reliability.md).
  const onPath = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, name)));
  const debianPg = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').some((v) => existsSync(join('/usr/lib/postgresql', v, 'bin/initdb')))
    : false;
  if (!(onPath('initdb') && onPath('pg_ctl')) && !debianPg) {
    fatal('PostgreSQL binaries (initdb, pg_ctl) not found: install them with `apt-get install -y postgresql`.');
  }
  if (!onPath('redis-server')) fatal('redis-server not found: install it with `apt-get install -y redis-server`.');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    fatal(
      `PostgreSQL not reachable at ${PG_URL} (${error.message}): install and start it with \`apt-get install -y postgresql\` (trust auth for user postgres) or set TEST_DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, command, args, env) {
  if (run(label, command, args, env)) passed += 1;
  else failed += 1;
}

/** Runs vitest on `projects` (only `files`, when given) on the project's Node.js, or on `node`. */
function vitest(label, name, projects, env = {}, { node, files = [] } = {}) {
  const out = join(RESULTS, `${name}.json`);
  rmSync(out, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...files,
  ];
  const ok = node
    ? run(label, node, [join(ROOT, 'node_modules/vitest/vitest.mjs'), ...args], env)
    : run(label, bin('vitest'), args, env);
  if (!existsSync(out)) {
    failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  const suiteErrors = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0,
  );
  failed += suiteErrors.length;
  if (!ok && (report.numFailedTests ?? 0) === 0 && suiteErrors.length === 0) failed += 1;
  if ((report.numTotalTests ?? 0) === 0) {
    console.error(`${label}: no test ran`);
    failed += 1;
  }
}

mkdirSync(RESULTS, { recursive: true });
if (FLOOR_NODE) {
  const version = spawnSync(FLOOR_NODE, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  console.log(`Testing the SQLite driver and the proofs on Node.js ${version} (${FLOOR_NODE})`);
  const on = { node: FLOOR_NODE };
  vitest(
    `driver and start-up on Node.js ${version}`,
    'floor-unit',
    ['unit'],
    {},
    {
      ...on,
      files: ['packages/server/src/db', 'packages/server/src/runtime.test.ts'],
    },
  );
  vitest(
    `proofs on SQLite on Node.js ${version}`,
    'floor-proofs',
    ['api'],
    { HAOKA_TEST_DB: 'sqlite' },
    {
      ...on,
      files: ['crash.api', 'contention.api', 'payment-notify.api'].map(
        (f) => `packages/server/src/proofs/${f}.test.ts`,
      ),
    },
  );
  finish();
}
console.log(`Testing on Node.js ${process.version} (${process.execPath})`);
await preflight();
step('typecheck', bin('tsc'), [
  '-b',
  'packages/contract',
  'packages/server',
  'packages/server/tsconfig.test.json',
  'packages/web',
  'packages/admin',
  'e2e',
]);
step('lint', bin('biome'), ['check', '.']);
step('boundaries', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', ...BOUNDARY_ROOTS]);
vitest('unit (contract, server, web, console)', 'unit', ['unit', 'web', 'admin']);
vitest('API on SQLite', 'api-sqlite', ['api'], { HAOKA_TEST_DB: 'sqlite' });
vitest('API on PostgreSQL', 'api-postgres', ['api'], { HAOKA_TEST_DB: 'postgres', TEST_DATABASE_URL: PG_URL });
if (run('build', 'npm', ['run', 'build', '--silent'])) {
  vitest('e2e in Chromium', 'e2e', ['e2e']);
} else {
  failed += 1;
}
finish();
