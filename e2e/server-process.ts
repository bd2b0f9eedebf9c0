/**
 * The built server as a child process on a free port with a fresh SQLite file and the demo seed, as the
 * journeys drive it in Chromium: the suite's shared one (global-setup.ts) and the ones a spec starts
 * with settings of its own (real-providers.spec.ts). Requires `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export interface ServerProcess {
  baseUrl: string;
  /** The scratch directory of this server: its SQLite file, its log; removed by `stop`. */
  dir: string;
  sqliteFile: string;
  /** The server's log (every level from info up, as JSON lines). */
  serverLog: string;
  stop(): Promise<void>;
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

/**
 * Starts `dist/main.js serve`; `settings` adds (or overrides) environment variables, given the server's
 * own base URL (a PUBLIC_URL the providers' notifies reach).
 */
export async function startServer(
  settings: (baseUrl: string) => Record<string, string> = () => ({}),
): Promise<ServerProcess> {
  const main = join(ROOT, 'packages/server/dist/main.js');
  if (
    !existsSync(main) ||
    !existsSync(join(ROOT, 'packages/web/dist/index.html')) ||
    !existsSync(join(ROOT, 'packages/admin/dist/index.html'))
  ) {
    throw new Error('The app is not built: run `npm run build` before the e2e journeys.');
  }
  const dir = mkdtempSync(join(tmpdir(), 'haoka-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const sqliteFile = join(dir, 'haoka.db');
  const child = spawn(process.execPath, [main, 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: sqliteFile,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Info and up go to the log file; warnings and errors are echoed.
      LOG_LEVEL: 'info',
      // A smaller demo inventory than a real start's 200,000 keeps the suite quick; every pattern still has stock.
      DEMO_NUMBERS: '20000',
      NODE_ENV: 'test',
      // The teardown's SIGTERM need not wait for a balancer: no draining period.
      SHUTDOWN_GRACE_MS: '0',
      ...settings(baseUrl),
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
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await new Promise((r) => log.end(r));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${baseUrl}/api/hk/genericConfig`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dir, sqliteFile, serverLog, stop };
}
