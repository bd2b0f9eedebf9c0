/**
 * The Kysely instance over SQLite (better-sqlite3, the embedded default) or PostgreSQL (pg), with one
 * set of migrations and queries written for both (ARCHITECTURE.md "Data").
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Hears the errors of connections the server dropped (PostgreSQL); they are handled either way. */
  onConnectionError(listener: DatabaseErrorListener): void;
  destroy(): Promise<void>;
}

/** Writes take the SQLite write lock at BEGIN, so a transaction never fails on lock upgrade. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

// COUNT(*) and BIGINT epoch-ms columns come back from pg as strings; every value we store fits a double.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/** Compiled statements kept per connection; the least recently used one is dropped past this. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its compiled statements kept by SQL text. Kysely prepares
 * every query anew, and SQLite's compiling of a statement took a quarter of the server's time on a card
 * page's reads; the same few hundred texts recur. A statement still stepping through a streamed result
 * (`busy`) is not handed out again: that query gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const compiled = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const known = compiled.get(sql);
      if (known && !known.busy) {
        compiled.delete(sql);
        compiled.set(sql, known); // most recently used last
        return known;
      }
      const statement = sqlite.prepare(sql);
      if (known) return statement;
      compiled.set(sql, statement);
      if (compiled.size > size) {
        const oldest = compiled.keys().next().value;
        if (oldest !== undefined) compiled.delete(oldest);
      }
      return statement;
    },
  };
}

/** PostgreSQL connections per instance. */
export const POOL_SIZE = 10;
/** Longest wait for a connection, a new one or a free one of the pool; then the request is answered busy. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * Longest a statement may run (PostgreSQL's `statement_timeout`), and, a little longer, how long the
 * client waits for an answer on a connection whose server went silent (pg's `query_timeout`).
 */
export const STATEMENT_TIMEOUT_MS = 15_000;
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;

/** Where the pool's errors go: a dropped connection is reported, never thrown at the process. */
export type DatabaseErrorListener = (error: Error) => void;

/**
 * The pool survives its server: a connection the server ends (a restart, a failover: "terminating
 * connection due to administrator command") emits an error on its client, idle in the pool or checked
 * out between two queries of a transaction. Unheard, that error would end the process. Every client gets
 * a listener; the pool drops the broken client and opens a new one on the next checkout, so requests
 * succeed again as soon as the server answers. Connecting and each statement are bounded
 * (CONNECT_TIMEOUT_MS, STATEMENT_TIMEOUT_MS), so a request never hangs on an unreachable server.
 */
export function createPostgresPool(
  config: { url: string; schema?: string | undefined },
  onError: DatabaseErrorListener = () => {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onError(error));
  });
  return pool;
}

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.file);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', onConnectionError: () => {}, destroy: () => db.destroy() };
  }
  let listener: DatabaseErrorListener = () => {};
  const pool = createPostgresPool(config, (error) => listener(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    onConnectionError: (next) => {
      listener = next;
    },
    destroy: () => db.destroy(),
  };
}

/** PostgreSQL error classes and codes that mean "not now" rather than "wrong": the server is away or overloaded. */
const PG_UNAVAILABLE_CODES = new Set([
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
]);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg and pg-pool throw when the connection is gone or never came. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'not queryable',
  'Client was closed and is not queryable',
  'Connection ended',
];

/**
 * True when a database error says the database is unreachable or busy for now (PostgreSQL restarting or
 * gone, a connection or statement timeout, SQLite's SQLITE_BUSY / SQLITE_LOCKED after its busy timeout),
 * so the request is answered with the busy envelope instead of an unexpected error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
      if (code.startsWith('08') || PG_UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}

/** Runs `work` in one transaction (SQLite BEGIN IMMEDIATE; PostgreSQL READ COMMITTED). */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
