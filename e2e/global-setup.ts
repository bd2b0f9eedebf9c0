/**
 * Starts the real built server on a free port with a fresh SQLite file and the demo seed, for the
 * journeys to drive in Chromium. Requires `npm run build` first (the test command does it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test server's SQLite file, for the CLI steps a journey runs against the same data. */
    sqliteFile: string;
    /** The test server's log (every level from info up, as JSON lines), for the personal-data scan. */
    serverLog: string;
    /** Where the journeys' pages append every API answer they receive (JSON lines), for the same scan. */
    apiAnswersLog: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Warnings, errors and anything that is not a JSON log line (a crash) are shown in the test output. */
function isWorthEchoing(line: string): boolean {
  if (!line.trim()) return false;
  try {
    const { level } = JSON.parse(line) as { level?: number };
    return level === undefined || level >= 40;
  } catch {
    return true;
  }
}

export default async function setup(project: TestProject) {
  const main = join(ROOT, 'packages/server/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'packages/web/dist/index.html'))) {
    throw new Error('The app is not built: run `npm run build` before the e2e journeys.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'haoka-e2e-'));
  const port = await freePort();
  const sqliteFile = join(dir, 'haoka.db');
  const child = spawn(process.execPath, [main, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: sqliteFile,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Info and up go to the log file the personal-data scan reads; warnings and errors are echoed.
      LOG_LEVEL: 'info',
      // A smaller demo inventory than a real start's 200,000 keeps the suite quick; every pattern still has stock.
      DEMO_NUMBERS: '20000',
      NODE_ENV: 'test',
      // The teardown's SIGTERM need not wait for a balancer: no draining period.
      SHUTDOWN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverLog = join(dir, 'server.log');
  const log = createWriteStream(serverLog);
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (isWorthEchoing(line)) process.stderr.write(`${line}\n`);
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/hk/genericConfig`, child);
  project.provide('baseUrl', baseUrl);
  project.provide('sqliteFile', sqliteFile);
  project.provide('serverLog', serverLog);
  project.provide('apiAnswersLog', join(dir, 'api-answers.jsonl'));
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => log.end(r));
    rmSync(dir, { recursive: true, force: true });
  };
}
