/**
 * Security proof — IDOR (issue 8): for every endpoint that addresses a resource (orders of every kind,
 * pay status, logistics, addresses, coupons, the card itself), the session of card or shopper A on B's
 * resource gets no data — `-1 订单不存在` (or another refusal) or the session codes 34061/61 — and B's
 * resource is left as it was. The table below lists, per resource, how B's resource is made and which
 * calls A tries on it.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../http/sessions.js';
import { hashPayPassword } from '../modules/iot-buy/pay-password.js';
import { idCardCheckChar } from '../modules/iot-realname/identity-verifier.js';
import { type Body, callApp, type TestCard, testCards } from '../test/cards.js';
import { skipOrderSmsCode } from '../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { validIdCard } from '../test/id-cards.js';

const PAY_PASSWORD = '258036';
const ADDRESS = {
  name: '李四',
  mobile: '13800138000',
  provinceCode: '440000',
  cityCode: '440100',
  countyCode: '440106',
  detail: '天河路 385 号 1201 室',
};

let t: TestApp;
let passwordHash: string;
const db = () => t.database.handle.db;
const newCard = testCards(() => t, { subnet: 82, payPasswordHash: () => passwordHash });

beforeAll(async () => {
  t = await createTestApp();
  // Online payments build their return and notify addresses from the public URL.
  t.app.ctx.config.publicUrl = 'http://127.0.0.1:9';
  passwordHash = await hashPayPassword(PAY_PASSWORD);
  // Shop orders here need no SMS step.
  await skipOrderSmsCode(db());
});
afterAll(() => t?.close());

/** Method, URL, payload; `noop` marks a call that may answer ok because it does nothing (idempotent delete). */
type Call = readonly ['GET' | 'POST', string, object?, 'noop'?];
const call = (who: TestCard | Record<string, string>, [method, url, payload]: Call) =>
  callApp(t, who, method, url, payload);

/**
 * Refused without data: a non-zero code (-1 or the session codes) with no data beyond the field it names,
 * and none of B's secrets echoed. A `noop` call may instead answer ok with no data.
 */
function expectNoData(body: Body, what: string, secrets: string[], noop = false) {
  if (!noop || body.code !== ErrorCode.OK) {
    expect(body.code, `${what}: ${JSON.stringify(body)}`).not.toBe(ErrorCode.OK);
  }
  if (body.data !== null) expect(Object.keys(body.data), what).toEqual(['field']);
  const text = JSON.stringify(body);
  for (const secret of secrets) expect(text, what).not.toContain(secret);
}

/** The first row of a table by a column, for the before/after comparison of B's resource. */
async function rowOf(table: string, column: string, value: string | number) {
  // biome-ignore lint/suspicious/noExplicitAny: the table is named by the case table below
  return (db() as any).selectFrom(table).selectAll().where(column, '=', value).executeTakeFirst();
}

const idOf = async (table: 'iot_packages' | 'iot_vip_products', column: string, name: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: one lookup for two catalogue tables
  Number((await (db() as any).selectFrom(table).select('id').where(column, '=', name).executeTakeFirstOrThrow()).id);

async function giveCoupon(simId: number) {
  const now = Date.now();
  const { id } = await db()
    .insertInto('iot_coupons')
    .values({
      sim_id: simId,
      name: 'B 的券',
      type: 1,
      amount_fen: 1000,
      discount: null,
      threshold_fen: 0,
      scope: 'all',
      package_ids_json: '[]',
      status: 1,
      start_at: now - 60_000,
      end_at: now + 86_400_000,
      order_sn: null,
      source: 'gift',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function cashMallGoods() {
  const row = await db()
    .selectFrom('iot_mall_goods')
    .select('id')
    .where('cash_fen', '>', 0)
    .where('delivery_type', '=', 1)
    .where('enabled', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function addAddress(card: TestCard) {
  const body = await call(card, ['POST', '/api/iot/setSimAddress', { ...ADDRESS, isDefault: 1 }]);
  expect(body.code, body.message).toBe(0);
  return Number(body.data.id);
}

/** One resource of card B and what card A tries on it. */
interface CardCase {
  resource: string;
  /** Makes B's resource; returns the calls A tries, the row to compare and the strings that must not leak. */
  make(b: TestCard): Promise<{ calls: Call[]; row: () => Promise<unknown>; secrets: string[] }>;
}

const CARD_CASES: CardCase[] = [
  {
    resource: 'package order (unpaid, online)',
    async make(b) {
      const launch = await call(b, [
        'POST',
        '/api/iot/buyPackage',
        {
          packageId: await idOf('iot_packages', 'name', '月享30G'),
          effectType: 1,
          payType: 'wxpay',
          uuid: randomUUID(),
        },
      ]);
      expect(launch.code, launch.message).toBe(0);
      const sn = launch.data.orderSn as string;
      return {
        calls: [
          ['GET', `/api/iot/orderInfo?orderSn=${sn}`],
          ['POST', '/api/iot/payOrder', { orderSn: sn, payType: 'wxpay' }],
          ['GET', `/api/pay/status?orderSn=${sn}`],
        ],
        row: () => rowOf('iot_package_orders', 'order_sn', sn),
        secrets: [sn, b.simNo],
      };
    },
  },
  {
    resource: 'balance recharge order (unpaid)',
    async make(b) {
      const option = await db().selectFrom('iot_balance_options').select('id').orderBy('id').executeTakeFirst();
      const launch = await call(b, [
        'POST',
        '/api/iot/createBalanceOrder',
        {
          ...(option ? { optionId: Number(option.id) } : { amount: 50 }),
          rechargeNo: b.simNo,
          payType: 'wxpay',
          uuid: randomUUID(),
        },
      ]);
      expect(launch.code, launch.message).toBe(0);
      const sn = launch.data.orderSn as string;
      return {
        calls: [
          ['GET', `/api/iot/orderInfo?orderSn=${sn}`],
          ['POST', '/api/iot/payOrder', { orderSn: sn, payType: 'wxpay' }],
          ['GET', `/api/pay/status?orderSn=${sn}`],
        ],
        row: () => rowOf('iot_balance_orders', 'order_sn', sn),
        secrets: [sn, b.simNo],
      };
    },
  },
  {
    resource: 'VIP order (unpaid)',
    async make(b) {
      const launch = await call(b, [
        'POST',
        '/api/iot/createVipOrder',
        { vipId: await idOf('iot_vip_products', 'vip_name', '月度会员'), payType: 'wxpay', uuid: randomUUID() },
      ]);
      expect(launch.code, launch.message).toBe(0);
      const sn = launch.data.orderSn as string;
      return {
        calls: [
          ['POST', '/api/iot/payMemberOrder', { orderSn: sn, payType: 'wxpay' }],
          ['POST', '/api/iot/payMemberOrder', { orderSn: sn, payType: 'balance' }],
          ['GET', `/api/iot/orderInfo?orderSn=${sn}`],
          ['GET', `/api/pay/status?orderSn=${sn}`],
        ],
        row: () => rowOf('iot_member_orders', 'order_sn', sn),
        secrets: [sn, b.simNo],
      };
    },
  },
  {
    resource: 'mall order (points + cash, unpaid)',
    async make(b) {
      const addressId = await addAddress(b);
      const bought = await call(b, [
        'POST',
        '/api/iot/buyShopGoods',
        { goodsId: await cashMallGoods(), quantity: 1, addressId, uuid: randomUUID() },
      ]);
      expect(bought.code, bought.message).toBe(0);
      const sn = bought.data.orderSn as string;
      return {
        calls: [
          ['GET', `/api/iot/shopOrderDetails?orderSn=${sn}`],
          ['POST', '/api/iot/cancelShopOrder', { orderSn: sn }],
          ['POST', '/api/iot/repayShopOrder', { orderSn: sn, payType: 'wxpay' }],
          ['POST', '/api/iot/repayShopOrder', { orderSn: sn, payType: 'balance', payPassword: PAY_PASSWORD }],
          ['POST', '/api/iot/confirmShopOrder', { orderSn: sn }],
          ['GET', `/api/pay/status?orderSn=${sn}`],
        ],
        row: () => rowOf('iot_mall_orders', 'order_sn', sn),
        secrets: [sn, b.simNo, ADDRESS.detail],
      };
    },
  },
  {
    resource: 'delivery address',
    async make(b) {
      const id = await addAddress(b);
      const goodsId = await cashMallGoods();
      return {
        calls: [
          // Deleting an address the card does not have is a no-op answered ok (B's row is compared below).
          ['POST', '/api/iot/delSimAddress', { id }, 'noop'],
          ['POST', '/api/iot/setDefaultSimAddress', { id }],
          ['POST', '/api/iot/setSimAddress', { ...ADDRESS, id, detail: '被改掉的地址 999 号' }],
          ['POST', '/api/iot/buyShopGoods', { goodsId, quantity: 1, addressId: id, uuid: randomUUID() }],
        ],
        row: () => rowOf('iot_sim_addresses', 'id', id),
        secrets: [ADDRESS.detail],
      };
    },
  },
  {
    resource: 'coupon',
    async make(b) {
      const couponId = await giveCoupon(b.id);
      const packageId = await idOf('iot_packages', 'name', '月享30G');
      return {
        calls: [
          [
            'POST',
            '/api/iot/buyPackage',
            { packageId, effectType: 1, couponId, payType: 'balance', payPassword: PAY_PASSWORD, uuid: randomUUID() },
          ],
          ['POST', '/api/iot/buyPackage', { packageId, effectType: 1, couponId, payType: 'wxpay', uuid: randomUUID() }],
        ],
        row: () => rowOf('iot_coupons', 'id', couponId),
        secrets: [],
      };
    },
  },
];

describe(`IDOR: card A on card B's resources on ${TEST_DB}`, () => {
  it.each(CARD_CASES)('$resource: A gets no data and B’s resource stays as it was', async ({ make }) => {
    const b = await newCard({ balance: 100_000, integral: 10_000 });
    const a = await newCard({ balance: 100_000, integral: 10_000 });
    const { calls, row, secrets } = await make(b);
    const before = await row();
    expect(before, 'B’s resource exists').toBeDefined();
    const aBefore = await db().selectFrom('sims').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    for (const c of calls) expectNoData(await call(a, c), `${c[0]} ${c[1]}`, secrets, c[3] === 'noop');
    expect(await row()).toEqual(before);
    // A paid nothing either.
    const aAfter = await db().selectFrom('sims').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect({ balance: aAfter.balance_fen, integral: aAfter.integral }).toEqual({
      balance: aBefore.balance_fen,
      integral: aBefore.integral,
    });
  });

  it("A's lists never show B's orders, coupons or addresses", async () => {
    const b = await newCard({ balance: 100_000, integral: 10_000 });
    const a = await newCard();
    const sns: string[] = [];
    for (const c of CARD_CASES) {
      const made = await c.make(b);
      sns.push(...made.secrets.filter((s) => s !== b.simNo));
    }
    const lists: Call[] = [
      ['GET', '/api/iot/simPackageList'],
      ['GET', '/api/iot/simBalanceList'],
      ['GET', '/api/iot/simBalanceLogList'],
      ['GET', '/api/iot/shopOrderList'],
      ['GET', '/api/iot/accelerateOrderList'],
      ['GET', '/api/iot/simAddressList'],
      ['GET', '/api/iot/packageDetails'],
      ['GET', '/api/iot/simInfo'],
    ];
    for (const c of lists) {
      const body = await call(a, c);
      expect(body.code, `${c[1]}: ${body.message}`).toBe(0);
      const text = JSON.stringify(body.data);
      for (const secret of [...sns, b.simNo]) expect(text, c[1]).not.toContain(secret);
    }
    expect((await call(a, ['GET', '/api/iot/packageDetails'])).data.coupons).toEqual([]);
  });

  it("B's device vice SIM, B's real-name photos and B's real-name record are out of A's reach", async () => {
    const deviceCard = { source_type: 2, sim_status: 2, auth_status: 1, need_auth: 0, internet_status: 1 };
    const b = await newCard({ ...deviceCard, need_platform_auth: 1, platform_auth_type: 1 });
    const a = await newCard({ ...deviceCard, need_platform_auth: 1, platform_auth_type: 2 });
    const vice = `1410555${b.simNo.slice(-4)}1`;
    await db()
      .insertInto('vice_sims')
      .values({
        sim_id: b.id,
        sim_no: vice,
        iccid: `89861055500000${b.simNo.slice(-4)}1`,
        operator_type: 1,
        auth_status: 0,
        is_current: 1,
        signal: 3,
        sort: 1,
      })
      .execute();
    const keys = [`${'b'.repeat(32)}.jpg`, `${'c'.repeat(32)}.png`];
    const now = Date.now();
    await db()
      .insertInto('uploads')
      .values(
        keys.map((key) => ({
          key,
          sim_id: b.id,
          scene: 'realname',
          mime: 'image/jpeg',
          size: 1000,
          sha256: key,
          created_at: now,
        })),
      )
      .execute();
    // B has a real-name record, so A's read of "its" record could leak it.
    const bId = `11010119900307${String(++idSerial % 1000).padStart(3, '0')}`;
    const bAuth = await call(b, [
      'POST',
      '/api/iot/simPlatformAuth',
      { name: '赵六', idCard: `${bId}${idCardCheckChar(bId)}` },
    ]);
    expect(bAuth.code, bAuth.message).toBe(0);
    const uploadsBefore = await db().selectFrom('uploads').selectAll().where('sim_id', '=', b.id).execute();
    const aBefore = await db().selectFrom('sims').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();

    const officialAuth = await call(a, ['GET', `/api/iot/deviceOfficialAuth?viceSimNo=${vice}`]);
    expectNoData(officialAuth, 'deviceOfficialAuth with B’s vice SIM', [vice, b.simNo]);
    const submitted = await call(a, [
      'POST',
      '/api/iot/simPlatformAuth',
      { name: '张三', idCard: idCard(), frontImage: keys[0], backImage: keys[1] },
    ]);
    expectNoData(submitted, 'simPlatformAuth with B’s photos', keys);
    const info = await call(a, ['GET', '/api/iot/simPlatformAuthInfo']);
    expect(info.code).toBe(0);
    expect(JSON.stringify(info.data)).not.toContain('赵');
    expect(info.data).toMatchObject({ authPlatformStatus: 0, name: '', idCardMasked: '' });

    expect(await db().selectFrom('uploads').selectAll().where('sim_id', '=', b.id).execute()).toEqual(uploadsBefore);
    expect(await db().selectFrom('sims').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow()).toEqual(aBefore);
    expect(await db().selectFrom('iot_realname_submissions').selectAll().where('sim_id', '=', a.id).execute()).toEqual(
      [],
    );
  });

  it("A's session with B's card number is refused (34061) on every card endpoint it tries", async () => {
    const b = await newCard({ balance: 5000 });
    const a = await newCard();
    const forged = { ...a.headers, 'sim-no': b.simNo };
    for (const c of [
      ['GET', '/api/iot/simInfo'],
      ['GET', '/api/iot/simBalanceLogList'],
      ['GET', '/api/iot/simAddressList'],
      ['POST', '/api/iot/simRefresh', {}],
    ] as Call[]) {
      const body = await call(forged, c);
      expect(body, c[1]).toMatchObject({ code: ErrorCode.SIM_LOGIN_TIMEOUT, data: null });
      expect(JSON.stringify(body)).not.toContain(b.simNo);
    }
  });
});

let idSerial = 0;
/** A valid 18-character ID (a fresh one per call, so per-ID limits stay out of the way). */
const idCard = () => validIdCard('19900307', ++idSerial % 1000);
const buyerKey = () => randomUUID().replaceAll('-', '');

describe(`IDOR: shopper A on shopper B's orders on ${TEST_DB}`, () => {
  it('B’s shop order: A (logged in, or by buyer key) gets no detail, payment, cancel, logistics or status', async () => {
    const goods = await db()
      .selectFrom('goods')
      .select('id')
      .where('status', '=', 1)
      .where('price_fen', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const bKey = buyerKey();
    const bMobile = '13900008202';
    const created = await callApp(t, clientHeaders({ 'order-session-id': bKey }), 'POST', '/api/shop/order/create', {
      orderType: 2,
      goodsId: goods.id,
      contactName: '王五',
      idCard: idCard(),
      contactMobile: bMobile,
      provinceCode: '440000',
      cityCode: '440300',
      countyCode: '440305',
      addressDetail: '科技园南区 8 栋 808',
      agreeProtocol: 1,
      uuid: randomUUID(),
    });
    expect(created.code, created.message).toBe(0);
    const sn = created.data.orderSn as string;
    const before = await rowOf('shop_orders', 'order_sn', sn);
    expect(before).toBeDefined();

    const aSession = await createSession(db(), { mobile: '13900008201' });
    const asShopperA = clientHeaders({ 'session-id': aSession, 'order-session-id': buyerKey() });
    const anonymous = clientHeaders({ 'order-session-id': buyerKey() });
    const calls: Call[] = [
      ['GET', `/api/shop/order/detail?orderSn=${sn}`],
      ['POST', '/api/shop/order/pay', { orderSn: sn, payType: 'wxpay' }],
      ['POST', '/api/shop/order/cancel', { orderSn: sn, reason: '不想要了' }],
      ['GET', `/api/shop/order/logistics?orderSn=${sn}`],
      ['GET', `/api/pay/status?orderSn=${sn}`],
    ];
    for (const who of [asShopperA, anonymous]) {
      for (const c of calls) {
        expectNoData(await call(who, c), `${c[0]} ${c[1]}`, ['王五', '科技园南区 8 栋 808', bMobile.slice(7)]);
      }
    }
    const list = await call(asShopperA, ['GET', '/api/shop/order/list']);
    expect(list.code).toBe(0);
    expect(JSON.stringify(list.data)).not.toContain(sn);
    expect(await rowOf('shop_orders', 'order_sn', sn)).toEqual(before);

    // The owner still reaches it, so the refusals above are about ownership, not a broken order.
    const own = await call(clientHeaders({ 'order-session-id': bKey }), [
      'GET',
      `/api/shop/order/detail?orderSn=${sn}`,
    ]);
    expect(own.code, own.message).toBe(0);
  });
});
