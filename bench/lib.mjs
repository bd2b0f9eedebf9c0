/**
 * Helpers the bench sections share: statistics, the figures table, bench servers, phase timing, the data
 * sets built once (SQLite files and PostgreSQL databases), and the console tables' timing as a signed-in
 * owner.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA = join(ROOT, 'bench/.data');
/** The bench servers' own key file, so the generated data sets never depend on data/keys.json. */
export const KEY_FILE = join(DATA, 'keys.json');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/haoka_bench';

/** Ports 18000–18999 belong to the bench. */
const PORT_FIRST = 18000;
const PORT_LAST = 18999;
let nextPort = PORT_FIRST + Math.floor(Math.random() * 500);

function portFree(port) {
  return new Promise((ok) => {
    const srv = createServer();
    srv.once('error', () => ok(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => ok(true)));
  });
}

export async function freePort() {
  for (let i = 0; i <= PORT_LAST - PORT_FIRST; i++) {
    const port = nextPort;
    nextPort = nextPort >= PORT_LAST ? PORT_FIRST : nextPort + 1;
    if (await portFree(port)) return port;
  }
  throw new Error('no free port in 18000–18999');
}

// ---- statistics --------------------------------------------------------------------------------

export const sorted = (values) => [...values].sort((a, b) => a - b);
/** The p-th percentile (nearest rank) of values. */
export function pct(values, p) {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
export const median = (values) => {
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
/** "median (min–max)unit" of several runs, each value formatted by fmt. */
export function spread(values, fmt, unit = '') {
  if (values.length === 1) return `${fmt(values[0])}${unit}`;
  const s = sorted(values);
  return `${fmt(median(s))} (${fmt(s[0])}–${fmt(s[s.length - 1])})${unit}`;
}
export const intFmt = (v) => Math.round(v).toLocaleString('en-US');
const msNum = (v) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : intFmt(v));
export const msFmt = (v) => `${msNum(v)} ms`;
/** Several runs in milliseconds: "3.10 (2.90–3.40) ms". */
export const msSpread = (values) => spread(values, msNum, ' ms');
export const kbFmt = (n) => `${(n / 1024).toFixed(1)} KB`;
export const ratioFmt = (v) => v.toFixed(2);

/** "ok" / "MISSED" against a limit; "-" when there is no budget. */
export const verdict = (ok) => (ok === undefined ? '-' : ok ? 'ok' : 'MISSED');

// ---- output ------------------------------------------------------------------------------------

const COLS = ['figure', 'value', 'budget', 'verdict', 'how'];

/** Prints rows {figure, value, budget, verdict, how} as one aligned table; wide `how` cells wrap. */
export function printTable(rows, out = process.stdout) {
  const full = rows.map((r) => Object.fromEntries(COLS.map((c) => [c, String(r[c] ?? '')])));
  const width = Object.fromEntries(COLS.map((c) => [c, Math.max(c.length, ...full.map((r) => r[c].length))]));
  const line = (r) =>
    COLS.map((c, i) => (i === COLS.length - 1 ? r[c] : r[c].padEnd(width[c])))
      .join(' | ')
      .trimEnd();
  out.write(`${line(Object.fromEntries(COLS.map((c) => [c, c])))}\n`);
  out.write(`${COLS.map((c) => '-'.repeat(c === 'how' ? 3 : width[c])).join('-|-')}\n`);
  for (const r of full) out.write(`${line(r)}\n`);
}

/** Progress and phase timings go to stderr, so stdout holds only the table. */
export const log = (message) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

export async function phase(name, work) {
  const started = Date.now();
  log(`${name}…`);
  try {
    return await work();
  } finally {
    log(`${name} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

// ---- bench servers -----------------------------------------------------------------------------

/**
 * Starts bench/search-server.mjs (the real app plus a fixed-JSON route) in its own process, so the load
 * generator never shares its event loop. `env` chooses the database (SQLITE_FILE or DATABASE_URL).
 */
export async function startBenchServer(env) {
  mkdirSync(DATA, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'bench/search-server.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      // The shop as shipped: production does not check answers against the contract.
      CHECK_ANSWERS: '0',
      KEY_FILE,
      SEED_DEMO: '0',
      UPLOAD_DIR: join(DATA, 'uploads'),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ok, fail) => {
    child.stdout.on('data', (d) => d.toString().includes('ready') && ok());
    child.once('exit', (code) => fail(new Error(`bench server exited ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

// ---- data sets -----------------------------------------------------------------------------------

/** A module of the built server (`npm run build` first). */
export const serverDist = (path) => import(join(ROOT, 'packages/server/dist', path));

/**
 * The path of a SQLite data set, built by `fill(handle, label)` when missing. A `.partial` marker stands
 * while it is built, so an interrupted build is redone rather than reused. `analyze` runs ANALYZE after.
 */
export async function ensureSqliteData(file, fill, { analyze = false } = {}) {
  const marker = `${file}.partial`;
  if (existsSync(file) && !existsSync(marker)) return file;
  mkdirSync(DATA, { recursive: true });
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  writeFileSync(marker, '');
  const { createDatabase } = await serverDist('db/database.js');
  const handle = createDatabase({ kind: 'sqlite', file });
  try {
    await fill(handle, file);
    if (analyze) await sql`ANALYZE`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
  rmSync(marker);
  return file;
}

/**
 * The URL of the PostgreSQL data set `<BENCH_DATABASE_URL's database>_<suffix>`, built by `fill` when it
 * does not hold a complete build: the database's comment, written last, is `stamp`. Then `maintenance`
 * ('ANALYZE', or 'VACUUM ANALYZE' as autovacuum leaves a live database).
 */
export async function ensurePostgresData(suffix, stamp, fill, { maintenance = 'ANALYZE' } = {}) {
  const url = new URL(PG_URL);
  const name = `${url.pathname.slice(1)}_${suffix}`;
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
      if (r.rows[0].c === stamp) return url.href;
      log(`${name} does not hold a complete ${stamp}: recreating it`);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const { createDatabase } = await serverDist('db/database.js');
  const handle = createDatabase({ kind: 'postgres', url: url.href });
  try {
    await fill(handle, `PostgreSQL ${name}`);
  } finally {
    await handle.destroy();
  }
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await client.query(maintenance);
    await client.query(`COMMENT ON DATABASE "${name}" IS '${stamp}'`);
  } finally {
    await client.end();
  }
  return url.href;
}

/**
 * A data set's `fill`: the migrated schema without demo data, then `count` rows of `table`, many rows a
 * statement in one transaction. `makeRow()` (may be async) is called once a build and returns row(i).
 */
export function rowsFill({ table, count, what, makeRow, sqliteChunk = 500 }) {
  return async (handle, label) => {
    const { prepareDatabase } = await serverDist('app.js');
    const started = Date.now();
    log(`generating ${count.toLocaleString('en-US')} ${what} into ${label} (once; later runs reuse it)…`);
    await prepareDatabase(handle, { demo: false, demoNumbers: 0 });
    const row = await makeRow();
    const chunk = handle.dialect === 'sqlite' ? sqliteChunk : 1000;
    await handle.db.transaction().execute(async (tx) => {
      for (let from = 0; from < count; from += chunk) {
        const rows = [];
        for (let i = from; i < Math.min(count, from + chunk); i++) rows.push(row(i));
        await tx.insertInto(table).values(rows).execute();
      }
    });
    log(`generated ${label} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };
}

/**
 * The server environment of a console table's own data set `<name>` of `count` rows for `kind` ('sqlite'
 * or 'postgres'): bench/.data/admin-<name>-<count>.db, or the database `…_<name>_<count>`.
 */
export async function tableDataEnv(kind, name, count, fill) {
  return kind === 'sqlite'
    ? {
        SQLITE_FILE: await ensureSqliteData(join(DATA, `admin-${name}-${count}.db`), fill, { analyze: true }),
        DATABASE_URL: '',
      }
    : {
        DATABASE_URL: await ensurePostgresData(`${name}_${count}`, `${name}=${count}`, fill, {
          maintenance: 'VACUUM ANALYZE',
        }),
        SQLITE_FILE: '',
      };
}

/** The row count of a console table bench: `full`, or BENCH_ADMIN_ROWS to smoke-test the bench itself. */
export const adminRows = (full) => Number(process.env.BENCH_ADMIN_ROWS ?? full);
/** 100000 → "100k", 1000000 → "1M". */
export const countLabel = (n) =>
  n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : n.toLocaleString('en-US');

// ---- console tables ------------------------------------------------------------------------------

const execFileAsync = promisify(execFile);

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
export async function timeRequests(base, paths, headers, { warmup, samples }) {
  const ask = async (path) => {
    const started = performance.now();
    const res = await fetch(base + path, { headers });
    const text = await res.text();
    const ms = performance.now() - started;
    const body = JSON.parse(text);
    if (!res.ok || body.code !== 0) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    return { ms, total: body.data.total, rows: body.data.list.length };
  };
  for (let i = 0; i < warmup; i++) await ask(paths[i % paths.length]);
  const times = [];
  let last;
  for (let i = 0; i < samples; i++) {
    last = await ask(paths[i % paths.length]);
    times.push(last.ms);
  }
  return { times, last };
}

/** The deep page of a 20-row table of `count` rows (the page ending at 80 % of it) and its rows' note. */
export function deepPage(list, count) {
  const page = Math.max(1, Math.floor((count * 0.8) / 20));
  const last = page * 20;
  return {
    name: 'deep page',
    paths: [`${list}?page=${page}&pageSize=20`],
    note: `rows ${intFmt(last - 19)}–${intFmt(last)}`,
  };
}

/**
 * A console table's figures: a bench server on `env`, a new owner signed in, then each of `pages`
 * ({ name, paths, note }) asked `samples` times one request at a time after `warmup`, p50 / p95 against
 * `budgetMs`. `table` names it in the figures ("admin orders"), `size` its data ("100k orders").
 */
export async function timeTablePages({ env, label, table, size, pages, samples, warmup = 30, budgetMs = 100 }) {
  const server = await startBenchServer(env);
  const rows = [];
  try {
    const { cookie } = await signIn(server.base, env);
    for (const page of pages) {
      const { times } = await timeRequests(server.base, page.paths, { cookie }, { warmup, samples });
      const p95 = pct(times, 95);
      log(`${table} ${label} ${page.name}: p50 ${msFmt(pct(times, 50))}, p95 ${msFmt(p95)}`);
      rows.push({
        figure: `${label} ${table} list, ${page.name} (${size}) p50 / p95`,
        value: `${msFmt(pct(times, 50))} / ${msFmt(p95)}`,
        budget: `p95 ≤ ${budgetMs} ms`,
        verdict: verdict(p95 <= budgetMs),
        how: `${samples} sequential requests after ${warmup} warm-up, round trip on 127.0.0.1, staff session${page.note ? `; ${page.note}` : ''}`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}
