/**
 * The console's card layouts over the real app and a real database (SQLite and PostgreSQL): an operator
 * stores a layout (only some fields); the card home of a card using it shows it merged over the defaults;
 * the save is audited with the fields it changed; only content writers save.
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
let support: StaffSignIn;
const newCard = testCards(() => t, { subnet: 97 });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-05T02:00:00Z'));
  t = await createTestApp({ demoNumbers: 0 });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

describe(`the console's card layouts on ${TEST_DB}`, () => {
  it('stores a partial layout that the card home shows over the defaults, audited', async () => {
    const card = await newCard({ layout_code: 'autumn' });
    const empty = await staffCall(t, adminApi.getLayout, { code: 'autumn' }, { as: support });
    expect(empty.body.data).toMatchObject({ code: 'autumn', stored: {}, updatedAt: null });

    const layout = {
      name: 'Autumn Cards',
      notice: 'Maintenance on Sunday',
      refreshSwitch: 0 as const,
      carousels: [{ image: `/media/${'d'.repeat(64)}.jpg`, path: '/pages/iot/package' }],
    };
    const saved = await staffCall(t, adminApi.saveLayout, { code: 'autumn', layout }, { as: operator });
    expect(saved.status).toBe(200);
    expect(saved.body.data.result).toBe('created');
    expect(saved.body.data.layout.stored).toEqual(layout);
    expect(saved.body.data.layout.layout).toMatchObject({ ...layout, maxMenuTimes: 10 });

    const info = await callEndpoint(t, iotCoreApi.getSimInfo, {}, { as: card });
    expect(info.data.simLayout).toMatchObject({ ...layout, maxMenuTimes: 10, packageLamp: 0 });

    const again = await staffCall(t, adminApi.saveLayout, { code: 'autumn', layout }, { as: operator });
    expect(again.body.data.result).toBe('unchanged');
    await staffCall(t, adminApi.saveLayout, { code: 'autumn', layout: { ...layout, notice: '' } }, { as: operator });
    const audit = await staffCall(
      t,
      adminApi.auditLog,
      { page: 1, pageSize: 10, target: 'layout:autumn' },
      { as: owner },
    );
    expect(audit.body.data.list.map((l) => l.action)).toEqual(['layout.save', 'layout.save']);
    expect(audit.body.data.list[0]).toMatchObject({
      actor: 'olga',
      before: { notice: 'Maintenance on Sunday' },
      after: { notice: '' },
    });

    const list = await staffCall(t, adminApi.listLayouts, { page: 1, pageSize: 20, keyword: 'autu' }, { as: support });
    expect(list.body.data.list).toEqual([{ code: 'autumn', name: 'Autumn Cards', cards: 1, updatedAt: Date.now() }]);
  });

  it('refuses a layout the contract does not accept, and other roles than content writers', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: adminApi.saveLayout.path,
      headers: { cookie: `haoka_staff=${operator.cookie}`, 'x-csrf-token': operator.csrf },
      payload: { code: 'autumn', layout: { notice: 3 } },
    });
    expect(bad.json()).toMatchObject({ code: -1, reason: 'paramType' });
    const forbidden = await staffCall(t, adminApi.saveLayout, { code: 'autumn', layout: {} }, { as: support });
    expect(forbidden.status).toBe(403);
  });
});
