/** `card adjust-balance`: one transaction, a 后台调整 ledger line with the remark, never below zero. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, inputFiles } from '../test/cli.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

let t: TestApp;
const db = () => t.database.handle.db;
const SIM = '1440888800001';
const file = inputFiles('card');

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0, demo: false });
  const csv = file('cards.csv', `simNo,iccid,operatorType,balance\n${SIM},89860420188888000011,1,10\n`);
  expect((await cli(t, 'import', 'cards', csv)).code).toBe(0);
});
afterAll(() => t.close());

async function card() {
  const sim = await db()
    .selectFrom('sims')
    .select(['id', 'balance_fen'])
    .where('sim_no', '=', SIM)
    .executeTakeFirstOrThrow();
  const ledger = await db()
    .selectFrom('iot_balance_logs')
    .selectAll()
    .where('sim_id', '=', sim.id)
    .orderBy('id')
    .execute();
  return { balance: Number(sim.balance_fen), ledger };
}

describe(`card adjust-balance on ${TEST_DB}`, () => {
  it('credits and debits with a remark written to the ledger', async () => {
    expect((await cli(t, 'card', 'adjust-balance', SIM, '+20', '补偿：断网两天')).code).toBe(0);
    const run = await cli(t, 'card', 'adjust-balance', SIM, '-5.50', '冲正');
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toContain('balance 24.50 yuan');
    const { balance, ledger } = await card();
    expect(balance).toBe(2450);
    expect(ledger.map((l) => [l.type, l.amount_fen, l.balance_after_fen, l.remark])).toEqual([
      [4, 1000, 1000, '期初'],
      [4, 2000, 3000, '补偿：断网两天'],
      [4, -550, 2450, '冲正'],
    ]);
  });

  it('refuses to go below zero and changes nothing', async () => {
    const before = await card();
    const run = await cli(t, 'card', 'adjust-balance', SIM, '-24.51', '扣款');
    expect(run.code).toBe(1);
    expect(run.err).toContain('Insufficient balance.');
    expect(run.err).not.toMatch(/\p{Script=Han}/u);
    expect(await card()).toEqual(before);
  });

  it('with --ref runs once however often it is given', async () => {
    expect((await cli(t, 'card', 'adjust-balance', SIM, '+1', '工单', '--ref', 'ADJ-7')).code).toBe(0);
    const after = await card();
    const again = await cli(t, 'card', 'adjust-balance', SIM, '+1', '工单', '--ref', 'ADJ-7');
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('already adjusted under ADJ-7');
    expect(await card()).toEqual(after);
    expect(after.ledger.reduce((s, l) => s + l.amount_fen, 0)).toBe(after.balance);
  });

  it('answers usage errors with exit 2 and an unknown card with exit 1', async () => {
    const before = await card();
    for (const argv of [
      ['card', 'adjust-balance', SIM, '1.234', 'x'],
      ['card', 'adjust-balance', SIM, '0', 'x'],
      ['card', 'adjust-balance', SIM, '+5'],
      ['card', 'adjust-balance', SIM, 'ten', 'x'],
      ['card', 'top-up', SIM, '+5', 'x'],
    ]) {
      expect((await cli(t, ...argv)).code, argv.join(' ')).toBe(2);
    }
    expect((await cli(t, 'card', 'adjust-balance', '1440000000000', '+5', 'x')).code).toBe(1);
    expect(await card()).toEqual(before);
  });
});
