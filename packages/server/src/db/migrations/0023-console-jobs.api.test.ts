/**
 * Migration 0023 on a database as the release before it left it, with jobs in both old tables: the
 * inventory imports keep their ids, the card batches are copied over as `card.<action>` with new ids, the
 * old card table is gone, and new jobs take ids after the kept ones (the sequence followed the rename).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/harness.js';
import { createJob } from '../console-jobs.js';
import type { Db } from '../database.js';
import { migrateToLatest } from '../migrate.js';

const BEFORE = '0022-payments-console';

let d: TestDatabase;
let db: Db;

beforeAll(async () => {
  d = await createTestDatabase({ empty: true });
  db = d.handle.db;
  await migrateToLatest(db as never, d.handle.dialect, { through: BEFORE });
  const old = db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  await old
    .insertInto('admin_jobs')
    .values([
      {
        kind: 'inventory.import',
        status: 'done',
        progress: 3,
        total: 3,
        result_json: '{"imported":3,"rejected":[]}',
        staff_id: 1,
        staff: 'boss',
        at: 1000,
        updated_at: 2000,
      },
      {
        kind: 'inventory.import',
        status: 'running',
        progress: 1,
        total: 5,
        result_json: null,
        staff_id: 2,
        staff: 'olga',
        at: 3000,
        updated_at: 3500,
      },
    ])
    .execute();
  await old
    .insertInto('card_batch_jobs')
    .values([
      {
        kind: 'suspend',
        status: 'done',
        progress: 2,
        total: 2,
        input_json: '["8986a","8986b"]',
        result_json: '[{"iccid":"8986a","simNo":"1","ok":true,"reason":"","message":""}]',
        staff_id: 2,
        staff_name: 'olga',
        created_at: 4000,
        updated_at: 5000,
        finished_at: 5000,
      },
      {
        kind: 'resync',
        status: 'running',
        progress: 0,
        total: 1,
        input_json: '["8986c"]',
        result_json: '[]',
        staff_id: null,
        staff_name: 'cli',
        created_at: 6000,
        updated_at: 6000,
        finished_at: null,
      },
    ])
    .execute();
  await migrateToLatest(db as never, d.handle.dialect);
});
afterAll(async () => {
  await d.drop();
});

describe(`migration 0023 (one console job table) on ${TEST_DB}`, () => {
  it('keeps the imports with their ids and copies the card batches over', async () => {
    const rows = await db.selectFrom('console_jobs').selectAll().orderBy('id').execute();
    expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at), updated_at: Number(r.updated_at) }))).toEqual([
      {
        id: 1,
        kind: 'inventory.import',
        status: 'done',
        progress: 3,
        total: 3,
        input_json: null,
        result_json: '{"imported":3,"rejected":[]}',
        reason: null,
        staff_id: 1,
        staff_name: 'boss',
        created_at: 1000,
        updated_at: 2000,
        finished_at: expect.anything(),
      },
      {
        id: 2,
        kind: 'inventory.import',
        status: 'running',
        progress: 1,
        total: 5,
        input_json: null,
        result_json: null,
        reason: null,
        staff_id: 2,
        staff_name: 'olga',
        created_at: 3000,
        updated_at: 3500,
        finished_at: null,
      },
      {
        id: 3,
        kind: 'card.suspend',
        status: 'done',
        progress: 2,
        total: 2,
        input_json: '["8986a","8986b"]',
        result_json: '[{"iccid":"8986a","simNo":"1","ok":true,"reason":"","message":""}]',
        reason: null,
        staff_id: 2,
        staff_name: 'olga',
        created_at: 4000,
        updated_at: 5000,
        finished_at: expect.anything(),
      },
      {
        id: 4,
        kind: 'card.resync',
        status: 'running',
        progress: 0,
        total: 1,
        input_json: '["8986c"]',
        result_json: null,
        reason: null,
        staff_id: null,
        staff_name: 'cli',
        created_at: 6000,
        updated_at: 6000,
        finished_at: null,
      },
    ]);
    expect(Number(rows[0]?.finished_at)).toBe(2000);
    expect(Number(rows[2]?.finished_at)).toBe(5000);
  });

  it('drops the card batch table and gives a new job the next id', async () => {
    await expect(sql`select count(*) from card_batch_jobs`.execute(db)).rejects.toThrow();
    await expect(sql`select count(*) from admin_jobs`.execute(db)).rejects.toThrow();
    const job = await createJob(db, { kind: 'card.resume', total: 1, staff: { staffId: 1, name: 'boss' } }, 7000);
    expect(job).toMatchObject({ id: 5, status: 'queued', progress: 0, result_json: null, reason: null });
  });
});
