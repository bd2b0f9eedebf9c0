/**
 * Rewards over the real app and a real database (SQLite and PostgreSQL): the daily sign-in and its
 * streak across Shanghai days, tasks checked against the card's real state, the video task's watch,
 * coupon exchange with stock, limits and coins, the package's gift points, the agreements, and the
 * points and coin ledgers under random sequences and concurrency. Days pass on a faked Date.
 */
import { randomUUID } from 'node:crypto';
import { iotBuyApi, iotCoreApi, iotRewardsApi, orderApi } from '@haoka/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointCaller, malformed } from '../../test/call.js';
import { type TestCard, testCards } from '../../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activatePackageOrder } from '../iot-buy/package-effects.js';
import { hashPayPassword } from '../iot-buy/pay-password.js';

let t: TestApp;
const db = () => t.database.handle.db;
const PAY_PASSWORD = '258036';
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPayPassword(PAY_PASSWORD);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes Date at a Shanghai wall-clock time ('2026-03-02 10:00:00'); timers keep running. */
function setClock(shanghai: string): number {
  const ms = Date.parse(`${shanghai.replace(' ', 'T')}+08:00`);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  return ms;
}
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
const DAY_MS = 24 * 3600_000;

const newCard = testCards(() => t, { subnet: 6, payPasswordHash: () => passwordHash });
type Card = TestCard;
const api = endpointCaller(() => t);
const signIn = (card: Card) => api(iotRewardsApi.generalSignIn, { taskCode: 'sign' }, card);
const claim = (card: Card, taskCode: string, watchSeconds?: number) =>
  api(iotRewardsApi.generalSignIn, { taskCode, ...(watchSeconds === undefined ? {} : { watchSeconds }) }, card);
const taskCenter = async (card: Card) => {
  const body = await api(iotRewardsApi.getTaskCenter, {}, card);
  expect(body.code).toBe(0);
  return body.data;
};
// biome-ignore lint/suspicious/noExplicitAny: a task item of the answer
const taskOf = async (card: Card, code: string): Promise<any> =>
  (await taskCenter(card)).tasks.find((x: { taskCode: string }) => x.taskCode === code);

const sim = (id: number) => db().selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pointLines = (id: number) =>
  db().selectFrom('iot_integral_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();
const coinLines = (id: number) =>
  db().selectFrom('iot_coin_logs').selectAll().where('sim_id', '=', id).orderBy('id').execute();

/** A VIP membership (given, status 生效中) from `startAt` to `endAt` with the demo's 积分加倍 privilege. */
async function giveVip(simId: number, startAt: number, endAt: number) {
  const privileges = { gi: '', items: [{ icon: 'points', title: '积分加倍', desc: '' }] };
  await db()
    .insertInto('iot_member_orders')
    .values({
      order_sn: `VP${String(simId).padStart(20, '0')}`,
      kind: 'vip',
      sim_id: simId,
      product_id: 1,
      name: '月度会员',
      logo: '',
      privileges_json: JSON.stringify(privileges),
      speed_code: '',
      price_fen: 990,
      pay_amount_fen: 0,
      duration: 1,
      duration_unit: 1,
      place_type: 3,
      pay_type: 'gift',
      status: 1,
      pay_status: 2,
      start_at: startAt,
      end_at: endAt,
      expire_at: null,
      paid_at: startAt,
      trade_no: null,
      applied_at: null,
      cleared_at: null,
      refund_at: null,
      refund_type: 0,
      refund_remark: '',
      remark: '',
      uuid: randomUUID(),
      request_hash: '',
      created_at: startAt,
      updated_at: startAt,
    })
    .execute();
}

/** The ledger invariant: the lines sum to the total, which is never negative, and the last line shows it. */
async function expectLedgersHold(id: number) {
  const [card, points, coins] = await Promise.all([sim(id), pointLines(id), coinLines(id)]);
  expect(card.integral).toBeGreaterThanOrEqual(0);
  expect(card.coupon_coin).toBeGreaterThanOrEqual(0);
  expect(points.reduce((sum, l) => sum + l.points, 0)).toBe(card.integral);
  expect(coins.reduce((sum, l) => sum + l.coin, 0)).toBe(card.coupon_coin);
  if (points.length) expect(points.at(-1)?.integral_after).toBe(card.integral);
  if (coins.length) expect(coins.at(-1)?.coin_after).toBe(card.coupon_coin);
}

async function insertExchange(values: {
  name: string;
  coinPrice: number;
  stock?: number | null;
  limit?: number | null;
}) {
  const now = Date.now();
  const { id } = await db()
    .insertInto('iot_coupon_exchanges')
    .values({
      promo_code: '',
      name: values.name,
      type: 1,
      amount_fen: 800,
      discount: null,
      threshold_fen: 2000,
      scope: 'all',
      package_ids_json: '[]',
      valid_days: 10,
      coin_price: values.coinPrice,
      stock: values.stock ?? null,
      limit_times: values.limit ?? null,
      sort: 100,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
const exchange = (card: Card, exchangeId: number, uuid = randomUUID()) =>
  api(iotRewardsApi.exchangeCoupon, { exchangeId, uuid }, card);

async function packageId(name: string) {
  const row = await db().selectFrom('iot_packages').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}
const buyByBalance = async (card: Card, name: string) =>
  api(
    iotBuyApi.buyPackage,
    {
      packageId: await packageId(name),
      effectType: 1,
      payType: 'balance',
      payPassword: PAY_PASSWORD,
      uuid: randomUUID(),
    },
    card,
  );

describe(`sign-in on ${TEST_DB}`, () => {
  it('ten sign-ins at once count once: one claim, one ledger line, 今日已签到 for the other nine', async () => {
    setClock('2026-03-02 10:00:00');
    const card = await newCard();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(card)));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.data).toEqual({ points: 5, integral: 5, continuousDays: 1 });
    expect(answers.filter((a) => a.code !== 0).map((a) => [a.code, a.message])).toEqual(
      Array.from({ length: 9 }, () => [-1, '今日已签到']),
    );
    const lines = await pointLines(card.id);
    expect(lines.map((l) => [l.type, l.points])).toEqual([[1, 5]]);
    expect((await sim(card.id)).integral).toBe(5);
    const center = await taskCenter(card);
    expect(center.integral).toBe(5);
    expect(center.sign).toMatchObject({ enabled: 1, todaySigned: 1, continuousDays: 1, todayPoints: 5 });
  });

  it('grows the streak day by day with the 7-day rewards, starts a new round after day 7, and resets after a missed day', async () => {
    setClock('2026-03-10 09:00:00');
    const card = await newCard();
    const paid: number[] = [];
    for (let day = 1; day <= 8; day++) {
      if (day === 3) {
        // Before signing on day 3: two days signed, today is the third of the round.
        const { sign } = await taskCenter(card);
        expect(sign).toMatchObject({ todaySigned: 0, continuousDays: 2, todayPoints: 10 });
        expect(sign.days).toEqual([
          { date: '2026-03-10', points: 5, signed: 1, isToday: 0 },
          { date: '2026-03-11', points: 5, signed: 1, isToday: 0 },
          { date: '2026-03-12', points: 10, signed: 0, isToday: 1 },
          { date: '2026-03-13', points: 10, signed: 0, isToday: 0 },
          { date: '2026-03-14', points: 15, signed: 0, isToday: 0 },
          { date: '2026-03-15', points: 15, signed: 0, isToday: 0 },
          { date: '2026-03-16', points: 30, signed: 0, isToday: 0 },
        ]);
      }
      const body = await signIn(card);
      expect(body.code).toBe(0);
      expect(body.data.continuousDays).toBe(day);
      paid.push(body.data.points);
      advance(DAY_MS);
    }
    expect(paid).toEqual([5, 5, 10, 10, 15, 15, 30, 5]);
    // Day 8 opened a new round: its strip starts on day 8.
    vi.setSystemTime(Date.now() - DAY_MS);
    const round2 = (await taskCenter(card)).sign;
    expect(round2.days[0]).toEqual({ date: '2026-03-17', points: 5, signed: 1, isToday: 1 });
    expect(round2.continuousDays).toBe(8);

    // 03-18 missed: on 03-19 the streak is gone and starts again at day 1.
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const broken = (await taskCenter(card)).sign;
    expect(broken).toMatchObject({ todaySigned: 0, continuousDays: 0, todayPoints: 5 });
    expect(broken.days[0]).toMatchObject({ date: '2026-03-19', signed: 0, isToday: 1 });
    expect((await signIn(card)).data).toMatchObject({ points: 5, continuousDays: 1 });
    expect((await sim(card.id)).integral).toBe(95 + 5);
    await expectLedgersHold(card.id);
  });

  it('turns the day at midnight in Shanghai, not UTC', async () => {
    setClock('2026-04-01 23:59:00');
    const card = await newCard();
    expect((await signIn(card)).data.continuousDays).toBe(1);
    advance(2 * 60_000); // 00:01 on 04-02 in Shanghai, still 04-01 in UTC
    expect((await signIn(card)).data).toMatchObject({ points: 5, continuousDays: 2 });
    expect((await signIn(card)).message).toBe('今日已签到');
  });
});

describe(`tasks on ${TEST_DB}`, () => {
  let mobileSeq = 0;
  async function bindMobile(card: Card) {
    const mobile = `1360000${String(++mobileSeq).padStart(4, '0')}`;
    expect((await api(orderApi.sendSimCode, { scene: 'bindMobile', mobile }, card)).code).toBe(0);
    const outbox = await api(orderApi.getSmsOutbox, { mobile }, clientHeaders());
    const body = await api(iotCoreApi.bindSimMobile, { mobile, code: String(outbox.data.list[0]?.code) }, card);
    expect(body.code).toBe(0);
  }

  it('lists the configured tasks with their rewards, state and where to do them', async () => {
    const card = await newCard({ mobile: null, auth_status: 0 });
    const { tasks } = await taskCenter(card);
    expect(tasks.map((x: { taskCode: string }) => x.taskCode)).toEqual([
      'bindPhone',
      'realname',
      'buyPackage',
      'video',
    ]);
    expect(tasks[0]).toEqual({
      taskCode: 'bindPhone',
      name: '绑定手机号',
      icon: '/shop/static/iot/menu/bindPhone.png',
      desc: '绑定常用手机号，接收服务通知',
      kind: 'bindPhone',
      points: 20,
      progress: 0,
      target: 1,
      status: 0,
      period: 'once',
      dailyLimit: 1,
      claimed: 0,
      path: '/pages/iot/index/bindPhone/index',
    });
    expect(tasks[2]).toMatchObject({ points: 30, period: 'monthly', path: '/pages/iot/index/package/index' });
    expect(tasks[3]).toMatchObject({
      kind: 'video',
      points: 10,
      period: 'daily',
      videoUrl: '/shop/static/iot/task/demo-video.mp4',
      watchSeconds: 15,
      status: 0,
    });
    expect(tasks[3]?.path).toBeUndefined();
  });

  it('refuses bindPhone before the mobile is bound; after binding it pays once, even to concurrent claims', async () => {
    const card = await newCard({ mobile: null });
    expect(await claim(card, 'bindPhone')).toMatchObject({ code: -1, message: '请先绑定手机号' });
    expect(await pointLines(card.id)).toEqual([]);

    await bindMobile(card);
    expect(await taskOf(card, 'bindPhone')).toMatchObject({ status: 1, progress: 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(card, 'bindPhone')));
    expect(answers.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ points: 20, integral: 20 }]);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message === '奖励已领取')).toBe(true);
    expect(await taskOf(card, 'bindPhone')).toMatchObject({ status: 2, claimed: 1 });
    expect(await claim(card, 'bindPhone')).toMatchObject({ code: -1, message: '奖励已领取' });
    expect((await pointLines(card.id)).map((l) => [l.type, l.points, l.remark])).toEqual([
      [2, 20, '任务奖励：绑定手机号'],
    ]);
  });

  it('a valid 积分加倍 membership doubles sign-in and task points; before it starts and after it ends they count once', async () => {
    const start = setClock('2026-05-10 09:00:00');
    const card = await newCard();
    await giveVip(card.id, start + DAY_MS, start + 2 * DAY_MS);
    expect((await signIn(card)).data).toMatchObject({ points: 5, continuousDays: 1 });
    advance(DAY_MS);
    expect((await signIn(card)).data).toMatchObject({ points: 10, continuousDays: 2 });
    await bindMobile(card);
    expect((await claim(card, 'bindPhone')).data).toMatchObject({ points: 40 });
    advance(DAY_MS);
    expect((await signIn(card)).data).toMatchObject({ points: 10, continuousDays: 3 });
    expect((await pointLines(card.id)).map((l) => [l.type, l.points, l.remark])).toEqual([
      [1, 5, '每日签到（连续1天）'],
      [1, 10, '每日签到（连续2天，会员积分加倍）'],
      [2, 40, '任务奖励：绑定手机号，会员积分加倍'],
      [1, 10, '每日签到（连续3天）'],
    ]);
    await expectLedgersHold(card.id);
  });

  it('the strip and the tasks show what a VIP card really gets: doubled ahead, credited behind', async () => {
    const start = setClock('2026-06-10 09:00:00');
    const card = await newCard();
    expect((await signIn(card)).data).toMatchObject({ points: 5 });
    advance(DAY_MS);
    await giveVip(card.id, Date.now(), Date.now() + 3 * DAY_MS);
    const before = await taskCenter(card);
    // Day 1 was signed without the membership (5); day 2 and the days to come count twice now.
    expect(before.sign).toMatchObject({ pointsFactor: 2, todaySigned: 0, todayPoints: 10 });
    expect(before.sign.days.map((d: { points: number }) => d.points)).toEqual([5, 10, 20, 20, 30, 30, 60]);
    expect(before.tasks.find((x: { taskCode: string }) => x.taskCode === 'bindPhone')?.points).toBe(40);
    // Signing in pays exactly what the strip said, and the strip then shows it as credited.
    expect((await signIn(card)).data).toMatchObject({ points: before.sign.todayPoints });
    const after = await taskCenter(card);
    expect(after.sign).toMatchObject({ todaySigned: 1, todayPoints: 10 });
    expect(after.sign.days.slice(0, 3).map((d: { points: number }) => d.points)).toEqual([5, 10, 20]);
    // Without a membership everything counts once.
    vi.setSystemTime(start + 5 * DAY_MS);
    expect((await taskCenter(card)).sign).toMatchObject({ pointsFactor: 1, todayPoints: 5 });
  });

  it('realname pays only once the operator real-name is done', async () => {
    const card = await newCard({ auth_status: 2 });
    expect(await taskOf(card, 'realname')).toMatchObject({ status: 0 });
    expect(await claim(card, 'realname')).toMatchObject({ code: -1, message: '请先完成实名认证' });
    await db().updateTable('sims').set({ auth_status: 1 }).where('id', '=', card.id).execute();
    expect(await taskOf(card, 'realname')).toMatchObject({ status: 1 });
    expect((await claim(card, 'realname')).data).toEqual({ points: 50, integral: 50 });
  });

  it('buyPackage counts packages the card paid for itself, once per calendar month', async () => {
    setClock('2026-05-20 12:00:00');
    // The card opened with a package (source opening): that does not count.
    const card = await newCard({ balance: 5000 });
    await db()
      .insertInto('iot_package_orders')
      .values({
        order_sn: 'PK20260520120000000001',
        sim_id: card.id,
        package_id: 0,
        package_name: '开卡套餐',
        package_type: 1,
        flow_mb: 1024,
        is_infinite_flow: 0,
        duration: 1,
        duration_unit: 2,
        price_fen: 0,
        pay_amount_fen: 0,
        pay_type: 'balance',
        effect_type: 1,
        status: 2,
        pay_status: 2,
        paid_at: Date.now(),
        source: 'opening',
        uuid: `opening-${card.id}`,
        request_hash: '',
        use_flow: 0,
        remark: '',
        coupon_fen: 0,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    expect(await claim(card, 'buyPackage')).toMatchObject({ code: -1, message: '请先购买套餐' });

    expect((await buyByBalance(card, '加油包5G')).code).toBe(0);
    expect(await taskOf(card, 'buyPackage')).toMatchObject({ status: 1, progress: 1, target: 1 });
    expect((await claim(card, 'buyPackage')).data).toMatchObject({ points: 30 });
    expect(await claim(card, 'buyPackage')).toMatchObject({ code: -1, message: '奖励已领取' });

    // June: a new month, a new claim once a package is bought in June.
    setClock('2026-06-01 00:00:05');
    expect(await taskOf(card, 'buyPackage')).toMatchObject({ status: 0, claimed: 0 });
    expect(await claim(card, 'buyPackage')).toMatchObject({ code: -1, message: '请先购买套餐' });
    expect((await buyByBalance(card, '加油包5G')).code).toBe(0);
    expect((await claim(card, 'buyPackage')).code).toBe(0);
    await expectLedgersHold(card.id);
  });

  it('video: refuses a claim below watchSeconds or sooner than that after the start, pays once a day', async () => {
    setClock('2026-07-01 20:00:00');
    const card = await newCard();
    expect(await claim(card, 'video', 15)).toMatchObject({ code: -1, message: '观看未完成' });

    const start = await api(iotRewardsApi.startTaskVideo, { taskCode: 'video' }, card);
    expect(start.data).toEqual({
      taskCode: 'video',
      name: '观看视频',
      points: 10,
      videoUrl: '/shop/static/iot/task/demo-video.mp4',
      watchSeconds: 15,
      status: 0,
      startedAt: '2026-07-01 20:00:00',
    });
    advance(5_000);
    // The client claims to have watched, but only 5 s have passed on the server.
    expect(await claim(card, 'video', 15)).toMatchObject({ code: -1, message: '观看未完成' });
    advance(11_000);
    expect(await claim(card, 'video', 14)).toMatchObject({ code: -1, message: '观看未完成' });
    expect(await claim(card, 'video')).toMatchObject({ code: -1, message: '观看未完成' });
    expect((await claim(card, 'video', 15)).data).toEqual({ points: 10, integral: 10 });
    expect(await claim(card, 'video', 15)).toMatchObject({ code: -1, message: '奖励已领取' });
    expect((await api(iotRewardsApi.startTaskVideo, { taskCode: 'video' }, card)).data.status).toBe(2);
    expect(await taskOf(card, 'video')).toMatchObject({ status: 2, claimed: 1, dailyLimit: 1 });

    // The next day: a new watch, a new reward.
    advance(DAY_MS);
    expect(await taskOf(card, 'video')).toMatchObject({ status: 0, claimed: 0 });
    await api(iotRewardsApi.startTaskVideo, { taskCode: 'video' }, card);
    advance(15_000);
    expect((await claim(card, 'video', 15)).data).toEqual({ points: 10, integral: 20 });
  });

  it('an unknown task is -1 任务不存在; the task center can be switched off by the layout (40001)', async () => {
    const card = await newCard();
    expect(await claim(card, 'nope')).toMatchObject({ code: -1, message: '任务不存在' });
    expect(await api(iotRewardsApi.startTaskVideo, { taskCode: 'bindPhone' }, card)).toMatchObject({
      code: -1,
      message: '任务不存在',
    });
    const layout = {
      menus: [{ key: 'task', name: '任务中心', icon: '', path: '/pages-sub/iot/task/index', switch: 0 }],
    };
    await db()
      .insertInto('sim_layouts')
      .values({ code: 'no-task', layout_json: JSON.stringify(layout), updated_at: Date.now() })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const closed = await newCard({ layout_code: 'no-task' });
    expect((await api(iotRewardsApi.getTaskCenter, {}, closed)).code).toBe(40001);
    expect((await signIn(closed)).code).toBe(40001);
    expect((await api(iotRewardsApi.listCouponExchange, {}, closed)).code).toBe(0);
  });

  it('needs the card session (34061)', async () => {
    const body = await api(iotRewardsApi.getTaskCenter, {}, clientHeaders({ 'sim-no': '1440312345601' }));
    expect(body.code).toBe(34061);
  });
});

describe(`package gift points on ${TEST_DB}`, () => {
  it('grants a package’s gift points once when the operator takes it (type 3); none for a package without', async () => {
    const card = await newCard({ balance: 10000, integral: 7 });
    const bought = await buyByBalance(card, '月享30G');
    expect(bought.code).toBe(0);
    const orderSn = bought.data.orderSn as string;
    // A second activation attempt (the retry job) grants nothing more.
    await activatePackageOrder(t.app.ctx, orderSn);
    expect((await buyByBalance(card, '加油包5G')).code).toBe(0);
    const lines = await pointLines(card.id);
    expect(lines.map((l) => [l.type, l.points, l.order_sn, l.remark])).toEqual([
      [7, 7, '', '期初'],
      [3, 30, orderSn, '购买套餐赠送：月享30G'],
    ]);
    expect((await sim(card.id)).integral).toBe(37);
    const log = await api(iotRewardsApi.listSimIntegralLogs, { type: '3' }, card);
    expect(log.data).toMatchObject({ total: 1, integral: 37 });
    expect(log.data.list[0]).toMatchObject({ type: 3, points: 30, integralAfter: 37, orderSn });
  });
});

describe(`coupon exchange on ${TEST_DB}`, () => {
  it('lists the items with the card’s coins and its own exchange counts', async () => {
    const card = await newCard({ coins: 5 });
    const body = await api(iotRewardsApi.listCouponExchange, { page: '1', pageSize: '50' }, card);
    expect(body.code).toBe(0);
    expect(body.data.couponCoin).toBe(5);
    const five = body.data.list.find((i: { name: string }) => i.name === '¥5无门槛券');
    expect(five).toEqual({
      id: expect.any(Number),
      name: '¥5无门槛券',
      type: 1,
      amount: '5.00',
      discount: null,
      threshold: '0.00',
      scope: 'all',
      validDays: 30,
      coinPrice: 5,
      stock: null,
      limitTimes: 3,
      exchangedTimes: 0,
    });
    expect(body.data.list.find((i: { name: string }) => i.name.startsWith('9折'))).toMatchObject({
      type: 2,
      discount: 9,
      threshold: '50.00',
    });
  });

  it('exchanges coins for a coupon once per uuid: the coupon is usable for packages, the coins are on the ledger', async () => {
    setClock('2026-08-01 10:00:00');
    const card = await newCard({ coins: 12 });
    const item = await insertExchange({ name: '¥8套餐券', coinPrice: 5 });
    const uuid = randomUUID();
    const first = await exchange(card, item, uuid);
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      coupon: {
        id: expect.any(Number),
        name: '¥8套餐券',
        type: 1,
        amount: '8.00',
        discount: null,
        threshold: '20.00',
        scope: 'all',
        packageIds: [],
        status: 1,
        startAt: '2026-08-01 10:00:00',
        endAt: '2026-08-11 10:00:00',
        usable: true,
      },
      couponCoin: 7,
    });
    const again = await exchange(card, item, uuid);
    expect(again.data).toEqual(first.data);
    expect(await exchange(card, item + 100_000, uuid)).toMatchObject({ code: -1, message: '重复的请求' });
    expect((await coinLines(card.id)).map((l) => [l.type, l.coin, l.coin_after, l.remark])).toEqual([
      [4, 12, 12, '期初'],
      [2, -5, 7, '兑换优惠券：¥8套餐券'],
    ]);
    const details = await api(iotBuyApi.getPackageDetails, {}, card);
    expect(details.data.coupons.map((c: { id: number }) => c.id)).toContain(first.data.coupon.id);
    const list = await api(iotRewardsApi.listCouponExchange, { pageSize: '50' }, card);
    expect(list.data.list.find((i: { id: number }) => i.id === item)?.exchangedTimes).toBe(1);
  });

  it('refuses without a trace: too few coins, the per-card limit, an unknown item', async () => {
    const card = await newCard({ coins: 9 });
    const limited = await insertExchange({ name: '限兑券', coinPrice: 3, limit: 2, stock: 10 });
    const dear = await insertExchange({ name: '高价券', coinPrice: 50, stock: 10 });
    expect(await exchange(card, dear)).toMatchObject({ code: -1, message: '券币不足' });
    expect((await exchange(card, limited)).code).toBe(0);
    expect((await exchange(card, limited)).code).toBe(0);
    expect(await exchange(card, limited)).toMatchObject({ code: -1, message: '已达兑换上限' });
    expect(await exchange(card, 999_999)).toMatchObject({ code: -1, message: '兑换券不存在或已下架' });
    const stock = await db()
      .selectFrom('iot_coupon_exchanges')
      .select(['id', 'stock'])
      .where('id', 'in', [limited, dear])
      .orderBy('id')
      .execute();
    expect(stock.map((s) => s.stock)).toEqual([8, 10]);
    expect((await sim(card.id)).coupon_coin).toBe(3);
    const coupons = await db().selectFrom('iot_coupons').select('name').where('sim_id', '=', card.id).execute();
    expect(coupons.map((c) => c.name)).toEqual(['限兑券', '限兑券']);
    await expectLedgersHold(card.id);
  });

  it('gives the last one of a stock-1 item to exactly one of the cards asking at once (30001 for the rest)', async () => {
    const item = await insertExchange({ name: '限量券', coinPrice: 2, stock: 1 });
    const cards = await Promise.all(Array.from({ length: 6 }, () => newCard({ coins: 5 })));
    const answers = await Promise.all(cards.map((c) => exchange(c, item)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 30001)).toHaveLength(5);
    const row = await db()
      .selectFrom('iot_coupon_exchanges')
      .select('stock')
      .where('id', '=', item)
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(0);
    const coins = await Promise.all(cards.map((c) => sim(c.id)));
    expect(coins.map((c) => c.coupon_coin).sort()).toEqual([3, 5, 5, 5, 5, 5]);
    for (const c of cards) await expectLedgersHold(c.id);
  });

  it('one card tapping 兑换 many times at once with one uuid gets one coupon', async () => {
    const card = await newCard({ coins: 20 });
    const item = await insertExchange({ name: '连点券', coinPrice: 4 });
    const uuid = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(card, item, uuid)));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data.coupon.id)).size).toBe(1);
    expect((await sim(card.id)).coupon_coin).toBe(16);
  });
});

describe(`the ledgers on ${TEST_DB}`, () => {
  it('points and coins lines sum to the card’s totals after any sequence of sign-ins, tasks and exchanges', async () => {
    const item = await insertExchange({ name: '随机券', coinPrice: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.constantFrom('sign', 'doubleSign', 'nextDay', 'video', 'exchange', 'doubleExchange'), {
          minLength: 1,
          maxLength: 8,
        }),
        async (openingCoins, steps) => {
          setClock('2026-09-01 08:00:00');
          const card = await newCard({ coins: openingCoins, integral: 3 });
          for (const step of steps) {
            if (step === 'nextDay') advance(DAY_MS);
            else if (step === 'sign') expect([0, -1]).toContain((await signIn(card)).code);
            else if (step === 'doubleSign') await Promise.all([signIn(card), signIn(card)]);
            else if (step === 'video') {
              await api(iotRewardsApi.startTaskVideo, { taskCode: 'video' }, card);
              advance(15_000);
              expect([0, -1]).toContain((await claim(card, 'video', 15)).code);
            } else if (step === 'exchange') expect([0, -1]).toContain((await exchange(card, item)).code);
            else await Promise.all([exchange(card, item), exchange(card, item)]);
            await expectLedgersHold(card.id);
          }
          const [points, coins, row] = await Promise.all([
            api(iotRewardsApi.listSimIntegralLogs, { pageSize: '50' }, card),
            api(iotRewardsApi.listCouponCoinLogs, { pageSize: '50' }, card),
            sim(card.id),
          ]);
          expect(points.data.integral).toBe(row.integral);
          expect(points.data.list.reduce((s: number, l: { points: number }) => s + l.points, 0)).toBe(row.integral);
          expect(coins.data.couponCoin).toBe(row.coupon_coin);
          expect(coins.data.list.reduce((s: number, l: { coin: number }) => s + l.coin, 0)).toBe(row.coupon_coin);
          vi.useRealTimers();
        },
      ),
      { numRuns: 10 },
    );
  });

  it('lists each ledger newest first, by page and by type, and only the card’s own lines', async () => {
    setClock('2026-10-01 09:00:00');
    const card = await newCard({ integral: 100, coins: 10 });
    const other = await newCard({ integral: 1 });
    for (let i = 0; i < 3; i++) {
      expect((await signIn(card)).code).toBe(0);
      advance(DAY_MS);
    }
    const item = await insertExchange({ name: '分页券', coinPrice: 2 });
    await exchange(card, item);
    await exchange(card, item);

    const page1 = await api(iotRewardsApi.listSimIntegralLogs, { page: '1', pageSize: '2' }, card);
    expect(page1.data).toMatchObject({ total: 4, page: 1, pageSize: 2, integral: 120 });
    expect(page1.data.list.map((l: { points: number; type: number }) => [l.type, l.points])).toEqual([
      [1, 10],
      [1, 5],
    ]);
    expect(page1.data.list[0]).toMatchObject({
      integralAfter: 120,
      remark: '每日签到（连续3天）',
      createdAt: '2026-10-03 09:00:00',
    });
    const page2 = await api(iotRewardsApi.listSimIntegralLogs, { page: '2', pageSize: '2' }, card);
    expect(page2.data.list.map((l: { points: number }) => l.points)).toEqual([5, 100]);
    const signs = await api(iotRewardsApi.listSimIntegralLogs, { type: '1' }, card);
    expect(signs.data.total).toBe(3);
    expect((await api(iotRewardsApi.listSimIntegralLogs, { type: '8' }, card)).code).toBe(-1);

    const coins = await api(iotRewardsApi.listCouponCoinLogs, {}, card);
    expect(coins.data).toMatchObject({ total: 3, couponCoin: 6 });
    expect(coins.data.list.map((l: { coin: number; coinAfter: number }) => [l.coin, l.coinAfter])).toEqual([
      [-2, 6],
      [-2, 8],
      [10, 10],
    ]);
    expect((await api(iotRewardsApi.listCouponCoinLogs, { type: '2' }, card)).data.total).toBe(2);
    expect((await api(iotRewardsApi.listSimIntegralLogs, {}, other)).data).toMatchObject({ total: 1, integral: 1 });
    expect((await api(iotRewardsApi.listCouponCoinLogs, {}, other)).data).toMatchObject({ total: 0, couponCoin: 0 });
  });
});

describe(`agreements on ${TEST_DB}`, () => {
  const TYPES = ['service', 'privacy', 'vip', 'accelerate', 'recharge', 'coupon', 'taskRule'] as const;

  it('answers every type, task rules included, without a card session', async () => {
    const titles: string[] = [];
    for (const type of TYPES) {
      const body = await api(iotRewardsApi.getProtocol, { type }, clientHeaders());
      expect(body.code).toBe(0);
      expect(body.data.type).toBe(type);
      expect(body.data.content).toMatch(/^<(p|h3)>/);
      expect(body.data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      titles.push(body.data.title);
    }
    expect(titles).toEqual([
      '物联卡服务协议',
      '隐私政策',
      '会员服务协议',
      '加速服务协议',
      '充值服务协议',
      '优惠券使用规则',
      '任务规则',
    ]);
  });

  it('an unknown or withdrawn agreement is -1 协议不存在', async () => {
    expect(await api(iotRewardsApi.getProtocol, malformed({ type: 'nope' }), clientHeaders())).toMatchObject({
      code: -1,
      message: '协议不存在',
    });
    expect(await api(iotRewardsApi.getProtocol, malformed({}), clientHeaders())).toMatchObject({ code: -1 });
    await db().updateTable('questions').set({ enabled: 0 }).where('code', '=', 'iot_protocol_coupon').execute();
    try {
      expect(await api(iotRewardsApi.getProtocol, { type: 'coupon' }, clientHeaders())).toMatchObject({
        code: -1,
        message: '协议不存在',
      });
    } finally {
      await db().updateTable('questions').set({ enabled: 1 }).where('code', '=', 'iot_protocol_coupon').execute();
    }
  });
});
