/**
 * The console's IoT cards over the real app and a real database (SQLite and PostgreSQL), with the
 * simulated operator: staff find a card by number, ICCID, device number or bound mobile; its page shows
 * state, ledgers, packages and orders; finance and the owner adjust the balance once per idempotency key
 * (the ledger line and the audit line together), other roles are refused; an operator suspends a card
 * (the card home then says why), resumes and re-syncs it; a batch of pasted ICCIDs runs as a job with one
 * result per card, including giving each card a package free of charge. Time runs on a faked Date (TOTP
 * steps).
 */
import { adminApi, iotCoreApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../../test/call.js';
import { testCards } from '../../test/cards.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;
let support: StaffSignIn;
const newCard = testCards(() => t, { subnet: 95 });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-05T02:00:00Z'));
  t = await createTestApp({ demoNumbers: 0 });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

let keys = 0;
const newKey = () => `cardkey${String(++keys).padStart(6, '0')}`;

const auditOf = async (target: string, action?: string) => {
  const res = await staffCall(
    t,
    adminApi.auditLog,
    { page: 1, pageSize: 50, target, ...(action ? { action } : {}) },
    { as: owner },
  );
  expect(res.status).toBe(200);
  return res.body.data.list;
};

const iccidOf = async (simNo: string) =>
  (await t.database.handle.db.selectFrom('sims').select('iccid').where('sim_no', '=', simNo).executeTakeFirstOrThrow())
    .iccid;

/** A package row of the catalogue: a month of 10 GB at ¥29, for `promoCode`'s cards ('' for every card). */
async function insertPackage(name: string, promoCode: string, stock: number | null = null): Promise<number> {
  const now = Date.now();
  const { id } = await t.database.handle.db
    .insertInto('iot_packages')
    .values({
      promo_code: promoCode,
      operator_type: null,
      name,
      package_type: 1,
      flow_mb: 10_240,
      is_infinite_flow: 0,
      duration: 1,
      duration_unit: 2,
      price_fen: 2900,
      original_price_fen: 3900,
      g_price_fen: 0,
      tags_json: '[]',
      effect_types_json: '[1]',
      stock,
      limit_times: 1,
      renewable: 0,
      gift_integral: 0,
      remark: '',
      sort: 99,
      status: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function waitForJob(id: number) {
  for (let i = 0; i < 500; i++) {
    const res = await staffCall(t, adminApi.cardJob, { id }, { as: support });
    expect(res.body.code).toBe(0);
    if (res.body.data.status !== 'running') return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

describe(`the console's cards on ${TEST_DB}`, () => {
  it('finds a card by number, ICCID, device number or bound mobile, with the mobile masked', async () => {
    const card = await newCard({ mobile: '13912345678', device_no: 'DEV-CARDS-0001', balance: 1234 });
    const iccid = await iccidOf(card.simNo);
    for (const q of [card.simNo, iccid, 'DEV-CARDS-0001', '13912345678']) {
      const res = await staffCall(t, adminApi.listCards, { page: 1, pageSize: 20, q }, { as: support });
      expect(res.status).toBe(200);
      expect(res.body.data.total, q).toBe(1);
      expect(res.body.data.list[0]).toMatchObject({
        simNo: card.simNo,
        iccid,
        deviceNo: 'DEV-CARDS-0001',
        mobileMasked: '139****5678',
        balance: '12.34',
      });
    }
    const none = await staffCall(t, adminApi.listCards, { page: 1, pageSize: 20, q: '13900000000' }, { as: support });
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
    // Finance reads cards too (to find the one to adjust).
    expect((await staffCall(t, adminApi.listCards, { page: 1, pageSize: 5 }, { as: finance })).status).toBe(200);
  });

  it('shows a card page with its ledgers, packages and orders', async () => {
    const card = await newCard({ balance: 500, integral: 30, coins: 7 });
    const res = await staffCall(t, adminApi.cardDetail, { simNo: card.simNo }, { as: support });
    expect(res.body.code).toBe(0);
    const detail = res.body.data;
    expect(detail.card.simNo).toBe(card.simNo);
    expect(detail.balanceLog[0]).toMatchObject({ type: 4, amount: '5.00', after: '5.00', remark: '期初' });
    expect(detail.pointsLog[0]).toMatchObject({ amount: '30', after: '30' });
    expect(detail.coinLog[0]).toMatchObject({ amount: '7', after: '7' });
    expect(detail.integral).toBe(30);
    expect(detail.coins).toBe(7);
    expect(Array.isArray(detail.orders)).toBe(true);
    expect(Array.isArray(detail.packages)).toBe(true);
    const missing = await staffCall(t, adminApi.cardDetail, { simNo: '1440000000000' }, { as: support });
    expect(missing.body.reason).toBe('simNotFound');
  });

  it('lets finance adjust a balance once per key, written to the ledger and the audit log together', async () => {
    const card = await newCard({ balance: 1000 });
    const key = newKey();
    const input = { simNo: card.simNo, amount: '20.50', remark: 'Compensation: two days offline', idempotencyKey: key };
    const first = await staffCall(t, adminApi.adjustCardBalance, input, { as: finance, remoteAddress: '10.95.9.9' });
    expect(first.body.data).toEqual({ balance: '30.50', applied: true });
    const again = await staffCall(t, adminApi.adjustCardBalance, input, { as: finance });
    expect(again.body.data).toEqual({ balance: '30.50', applied: true });

    const detail = (await staffCall(t, adminApi.cardDetail, { simNo: card.simNo }, { as: finance })).body.data;
    expect(detail.card.balance).toBe('30.50');
    expect(detail.balanceLog.filter((l) => l.remark === input.remark)).toEqual([
      expect.objectContaining({ type: 4, amount: '20.50', after: '30.50' }),
    ]);
    const lines = await auditOf(`card:${card.simNo}`, 'card.adjustBalance');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actor: 'fred',
      ip: '10.95.9.9',
      before: { balance: '10.00' },
      after: { balance: '30.50', amount: '20.50', remark: input.remark },
    });

    // A debit the balance cannot cover changes nothing; zero is refused.
    const tooMuch = { ...input, amount: '-100', idempotencyKey: newKey() };
    expect((await staffCall(t, adminApi.adjustCardBalance, tooMuch, { as: owner })).body.reason).toBe('balanceTooLow');
    const zero = { ...input, amount: '0.00', idempotencyKey: newKey() };
    expect((await staffCall(t, adminApi.adjustCardBalance, zero, { as: owner })).body.reason).toBe('adjustAmountZero');
    const taken = await staffCall(
      t,
      adminApi.adjustCardBalance,
      { ...input, amount: '-0.50', idempotencyKey: newKey() },
      { as: owner },
    );
    expect(taken.body.data).toEqual({ balance: '30.00', applied: true });
  });

  it('refuses a balance adjustment to the operator and support', async () => {
    const card = await newCard({ balance: 100 });
    for (const as of [operator, support]) {
      const res = await staffCall(
        t,
        adminApi.adjustCardBalance,
        { simNo: card.simNo, amount: '5', remark: 'no', idempotencyKey: newKey() },
        { as },
      );
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('staffForbidden');
    }
    expect((await staffCall(t, adminApi.suspendCard, { simNo: card.simNo }, { as: support })).status).toBe(403);
    expect((await staffCall(t, adminApi.suspendCard, { simNo: card.simNo }, { as: finance })).status).toBe(403);
  });

  it('suspends a card through the operator: the card home says why; resume runs it again; both audited', async () => {
    const card = await newCard({ sim_status: 2, stop_reason: '' });
    const suspended = await staffCall(t, adminApi.suspendCard, { simNo: card.simNo }, { as: operator });
    expect(suspended.body.data).toMatchObject({ simNo: card.simNo, simStatus: 3, stopReason: 'requested' });

    const home = await callEndpoint(t, iotCoreApi.getSimInfo, {}, { as: card });
    expect(home.data).toMatchObject({ simStatus: 3, stopReason: 'requested' });
    // A sync keeps it stopped: the operator has it stopped too.
    const synced = await staffCall(t, adminApi.resyncCard, { simNo: card.simNo }, { as: operator });
    expect(synced.body.data).toMatchObject({ simStatus: 3, stopReason: 'requested', synced: true });

    const twice = await staffCall(t, adminApi.suspendCard, { simNo: card.simNo }, { as: operator });
    expect(twice.body).toMatchObject({ reason: 'cardNotRunning', data: { simStatus: 3 } });

    const resumed = await staffCall(t, adminApi.resumeCard, { simNo: card.simNo }, { as: operator });
    expect(resumed.body.data).toMatchObject({ simStatus: 2, stopReason: '', synced: true });
    expect((await callEndpoint(t, iotCoreApi.getSimInfo, {}, { as: card })).data).toMatchObject({ simStatus: 2 });
    const again = await staffCall(t, adminApi.resumeCard, { simNo: card.simNo }, { as: operator });
    expect(again.body).toMatchObject({ reason: 'cardNotStopped', data: { simStatus: 2 } });

    const lines = await auditOf(`card:${card.simNo}`);
    expect(lines.map((l) => l.action).sort()).toEqual(['card.resume', 'card.resync', 'card.suspend']);
    expect(lines.find((l) => l.action === 'card.suspend')).toMatchObject({
      actor: 'olga',
      before: { simStatus: 2, stopReason: '' },
      after: { simStatus: 3, stopReason: 'requested' },
    });
  });

  it('runs a batch of pasted ICCIDs as a job with one result per card', async () => {
    const a = await newCard({ sim_status: 2 });
    const b = await newCard({ sim_status: 2 });
    const stopped = await newCard({ sim_status: 3, stop_reason: 'operator' });
    const text = `${await iccidOf(a.simNo)}\n${await iccidOf(b.simNo)}, ${await iccidOf(stopped.simNo)}\n89860000000000000000\n`;
    const started = await staffCall(t, adminApi.startCardBatch, { kind: 'suspend', text }, { as: operator });
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ kind: 'suspend', total: 4, staff: 'olga' });
    const job = await waitForJob(started.body.data.id);
    expect(job).toMatchObject({ status: 'done', progress: 4, total: 4, ok: 2, failed: 2 });
    expect(job.results).toEqual([
      expect.objectContaining({ simNo: a.simNo, ok: true }),
      expect.objectContaining({ simNo: b.simNo, ok: true }),
      expect.objectContaining({ simNo: stopped.simNo, ok: false, reason: 'cardNotRunning' }),
      expect.objectContaining({ iccid: '89860000000000000000', simNo: '', ok: false, reason: 'simNotFound' }),
    ]);
    const home = await callEndpoint(t, iotCoreApi.getSimInfo, {}, { as: a });
    expect(home.data).toMatchObject({ simStatus: 3, stopReason: 'requested' });
    expect(await auditOf(`job:${job.id}`, 'card.batch')).toEqual([
      expect.objectContaining({ actor: 'olga', after: { kind: 'suspend', total: 4 } }),
    ]);

    const resumed = await staffCall(t, adminApi.startCardBatch, { kind: 'resume', text }, { as: operator });
    const resumeJob = await waitForJob(resumed.body.data.id);
    expect(resumeJob.results.filter((r) => r.ok).map((r) => r.simNo)).toEqual([a.simNo, b.simNo]);

    const many = Array.from({ length: adminApi.CARD_BATCH_MAX + 1 }, (_, i) => `8986${String(i).padStart(16, '0')}`);
    const tooMany = await staffCall(
      t,
      adminApi.startCardBatch,
      { kind: 'resync', text: many.join('\n') },
      { as: operator },
    );
    expect(tooMany.body).toMatchObject({ reason: 'batchTooLarge', data: { max: 1000 } });
    const empty = await staffCall(t, adminApi.startCardBatch, { kind: 'resync', text: ' \n, ' }, { as: operator });
    expect(empty.body.reason).toBe('cardBatchEmpty');
    expect((await staffCall(t, adminApi.cardJob, { id: 999_999 }, { as: support })).body.reason).toBe(
      'cardJobNotFound',
    );
  });

  it('gives each pasted card a package free of charge: an order paid by staff, applied, audited per card', async () => {
    const a = await newCard({ sim_status: 2 });
    const b = await newCard({ sim_status: 2 });
    const otherShop = await newCard({ sim_status: 2, promo_code: 'elsewhere' });
    const pkg = await insertPackage('Staff gift 10G', '');
    const mineOnly = await insertPackage('Elsewhere only', 'elsewhere');
    const text = [a, b, otherShop].map((c) => c.simNo);
    const iccids = await Promise.all(text.map(iccidOf));

    const missing = await staffCall(
      t,
      adminApi.startCardBatch,
      { kind: 'addPackage', text: iccids[0] as string },
      {
        as: operator,
      },
    );
    expect(missing.body).toMatchObject({ reason: 'paramMissing', data: { field: 'packageId' } });
    const refused = await staffCall(
      t,
      adminApi.startCardBatch,
      { kind: 'addPackage', text: iccids.join('\n'), packageId: pkg },
      { as: support },
    );
    expect(refused.status).toBe(403);

    const started = await staffCall(
      t,
      adminApi.startCardBatch,
      { kind: 'addPackage', text: iccids.join('\n'), packageId: pkg },
      { as: operator },
    );
    expect(started.body.data).toMatchObject({ kind: 'addPackage', total: 3, status: 'running', reason: null });
    const job = await waitForJob(started.body.data.id);
    expect(job).toMatchObject({ status: 'done', ok: 3, failed: 0 });

    const db = t.database.handle.db;
    const orders = await db
      .selectFrom('iot_package_orders')
      .innerJoin('sims', 'sims.id', 'iot_package_orders.sim_id')
      .select([
        'sims.sim_no',
        'iot_package_orders.pay_type',
        'iot_package_orders.pay_amount_fen',
        'iot_package_orders.pay_status',
        'iot_package_orders.status',
        'iot_package_orders.source',
        'iot_package_orders.activated_at',
      ])
      .where('package_id', '=', pkg)
      .orderBy('sims.sim_no')
      .execute();
    expect(orders).toHaveLength(3);
    for (const o of orders) {
      expect(o).toMatchObject({ pay_type: 'staff', pay_amount_fen: 0, pay_status: 2, status: 2, source: 'staff' });
      expect(o.activated_at).not.toBeNull();
    }
    // Applied as a paid one: the card's page lists it in use, and its balance was not touched.
    const detail = await staffCall(t, adminApi.cardDetail, { simNo: a.simNo }, { as: support });
    expect(detail.body.data.packages).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Staff gift 10G', status: 2 })]),
    );
    expect(detail.body.data.card.balance).toBe('0.00');
    const lines = await auditOf(`card:${a.simNo}`, 'card.addPackage');
    expect(lines).toEqual([
      expect.objectContaining({ actor: 'olga', after: expect.objectContaining({ packageId: pkg }) }),
    ]);
    expect(await auditOf(`job:${job.id}`, 'card.batch')).toEqual([
      expect.objectContaining({ after: { kind: 'addPackage', total: 3, packageId: pkg } }),
    ]);

    // A package only another promoter's cards may buy: those cards get it, the others are refused.
    const second = await staffCall(
      t,
      adminApi.startCardBatch,
      { kind: 'addPackage', text: iccids.join('\n'), packageId: mineOnly },
      { as: operator },
    );
    const secondJob = await waitForJob(second.body.data.id);
    expect(secondJob.results).toEqual([
      expect.objectContaining({ simNo: a.simNo, ok: false, reason: 'packageGone' }),
      expect.objectContaining({ simNo: b.simNo, ok: false, reason: 'packageGone' }),
      expect.objectContaining({ simNo: otherShop.simNo, ok: true }),
    ]);
  });
});
