import { DICT_TYPES, dictOption, type EndpointInput, genericConfig, shopApi } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, malformed } from '../../test/call.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { putSetting } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function options(input: EndpointInput<typeof shopApi.getDictOptions>) {
  return callEndpoint(t, shopApi.getDictOptions, input);
}

/** A body that breaks the schema on purpose, some of it (an array) not even an object: raw. */
function optionsRaw(payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/dictData/options',
    headers: clientHeaders(),
    payload: payload as object,
  });
}

describe(`GET /api/hk/genericConfig on ${TEST_DB}`, () => {
  it('answers the documented defaults', async () => {
    const body = await callEndpoint(t, shopApi.getGenericConfig, {});
    expect(body).toEqual({
      code: 0,
      message: 'ok',
      data: {
        orderQueryMode: 1,
        loginAvatar: '',
        appUpdate: null,
        smsCodeLength: 6,
        payTimeoutMinutes: { shop: 30, iot: 15 },
      },
    });
    expect(genericConfig.strict().safeParse(body.data).success).toBe(true);
  });

  it('ignores query parameters it does not know', async () => {
    const res = await callEndpoint(t, shopApi.getGenericConfig, malformed({ x: 1 }));
    expect(res.code).toBe(0);
  });

  it('reflects the stored settings, keeping the default for a bad field only', async () => {
    const db = t.database.handle.db;
    await putSetting(db, 'generic', {
      orderQueryMode: 2,
      loginAvatar: 'https://cdn.example.com/a.png',
      appUpdate: { versionCode: 122, versionName: '1.2.2', notes: '修复', url: 'https://x/app.apk', force: 1 },
      smsCodeLength: 'six',
      payTimeoutMinutes: { shop: 'x' },
    });
    try {
      const body = await callEndpoint(t, shopApi.getGenericConfig, {}, { as: {} });
      expect(body.code).toBe(0);
      expect(body.data).toEqual({
        orderQueryMode: 2,
        loginAvatar: 'https://cdn.example.com/a.png',
        appUpdate: { versionCode: 122, versionName: '1.2.2', notes: '修复', url: 'https://x/app.apk', force: 1 },
        smsCodeLength: 6,
        payTimeoutMinutes: { shop: 30, iot: 15 },
      });
    } finally {
      await putSetting(db, 'generic', {
        orderQueryMode: 1,
        loginAvatar: '',
        appUpdate: null,
        smsCodeLength: 6,
        payTimeoutMinutes: { shop: 30, iot: 15 },
      });
    }
  });
});

describe(`POST /api/dictData/options on ${TEST_DB}`, () => {
  it('returns every requested type with options in the DictOption shape', async () => {
    const body = await options({ types: [...DICT_TYPES] });
    expect(body.code).toBe(0);
    expect(Object.keys(body.data).sort()).toEqual([...DICT_TYPES].sort());
    expect(shopApi.getDictOptions.data.safeParse(body.data).success).toBe(true);
    for (const type of DICT_TYPES) {
      expect(body.data[type]?.length, type).toBeGreaterThan(0);
      for (const option of body.data[type] ?? []) {
        expect(dictOption.strict().safeParse(option).success, `${type}: ${JSON.stringify(option)}`).toBe(true);
      }
    }
  });

  it('keeps the seeded order and values', async () => {
    const body = await options({ types: ['sim_status', 'operator_type'] });
    expect(body.data.sim_status).toEqual([
      { label: '待激活', value: '1', key: '1', listClass: 'warning' },
      { label: '正常', value: '2', key: '2', listClass: 'success' },
      { label: '停机', value: '3', key: '3', listClass: 'danger' },
      { label: '已销户', value: '4', key: '4', listClass: 'info' },
    ]);
    expect(body.data.operator_type?.map((o) => o.value)).toEqual(['1', '2', '3', '4', '99']);
  });

  it('number segments carry their operator as key', async () => {
    const body = await options({ types: ['number_segment'] });
    expect(body.data.number_segment).toContainEqual({ label: '138', value: '138', key: '1', listClass: 'default' });
    expect(body.data.number_segment).toContainEqual({ label: '192', value: '192', key: '4', listClass: 'default' });
  });

  it("lists the segments in ascending order, all of them and each operator's", async () => {
    const segments = (await options({ types: ['number_segment'] })).data.number_segment ?? [];
    const ascending = (values: string[]) => [...values].sort((a, b) => Number(a) - Number(b));
    const values = segments.map((s) => s.value);
    expect(values).toEqual(ascending(values));
    expect(values.slice(0, 4)).toEqual(['130', '131', '132', '133']);
    for (const op of ['1', '2', '3', '4']) {
      const mine = segments.filter((s) => s.key === op).map((s) => s.value);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).toEqual(ascending(mine));
    }
  });

  it('maps an unknown type to []', async () => {
    const body = await options({ types: ['no_such_type', 'pay_status'] });
    expect(body.code).toBe(0);
    expect(body.data.no_such_type).toEqual([]);
    expect(body.data.pay_status?.length).toBeGreaterThan(0);
    expect(Object.keys(body.data).sort()).toEqual(['no_such_type', 'pay_status']);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'an Object.prototype name (%s) is just an unknown type',
    async (type) => {
      const res = await options({ types: [type] });
      expect(res).toEqual({ code: 0, message: 'ok', data: { [type]: [] } });
    },
  );

  it('a repeated type appears once', async () => {
    const body = await options({ types: ['effect_type', 'effect_type'] });
    expect(Object.keys(body.data)).toEqual(['effect_type']);
    expect(body.data.effect_type).toHaveLength(3);
  });

  it('leaves out disabled options', async () => {
    const db = t.database.handle.db;
    await db
      .updateTable('dict_data')
      .set({ enabled: 0 })
      .where('type', '=', 'coin_log_type')
      .where('value', '=', '3')
      .execute();
    try {
      const body = await options({ types: ['coin_log_type'] });
      expect(body.data.coin_log_type?.map((o) => o.value)).toEqual(['1', '2', '4']);
    } finally {
      await db.updateTable('dict_data').set({ enabled: 1 }).where('type', '=', 'coin_log_type').execute();
    }
  });

  it('an unknown stored list class is sent as default', async () => {
    const db = t.database.handle.db;
    await db
      .insertInto('dict_data')
      .values({ type: 'x_test', label: 'L', value: 'v', dict_key: 'k', list_class: 'weird', sort: 0, enabled: 1 })
      .execute();
    const body = await options({ types: ['x_test'] });
    expect(body.data.x_test).toEqual([{ label: 'L', value: 'v', key: 'k', listClass: 'default' }]);
  });

  it('accepts 30 types', async () => {
    const body = await options({ types: Array.from({ length: 30 }, (_, i) => `t${i}`) });
    expect(body.code).toBe(0);
    expect(Object.keys(body.data)).toHaveLength(30);
  });

  it.each([
    ['an empty types array', { types: [] }, '请指定字典类型', 'dictTypesRequired', 'types'],
    [
      'more than 30 types',
      { types: Array.from({ length: 31 }, (_, i) => `t${i}`) },
      '参数超出范围：types',
      'paramRange',
      'types',
    ],
    ['no types', {}, '缺少参数：types', 'paramMissing', 'types'],
    ['types as a string', { types: 'sim_status' }, '参数类型不正确：types', 'paramType', 'types'],
    ['an empty type name', { types: ['sim_status', ''] }, '参数超出范围：types.1', 'paramRange', 'types.1'],
    ['a number as type', { types: [1] }, '参数类型不正确：types.0', 'paramType', 'types.0'],
    ['a body that is an array', [], '参数类型不正确：body', 'paramType', 'body'],
  ])('%s → -1 naming the field', async (_label, payload, message, reason, field) => {
    const res = await optionsRaw(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: -1, message, reason, data: { field } });
  });

  it('a POST without a body → -1 缺少参数：types', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dictData/options', headers: clientHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: -1,
      message: '缺少参数：types',
      reason: 'paramMissing',
      data: { field: 'types' },
    });
  });
});
