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

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.file);
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', destroy: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/** Runs `work` in one transaction (SQLite BEGIN IMMEDIATE; PostgreSQL READ COMMITTED). */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
