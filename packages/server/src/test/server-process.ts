/**
 * The built server (`dist/main.js serve`) as a child process on a database the test chose, for the
 * proofs that need real processes: leases across instances, scale-out. Needs an up-to-date dist/
 * (`npm test` builds it in its typecheck step; `npx tsc -b packages/server` by hand).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.js';
import type { TestDatabase } from './harness.js';

export const MAIN_JS = join(REPO_ROOT, 'packages/server/dist/main.js');

export interface ServerProcess {
  proc: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  exited: Promise<void>;
  /** Every line it wrote, stdout and stderr. */
  output: string[];
}

/** Throws when dist/ is missing or older than `source` (a path under packages/server/src). */
export function assertBuilt(source = 'jobs/runner.ts'): void {
  const built = join(REPO_ROOT, 'packages/server/dist', source.replace(/\.ts$/, '.js'));
  if (!existsSync(MAIN_JS) || !existsSync(built)) {
    throw new Error('The server is not built: run `npm run build` (or `npx tsc -b packages/server`) first.');
  }
  if (statSync(built).mtimeMs < statSync(join(REPO_ROOT, 'packages/server/src', source)).mtimeMs) {
    throw new Error('dist/ is older than the sources: run `npx tsc -b packages/server` first.');
  }
}

/**
 * The environment of a server on `database`, with its files in `dir`. The parent's database and Redis
 * never leak in: the test chooses them (`extra` may set REDIS_URL).
 */
export function serverEnv(database: Pick<TestDatabase, 'config'>, dir: string, extra: Record<string, string> = {}) {
  const { REDIS_URL: _r, DATABASE_URL: _d, DATABASE_SCHEMA: _s, SQLITE_FILE: _f, ...inherited } = process.env;
  const env: Record<string, string | undefined> = {
    ...inherited,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO: '0',
    KEY_FILE: join(dir, 'keys.json'),
    UPLOAD_DIR: join(dir, 'uploads'),
    WEB_DIST: join(dir, 'no-web'),
    ...extra,
  };
  const config = database.config;
  if (config.kind === 'sqlite') env.SQLITE_FILE = config.file;
  else {
    env.DATABASE_URL = config.url;
    env.DATABASE_SCHEMA = config.schema;
  }
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Starts `dist/main.js serve` with `env` and resolves once it listens (its log line gives the port). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [MAIN_JS, 'serve'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const serving = /Haoka is serving (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
        if (serving?.[1]) resolve(serving[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) while starting:\n${output.join('\n')}`)));
  });
  return { proc, url, exited, output };
}

/** Kills with SIGKILL and waits for the exit. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  await server.exited;
}
