/**
 * Starts the real built server on a free port with a fresh SQLite file and the demo seed, for the
 * journeys to drive in Chromium. Requires `npm run build` first (the test command does it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
      LOG_LEVEL: 'warn',
      // A smaller demo inventory than a real start's 200,000 keeps the suite quick; every pattern still has stock.
      DEMO_NUMBERS: '20000',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/hk/genericConfig`, child);
  project.provide('baseUrl', baseUrl);
  project.provide('sqliteFile', sqliteFile);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  };
}
