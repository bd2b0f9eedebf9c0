/** Helpers the bench sections share: statistics, the figures table, bench servers and phase timing. */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
