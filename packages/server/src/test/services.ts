/**
 * A PostgreSQL cluster and a Redis server of the test's own, for the proofs that stop and restart them
 * (proofs/resilience-*.api.test.ts): the machine's own services are never touched. Each runs on a free
 * port with its files in a scratch folder; `stop`/`start` stop and start it again on the same port and
 * files, `remove` ends it and deletes the files (call it in afterAll).
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user. The binaries
 * are taken from PATH, else from `/usr/lib/postgresql/<version>/bin` (the Debian package).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A TCP port nobody listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The directory of initdb/pg_ctl: PATH first, then the newest Debian package. */
function postgresBin(): string {
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return join(initdb, '..');
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL binaries not found (initdb, pg_ctl): install the postgresql package');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (without blocking the test's traffic). */
async function runPg(bin: string, args: string[]): Promise<void> {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  await run(command, argv, { timeout: 120_000 });
}

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is terminated ("terminating connection due to administrator command"). */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** initdb into a scratch folder, then pg_ctl start on a free port (trust authentication, local only). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'haoka-pg-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await runPg(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`;
  const pgCtl = (args: string[]) => runPg(join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '60', ...args]);
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pgCtl(['-m', 'fast', 'stop']),
    start: () => pgCtl(['-o', options, '-l', join(dir, 'log'), 'start']),
    remove: async () => {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined); // may be stopped already
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for its exit; its data is not kept. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** A `redis-server` on a free port, without persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const bin = onPath('redis-server') ?? '/usr/bin/redis-server';
  const dir = mkdtempSync(join(tmpdir(), 'haoka-redis-'));
  const port = await freePort();
  let proc: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const child = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    proc = child;
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) while starting:\n${output}`)));
    });
  };
  const stop = async () => {
    if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
