/**
 * The real `haoka` process (packages/server/dist/main.js, so `npm run build` first): exit codes and
 * line-numbered output, and the newcomer's path of docs/operations.md — a running shop, then from
 * another process a CSV of numbers and a promoter with its own title and logo, which the running shop
 * then shows.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ErrorCode, STAFF_COOKIE } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../lib/totp.js';
import { fixture } from '../test/cli.js';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../test/harness.js';
import { scratchDir } from '../test/scratch.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const MAIN = join(ROOT, 'packages/server/dist/main.js');
const run = promisify(execFile);
const keysDir = scratchDir('cli-keys');

let database: TestDatabase;
let env: NodeJS.ProcessEnv;
let server: ChildProcess | undefined;
/** The running server's base URL, once started. */
let serverBase = '';

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error('The server is not built: run `npm run build -w @haoka/server` first.');
  database = await createTestDatabase({ demo: true, demoNumbers: 0 });
  const config = database.config;
  env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    JOBS_ENABLED: '0',
    KEY_FILE: join(keysDir, 'keys.json'),
    ...(config.kind === 'sqlite'
      ? { SQLITE_FILE: config.file, DATABASE_URL: '' }
      : { DATABASE_URL: config.url, DATABASE_SCHEMA: config.schema ?? '' }),
  };
});
afterAll(async () => {
  server?.kill('SIGTERM');
  await database?.drop();
});

/** Runs `haoka <argv>`; never throws on a non-zero exit. */
async function haoka(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [MAIN, ...argv], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Starts `haoka serve` on a free port; resolves with its base URL. */
function startServer(): Promise<string> {
  const child = spawn(process.execPath, [MAIN, 'serve'], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  return new Promise((done, fail) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /serving (http:\/\/[\d.]+:\d+)\/shop\//.exec(log);
      if (m?.[1]) {
        serverBase = m[1];
        done(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${log}`)));
  });
}

describe(`the haoka process on ${TEST_DB}`, () => {
  it('--help lists the commands; each command has its own help', async () => {
    const all = await haoka('--help');
    expect(all.code).toBe(0);
    for (const name of [
      'import',
      'promoter',
      'layout',
      'package',
      'vip',
      'accelerate',
      'mall',
      'task',
      'order',
      'card',
    ]) {
      expect(all.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
    const one = await haoka('import', '--help');
    expect(one).toMatchObject({ code: 0 });
    expect(one.stdout).toContain('Usage: haoka import numbers|goods|cards|faq');
  });

  it('usage errors exit 2', async () => {
    expect((await haoka('frobnicate')).code).toBe(2);
    expect((await haoka('import', 'numbers')).code).toBe(2);
    const bad = await haoka('card', 'adjust-balance', '1440000000001', '1.234', 'x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: haoka card adjust-balance');
  });

  it('a file with bad rows exits 3 and names each bad line', async () => {
    const res = await haoka('import', 'numbers', fixture('numbers-bad.csv'));
    expect(res.code).toBe(3);
    expect([...res.stdout.matchAll(/^line (\d+): /gm)].map((m) => Number(m[1]))).toEqual([3, 4, 5, 6, 7]);
    expect(res.stdout).toMatch(/numbers: 2 imported, 5 rejected in [\d.]+ s \(\d+ rows\/s\)/);
  });

  it('the running shop shows numbers and a promoter created by the CLI while it runs', {
    timeout: 60_000,
  }, async () => {
    const base = await startServer();
    const numbers = await haoka('import', 'numbers', fixture('numbers.csv'));
    expect(numbers).toMatchObject({ code: 0 });
    const promoter = await haoka(
      'promoter',
      'add',
      'acme',
      '--name',
      'Acme 通信',
      '--title',
      'Acme 靓号商城',
      '--logo',
      'https://cdn.example.com/acme/logo.png',
    );
    expect(promoter).toMatchObject({ code: 0, stdout: 'acme: created\n' });
    const headers = { platform: 'h5', hostname: '127.0.0.1', 'platform-source': '1' };
    const config = await (await fetch(`${base}/api/hk/baseConfig?promoCode=acme`, { headers })).json();
    expect(config).toMatchObject({
      code: ErrorCode.OK,
      data: { promoCode: 'acme', front: { title: 'Acme 靓号商城', logo: 'https://cdn.example.com/acme/logo.png' } },
    });
    await vi.waitFor(
      async () => {
        const list = (await (
          await fetch(`${base}/api/shop/numberList?keyword=1111&position=tail`, { headers })
        ).json()) as {
          data: { list: { number: string }[] };
        };
        expect(list.data.list.map((n: { number: string }) => n.number)).toEqual(['18600001111']);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
  it('the running server signs in the first owner that staff add made in another process', async () => {
    const base = serverBase || (await startServer());
    const added = await haoka('staff', 'add', 'founder', '--role', 'owner', '--json');
    expect(added.code, added.stderr).toBe(0);
    const { password, totpSecret } = JSON.parse(added.stdout) as { password: string; totpSecret: string };
    const res = await fetch(`${base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'founder', password, code: totpCode(totpSecret, Date.now()) }),
    });
    expect(await res.json()).toMatchObject({ code: 0, data: { username: 'founder', role: 'owner' } });
    expect(res.headers.get('set-cookie')).toMatch(
      new RegExp(`^${STAFF_COOKIE}=[0-9a-f]{64}; Path=/api/admin; HttpOnly`),
    );
  });
});
