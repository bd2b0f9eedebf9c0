/**
 * Reliability proof (issue 8, contention): 100 concurrent callers race for one thing that only one may
 * get — a vanity number, the last unit of a goods, the last piece of a points-mall goods, a card's daily
 * sign-in — over the real app and a real database (SQLite and PostgreSQL). Exactly one wins; the others
 * get the catalogue refusal; the database holds one order (or claim), stock at 0 and never below, and
 * every points ledger still sums to its card's points.
 *
 * On PostgreSQL the same races run again across two server instances that share the database and one
 * Redis (ARCHITECTURE.md "Running and scaling"), the callers alternating between them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/database.js';
import { type Body, type TestCard, testCards } from '../test/cards.js';
import { insertGoods, insertNumber } from '../test/catalogue-fixtures.js';
import { mallGoodsRow } from '../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp, testConfig } from '../test/harness.js';
import { validIdCard } from '../test/id-cards.js';
import { resetLimitCounters, TEST_REDIS_URL } from '../test/redis.js';

const RACERS = 100;
/** A per-run tag in mobiles and addresses, so a shared Redis never carries limits from an earlier run. */
const RUN = randomInt(0, 1000);

interface Servers {
  t: TestApp;
  /** Every instance serving the same database; caller i uses instance i mod the count. */
  apps: FastifyInstance[];
}

let ipSeq = 0;
/** An address no other request in this file has used, so per-IP limits never meet. */
const freshIp = () => {
  ipSeq += 1;
  return `10.${200 + (RUN % 50)}.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};
const usedIps: string[] = [];
const usedMobiles: string[] = [];

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<Body> {
  const remoteAddress = freshIp();
  usedIps.push(remoteAddress);
  const res = await app.inject({ method, url, headers, remoteAddress, ...(payload ? { payload } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Body;
}

/** Runs `race(i, app)` for 100 callers at once, spread over the instances. */
function race(servers: Servers, run: (i: number, app: FastifyInstance) => Promise<Body>): Promise<Body[]> {
  return Promise.all(
    Array.from({ length: RACERS }, (_, i) => run(i, servers.apps[i % servers.apps.length] as FastifyInstance)),
  );
}

function expectOneWinner(answers: Body[], loser: { code: number; message?: string }): number {
  const winners = answers.flatMap((a, i) => (a.code === 0 ? [i] : []));
  expect(winners).toHaveLength(1);
  const losers = answers.filter((a) => a.code !== 0);
  expect(losers).toHaveLength(RACERS - 1);
  for (const a of losers) expect(a).toMatchObject(loser);
  return winners[0] as number;
}

let idSerial = 0;
/** A valid 18-character ID (one per buyer, so the 5-per-ID rule stays out of the way). */
function idCard(): string {
  idSerial += 1;
  return validIdCard('19900307', idSerial % 1000);
}

function buyer(i: number) {
  const mobile = `139${String(RUN).padStart(3, '0')}0${String(i).padStart(4, '0')}`.slice(0, 11);
  return { mobile, session: randomUUID().replaceAll('-', '') };
}

function orderBody(mobile: string, extra: Record<string, unknown>) {
  return {
    contactName: '张三',
    idCard: idCard(),
    contactMobile: mobile,
    provinceCode: '440000',
    cityCode: '440300',
    countyCode: '440305',
    addressDetail: '科技园南区 1 栋 101',
    agreeProtocol: 1,
    uuid: randomUUID(),
    ...extra,
  };
}

/** A shopper's order SMS code, sent through the real endpoint and read back from the dev outbox. */
async function orderSmsCode(app: FastifyInstance, mobile: string): Promise<string> {
  usedMobiles.push(mobile);
  const sent = await call(app, 'POST', '/api/hk/sendCode', clientHeaders(), { mobile, scene: 'order' });
  expect(sent.code, sent.message).toBe(0);
  const outbox = await call(app, 'GET', `/api/dev/sms-outbox?mobile=${mobile}`, clientHeaders());
  return outbox.data.list[0].code;
}

let numberSeq = 0;
async function raceForNumber(servers: Servers) {
  const db = servers.t.database.handle.db;
  numberSeq += 1;
  const number = `1865${String(RUN).padStart(3, '0')}${String(numberSeq).padStart(4, '0')}`;
  const numberId = await insertNumber(db, { number, operator_type: 1, price_fen: 10000 });
  const buyers = Array.from({ length: RACERS }, (_, i) => buyer(i + numberSeq * RACERS));
  const codes: string[] = [];
  for (const [i, b] of buyers.entries()) {
    codes.push(await orderSmsCode(servers.apps[i % servers.apps.length] as FastifyInstance, b.mobile));
  }

  const answers = await race(servers, (i, app) => {
    const b = buyers[i] as ReturnType<typeof buyer>;
    return call(
      app,
      'POST',
      '/api/shop/order/create',
      clientHeaders({ 'order-session-id': b.session }),
      orderBody(b.mobile, { orderType: 1, numberId, smsCode: codes[i] }),
    );
  });
  const winner = answers[expectOneWinner(answers, { code: 32001 })] as Body;
  expect(winner.data).toMatchObject({ orderStatus: 0, needPay: true, payAmount: '100.00' });

  const orders = await db.selectFrom('shop_orders').select('order_sn').where('number_id', '=', numberId).execute();
  expect(orders).toEqual([{ order_sn: winner.data.orderSn }]);
  const locked = await db
    .selectFrom('numbers')
    .select(['status', 'lock_order_sn'])
    .where('id', '=', numberId)
    .executeTakeFirstOrThrow();
  expect(locked).toEqual({ status: 2, lock_order_sn: winner.data.orderSn });
}

async function raceForLastUnit(servers: Servers) {
  const db = servers.t.database.handle.db;
  const goodsId = await insertGoods(db, { name: `最后一件 ${randomUUID()}`, stock: 1, price_fen: 990 });
  const answers = await race(servers, (i, app) => {
    const b = buyer(i);
    return call(
      app,
      'POST',
      '/api/shop/order/create',
      clientHeaders({ 'order-session-id': b.session }),
      orderBody(b.mobile, { orderType: 2, goodsId }),
    );
  });
  const winner = answers[expectOneWinner(answers, { code: 30001 })] as Body;
  const orders = await db.selectFrom('shop_orders').select('order_sn').where('goods_id', '=', goodsId).execute();
  expect(orders).toEqual([{ order_sn: winner.data.orderSn }]);
  const goods = await db
    .selectFrom('goods')
    .select(['stock', 'sales'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow();
  expect(goods).toEqual({ stock: 0, sales: 1 });
}

/** The points invariant: the card's lines sum to its points, the last line's after-figure is its points, never negative. */
async function expectPointsLedgerHolds(db: Db, simId: number) {
  const [card, lines] = await Promise.all([
    db.selectFrom('sims').select('integral').where('id', '=', simId).executeTakeFirstOrThrow(),
    db.selectFrom('iot_integral_logs').selectAll().where('sim_id', '=', simId).orderBy('id').execute(),
  ]);
  expect(card.integral).toBeGreaterThanOrEqual(0);
  expect(lines.reduce((sum, l) => sum + l.points, 0)).toBe(card.integral);
  expect(lines.at(-1)?.integral_after ?? 0).toBe(card.integral);
  return lines;
}

const ADDRESS = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '440000',
  cityCode: '440100',
  countyCode: '440106',
  detail: '天河路 385 号 1201 室',
};

async function raceForLastMallPiece(servers: Servers, newCard: () => Promise<TestCard>) {
  const db = servers.t.database.handle.db;
  const { id: goodsId } = await db
    .insertInto('iot_mall_goods')
    .values(mallGoodsRow({ name: `最后一件 ${randomUUID()}`, stock: 1 }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const cards: TestCard[] = [];
  const addressIds: number[] = [];
  for (let i = 0; i < RACERS; i++) {
    const card = await newCard();
    const address = await call(servers.t.app, 'POST', '/api/iot/setSimAddress', card.headers, ADDRESS);
    expect(address.code, address.message).toBe(0);
    cards.push(card);
    addressIds.push(address.data.id);
  }

  const answers = await race(servers, (i, app) =>
    call(app, 'POST', '/api/iot/buyShopGoods', (cards[i] as TestCard).headers, {
      goodsId,
      addressId: addressIds[i],
      quantity: 1,
      uuid: randomUUID(),
    }),
  );
  const w = expectOneWinner(answers, { code: 30001 });
  const winnerCard = cards[w] as TestCard;

  const orders = await db
    .selectFrom('iot_mall_orders')
    .select(['order_sn', 'sim_id'])
    .where('goods_id', '=', goodsId)
    .execute();
  expect(orders.map((o) => [o.order_sn, Number(o.sim_id)])).toEqual([[answers[w]?.data.orderSn, winnerCard.id]]);
  const goods = await db
    .selectFrom('iot_mall_goods')
    .select(['stock', 'sales'])
    .where('id', '=', Number(goodsId))
    .executeTakeFirstOrThrow();
  expect(goods).toEqual({ stock: 0, sales: 1 });
  for (const [i, card] of cards.entries()) {
    const lines = await expectPointsLedgerHolds(db, card.id);
    // The winner paid 100 points in one line; every loser still has only its opening line.
    expect(lines.map((l) => l.points)).toEqual(i === w ? [300, -100] : [300]);
  }
}

async function raceForSignIn(servers: Servers, newCard: () => Promise<TestCard>) {
  const db = servers.t.database.handle.db;
  const card = await newCard();
  // One Shanghai day for the whole race, whatever the wall clock does meanwhile.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
  const answers = await race(servers, (_, app) =>
    call(app, 'POST', '/api/iot/generalSignIn', card.headers, { taskCode: 'sign' }),
  );
  const winner = answers[expectOneWinner(answers, { code: -1, message: '今日已签到' })] as Body;
  expect(winner.data.continuousDays).toBe(1);
  const claims = await db
    .selectFrom('iot_task_claims')
    .select('period_key')
    .where('sim_id', '=', card.id)
    .where('task_code', '=', 'sign')
    .execute();
  expect(claims).toHaveLength(1);
  const lines = await expectPointsLedgerHolds(db, card.id);
  expect(lines.map((l) => [l.type, l.points])).toEqual([[1, winner.data.points]]);
  expect(winner.data.integral).toBe(winner.data.points);
}

afterEach(() => {
  vi.useRealTimers();
});

describe(`contention on one server instance, ${TEST_DB}`, () => {
  const servers = {} as Servers;
  beforeAll(async () => {
    servers.t = await createTestApp();
    servers.apps = [servers.t.app];
  });
  afterAll(() => servers.t.close());
  const newCard = testCards(() => servers.t, { subnet: 61, payPasswordHash: () => null });

  it('100 concurrent reservations of one number: 1 order, 99 × 32001, the number locked to the winner', () =>
    raceForNumber(servers));

  it('100 concurrent orders for the last unit of a goods: 1 order, 99 × 30001, stock 0', () =>
    raceForLastUnit(servers));

  it('100 cards for the last points-mall piece: 1 order, 99 × 30001, stock 0, losers keep their points', () =>
    raceForLastMallPiece(servers, () => newCard({ integral: 300 })));

  it('100 concurrent sign-ins of one card: 1 success, 99 × 今日已签到, one claim and one ledger line', () =>
    raceForSignIn(servers, () => newCard()));
});

describe.runIf(TEST_DB === 'postgres')('contention across two server instances, one PostgreSQL and one Redis', () => {
  const servers = {} as Servers;
  beforeAll(async () => {
    servers.t = await createTestApp({ config: { redisUrl: TEST_REDIS_URL } });
    // The second instance opens its own connection pool to the same schema and shares the Redis.
    const second = await buildApp(testConfig(servers.t.database.config, { redisUrl: TEST_REDIS_URL }));
    await second.ready();
    servers.apps = [servers.t.app, second];
  });
  afterAll(async () => {
    await resetLimitCounters({ mobiles: usedMobiles, ips: usedIps });
    await servers.apps[1]?.close();
    await servers.t.close();
  });
  const newCard = testCards(() => servers.t, { subnet: 62, payPasswordHash: () => null });

  it('one number: 1 order, 99 × 32001', () => raceForNumber(servers));

  it('the last unit of a goods: 1 order, 99 × 30001, stock 0', () => raceForLastUnit(servers));

  it('the last points-mall piece: 1 order, 99 × 30001, losers keep their points', () =>
    raceForLastMallPiece(servers, () => newCard({ integral: 300 })));

  it('one sign-in a day: 1 success, 99 × 今日已签到', () => raceForSignIn(servers, () => newCard()));
});
