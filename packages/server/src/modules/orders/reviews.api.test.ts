/**
 * Number reviews over the real app on both databases (design.md "Number reviews"): the buyer of a
 * completed number order writes one review; numberDetail shows a number the reviews of buyers of numbers
 * of its level, with the buyer masked and the kind bought, not one list on every number.
 */
import { randomUUID } from 'node:crypto';
import { browseApi, type EndpointInput, levelOf, orderApi, patternsOf } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../http/audit.js';
import { createSession } from '../../http/sessions.js';
import { callEndpoint, malformed } from '../../test/call.js';
import { insertGoods } from '../../test/catalogue-fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { validIdCard } from '../../test/id-cards.js';
import { type BackOfficeStep, runBackOffice } from './back-office.js';

let t: TestApp;
const BUYER = '13811112222';
let buyer: string;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  await db
    .insertInto('settings')
    .values({ key: 'number_order', value_json: '{"needSmsCode":0}', updated_at: Date.now() })
    .execute();
  buyer = await createSession(db, { mobile: BUYER });
  stranger = await createSession(db, { mobile: '13933334444' });
});
afterAll(() => t.close());

let idSerial = 0;
async function order(
  extra: Pick<EndpointInput<typeof orderApi.createShopOrder>, 'orderType' | 'numberId' | 'goodsId'>,
) {
  idSerial += 1;
  const body = await callEndpoint(
    t,
    orderApi.createShopOrder,
    {
      contactName: '李四',
      idCard: validIdCard('19900307', idSerial),
      contactMobile: BUYER,
      provinceCode: '440000',
      cityCode: '440300',
      countyCode: '440305',
      addressDetail: '科技园南区 1 栋 101',
      agreeProtocol: 1,
      uuid: randomUUID(),
      ...extra,
    },
    { as: clientHeaders({ 'order-session-id': randomUUID().replaceAll('-', ''), 'session-id': buyer }) },
  );
  expect(body.code, body.message).toBe(0);
  return body.data.orderSn;
}

/** A free number of `level` on sale (the demo prices level 1 at 0). */
async function freeNumber(level = 1) {
  return t.database.handle.db
    .selectFrom('numbers')
    .selectAll()
    .where('status', '=', 1)
    .where('level', '=', level)
    .where('price_fen', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function complete(orderSn: string) {
  const step = (s: BackOfficeStep) => runBackOffice(t.app.ctx, CLI_ACTOR, orderSn, s).then((o) => o.orderStatus);
  expect(await step({ action: 'audit' })).toBe(2);
  expect(await step({ action: 'ship', company: '顺丰速运', trackingNo: 'SF1234567890' })).toBe(3);
  expect(await step({ action: 'complete' })).toBe(4);
}

async function review(payload: EndpointInput<typeof orderApi.reviewShopOrder>, session: string | null = buyer) {
  return callEndpoint(t, orderApi.reviewShopOrder, payload, {
    as: clientHeaders(session ? { 'session-id': session } : {}),
  });
}

async function reviewStates(): Promise<Map<string, string>> {
  const res = await callEndpoint(
    t,
    orderApi.listShopOrders,
    { pageSize: 50 },
    { as: clientHeaders({ 'session-id': buyer }) },
  );
  return new Map(res.data.list.map((o) => [o.orderSn, o.review]));
}

async function reviewsOf(numberId: number, pageSize = 20) {
  const body = await callEndpoint(t, browseApi.getNumberDetail, { numberId, commentPageSize: pageSize });
  expect(body.code, body.message).toBe(0);
  return body.data.comments;
}

describe(`number reviews on ${TEST_DB}`, () => {
  it('each number shows the demo reviews of buyers of its own level, not one list everywhere', async () => {
    const shown = new Map<number, Set<number>>();
    for (const level of [1, 2, 3, 4, 5]) {
      const number = await t.database.handle.db
        .selectFrom('numbers')
        .select('id')
        .where('status', '=', 1)
        .where('level', '=', level)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const { list, total } = await reviewsOf(number.id);
      expect(list.length, `level ${level}`).toBeGreaterThan(0);
      expect(total).toBe(list.length);
      for (const c of list) {
        expect(levelOf(c.patterns), c.content).toBe(level);
        expect(c.maskedMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
      }
      shown.set(level, new Set(list.map((c) => c.id)));
    }
    const all = [...shown.values()].flatMap((ids) => [...ids]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('the buyer reviews a completed number order once; it then shows on numbers of the same level only', async () => {
    const bought = await freeNumber(1);
    const orderSn = await order({ orderType: 1, numberId: bought.id });
    expect((await reviewStates()).get(orderSn)).toBe('none');
    expect(await review({ orderSn, star: 5, content: '号码好记，发货很快' })).toMatchObject({
      code: -1,
      message: '订单完成后才能评价',
    });

    await complete(orderSn);
    expect((await reviewStates()).get(orderSn)).toBe('open');
    const written = await review({
      orderSn,
      star: 4,
      content: '  普通号码也挑到了喜欢的，激活很顺利。 ',
      tags: ['fastDelivery', 'fairPrice', 'fastDelivery'],
    });
    expect(written.code, written.message).toBe(0);
    expect(written.data.id).toBeGreaterThan(0);
    expect((await reviewStates()).get(orderSn)).toBe('done');
    const detail = await callEndpoint(
      t,
      orderApi.getShopOrder,
      { orderSn },
      { as: clientHeaders({ 'session-id': buyer }) },
    );
    expect(detail.data.review).toBe('done');

    expect(await review({ orderSn, star: 5, content: '再写一条评价试试' })).toMatchObject({
      code: -1,
      message: '该订单已评价',
    });

    const sameLevel = await freeNumber(1);
    const { list } = await reviewsOf(sameLevel.id);
    expect(list[0]).toEqual({
      id: written.data.id,
      maskedMobile: '138****2222',
      star: 4,
      content: '普通号码也挑到了喜欢的，激活很顺利。',
      images: [],
      tags: ['fastDelivery', 'fairPrice'],
      patterns: patternsOf(bought.number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // The number itself is not shown.
    expect(JSON.stringify(list[0])).not.toContain(bought.number);

    const otherLevel = await t.database.handle.db
      .selectFrom('numbers')
      .select('id')
      .where('status', '=', 1)
      .where('level', '=', 3)
      .executeTakeFirstOrThrow();
    expect((await reviewsOf(otherLevel.id)).list.map((c) => c.id)).not.toContain(written.data.id);
  });

  it('only the buyer may review, and only a number order', async () => {
    const bought = await freeNumber(1);
    const orderSn = await order({ orderType: 1, numberId: bought.id });
    await complete(orderSn);
    expect(await review({ orderSn, star: 5, content: '不是我的订单也想评价' }, stranger)).toMatchObject({
      code: -1,
      message: '订单不存在',
    });
    expect((await review({ orderSn, star: 5, content: '没有登录也想评价' }, null)).code).toBe(61);

    const goodsId = await insertGoods(t.database.handle.db, { name: '评价测试卡' });
    const goodsOrder = await order({ orderType: 2, goodsId });
    await complete(goodsOrder);
    expect(await review({ orderSn: goodsOrder, star: 5, content: '商品订单也想评价' })).toMatchObject({
      code: -1,
      message: '只有号码订单可以评价',
    });
    expect((await reviewStates()).get(goodsOrder)).toBe('none');
  });

  it.each([
    [{ star: 0, content: '号码很好记' }, 'star'],
    [{ star: 6, content: '号码很好记' }, 'star'],
    [{ star: 5, content: '好' }, 'content'],
    [{ star: 5, content: '好'.repeat(201) }, 'content'],
    [{ star: 5, content: '号码很好记', tags: ['bogus'] }, 'tags.0'],
  ])('refuses %j with code -1 naming the field', async (payload, field) => {
    // Each payload breaks the schema on purpose (a bogus tag is not even the declared type).
    const body = await review(malformed({ orderSn: 'SO20260101000000123456', ...payload }));
    expect(body).toMatchObject({ code: -1, data: { field } });
  });
});
