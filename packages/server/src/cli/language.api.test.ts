/**
 * The CLI answers in one language, English: help, validation messages and the services' refusals (their
 * reasons' English texts). The shop's own data it echoes (names, remarks) stays as given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture, inputFiles } from '../test/cli.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { COMMANDS } from './commands.js';

const HAN = /\p{Script=Han}/u;
let t: TestApp;
const file = inputFiles('language');

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0, demo: false });
});
afterAll(() => t.close());

describe(`the CLI speaks English on ${TEST_DB}`, () => {
  it('in the command list and every command’s help', async () => {
    const all = await cli(t, '--help');
    expect(all.code).toBe(0);
    expect(all.out).not.toMatch(HAN);
    for (const command of COMMANDS) {
      const help = await cli(t, command.name, '--help');
      expect(help.code, command.name).toBe(0);
      expect(help.out, command.name).not.toMatch(HAN);
    }
  });

  it.each([
    ['numbers', 'numbers-bad.csv'],
    ['goods', 'goods-bad.csv'],
    ['cards', 'cards-bad.csv'],
    ['faq', 'faq-bad.json'],
  ])('in the validation messages of a bad %s file', async (kind, name) => {
    const run = await cli(t, 'import', kind, fixture(name));
    expect(run.code).toBe(3);
    expect(run.lines.length).toBeGreaterThan(0);
    // The file's own rows are not echoed: each line is a field and what is wrong with it.
    expect(run.out).not.toMatch(HAN);
  });

  it('in the catalogue validation messages', async () => {
    const items = [
      { name: 'Plan', packageType: 7, flowMb: 1, duration: 1, durationUnit: 9, price: -1 },
      { name: 'Plan B', packageType: 1, flowMb: 1, duration: 1, durationUnit: 2, price: 1, promoCode: 'a b' },
      { name: 'Plan C', packageType: 1, flowMb: 1, duration: 1, durationUnit: 2, price: 1, promoCode: 'nobody' },
    ];
    const run = await cli(t, 'package', 'add', file('packages.json', JSON.stringify(items, null, 2)));
    expect(run.code).toBe(3);
    expect(run.lines).toHaveLength(3);
    expect(run.out).toContain('promoCode: no promoter nobody');
    expect(run.out).not.toMatch(HAN);
    const mall = [{ name: 'Cup', deliveryType: 5, skus: [] }];
    const bad = await cli(t, 'mall', 'add', file('mall.json', JSON.stringify(mall)));
    expect(bad.code).toBe(3);
    expect(bad.out).toContain('deliveryType: delivery: 1 courier, 2 pickup, 3 virtual');
  });

  it('in the refusals of the services, by their reasons’ English texts', async () => {
    const cases: [string[], string][] = [
      [['order', 'SO2026010112000001', 'audit'], 'SO2026010112000001: This order does not exist.'],
      [
        ['mall-order', 'MO2026010112000001', 'ship', 'SF Express', 'SF1234567890'],
        'MO2026010112000001: This order does not exist.',
      ],
      [['sim-auth', '1440000000009', 'approve'], '1440000000009: This card number does not exist.'],
      [['member-refund', 'VP2026010112000001', '2'], 'VP2026010112000001: This order does not exist.'],
    ];
    for (const [argv, said] of cases) {
      const run = await cli(t, ...argv);
      expect(run.code, argv.join(' ')).toBe(1);
      expect(run.err).toBe(`${said}\n`);
    }
  });

  it('in a refusal with parameters, and keeps the shop’s own words as given', async () => {
    const csv = file('card.csv', 'simNo,iccid,operatorType,balance\n1440999900001,89860420199999000011,1,1\n');
    expect((await cli(t, 'import', 'cards', csv)).code).toBe(0);
    const run = await cli(t, 'card', 'adjust-balance', '1440999900001', '-2', '扣款');
    expect(run).toMatchObject({ code: 1, err: '1440999900001: Insufficient balance.\n' });
    const ok = await cli(t, 'card', 'adjust-balance', '1440999900001', '+2', '补偿：断网两天');
    expect(ok.code).toBe(0);
    const remark = await t.database.handle.db
      .selectFrom('iot_balance_logs')
      .select('remark')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(remark.remark).toBe('补偿：断网两天');
  });
});
