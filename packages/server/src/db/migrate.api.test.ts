import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../app.js';
import { DICTIONARY } from '../seed/dictionary.js';
import { SEEDERS } from '../seed/index.js';
import { createTestDatabase, TEST_DB, TEST_DEMO_NUMBERS, type TestDatabase } from '../test/harness.js';
import { MIGRATIONS } from './migrate.js';

const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const d of opened) await d.drop();
});

async function fresh(demo: boolean) {
  const d = await createTestDatabase({ demo });
  opened.push(d);
  return d;
}

async function counts(d: TestDatabase) {
  const db = d.handle.db;
  const [promoters, dict, settings, seeds] = await Promise.all([
    db
      .selectFrom('promoters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('dict_data')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('settings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db.selectFrom('haoka_seeds').select('name').orderBy('name').execute(),
  ]);
  return {
    promoters: Number(promoters.n),
    dict: Number(dict.n),
    settings: Number(settings.n),
    seeds: seeds.map((r) => r.name),
  };
}

const DICT_ROWS = Object.values(DICTIONARY).reduce((n, rows) => n + rows.length, 0);

describe(`migrations and seeds on ${TEST_DB}`, () => {
  it('several databases migrate side by side (one schema each on PostgreSQL)', async () => {
    const first = await fresh(true);
    const second = await fresh(true);
    const third = await fresh(false);
    for (const d of [first, second, third]) {
      expect((await counts(d)).dict).toBe(DICT_ROWS);
    }
  });

  it('a fresh demo database has every seeder and the demo shop', async () => {
    const d = await fresh(true);
    expect(await counts(d)).toEqual({
      promoters: 1,
      dict: DICT_ROWS,
      settings: 1,
      seeds: SEEDERS.map((s) => s.name).sort(),
    });
  });

  it('without demo data only the reference seeders run', async () => {
    const d = await fresh(false);
    expect(await counts(d)).toEqual({
      promoters: 0,
      dict: DICT_ROWS,
      settings: 1,
      seeds: SEEDERS.filter((s) => s.kind === 'reference')
        .map((s) => s.name)
        .sort(),
    });
  });

  it('preparing again migrates and seeds nothing and duplicates nothing', async () => {
    const d = await fresh(true);
    const before = await counts(d);
    expect(await prepareDatabase(d.handle, { demo: true, demoNumbers: TEST_DEMO_NUMBERS })).toEqual({
      migrated: [],
      seeded: [],
    });
    expect(await counts(d)).toEqual(before);
  });

  it('the demo seeder still reaches a database first prepared without demo data', async () => {
    const d = await fresh(false);
    expect(await prepareDatabase(d.handle, { demo: true, demoNumbers: TEST_DEMO_NUMBERS })).toEqual({
      migrated: [],
      seeded: SEEDERS.filter((s) => s.kind === 'demo').map((s) => s.name),
    });
    const demo = await d.handle.db.selectFrom('promoters').selectAll().where('code', '=', 'demo').executeTakeFirst();
    expect(demo).toMatchObject({ is_default: 1, enabled: 1 });
  });

  it('records every migration by name', async () => {
    const d = await fresh(false);
    const applied = await d.handle.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(MIGRATIONS.map((m) => m.name).sort());
    expect(await prepareDatabase(d.handle, { demo: false })).toEqual({ migrated: [], seeded: [] });
  });
});
