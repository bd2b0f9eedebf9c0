import { browseApi, type EndpointInput } from '@haoka/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversionEvent, ConversionGateway } from '../../gateways/conversion/conversion-gateway.js';
import { callEndpoint } from '../../test/call.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { EXTRA_MAX_CHARS } from './service.js';

/** Records what would go to the ad platform; `failing` makes it refuse. */
const conversion = {
  calls: [] as ConversionEvent[],
  failing: false,
  async report(event: ConversionEvent) {
    conversion.calls.push(event);
    if (conversion.failing) throw new Error('platform down');
  },
} satisfies ConversionGateway & Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ gateways: { conversion } });
});
afterAll(() => t.close());

/** A body that breaks the schema on purpose, some of it (an array) not even an object: raw. */
function report(payload: unknown, headers: Record<string, string> = clientHeaders(), remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/hk/pointReport',
    headers,
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

type Beacon = EndpointInput<typeof browseApi.reportPoint>;

async function ok(beacon: Beacon, headers?: Record<string, string>, remoteAddress?: string) {
  const res = await callEndpoint(t, browseApi.reportPoint, beacon, {
    ...(headers ? { as: headers } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res).toEqual({ code: 0, message: 'ok', data: null });
}

function rowsOf(where: { page?: string; orderSn?: string }) {
  let q = t.database.handle.db.selectFrom('point_reports').selectAll().orderBy('id');
  if (where.page) q = q.where('page', '=', where.page);
  if (where.orderSn) q = q.where('order_sn', '=', where.orderSn);
  return q.execute();
}

/** How long a test waits for the beacon's background forwarding (a busy machine can take over 1 s). */
const FORWARD_WAIT_MS = 10_000;

/** Lets the beacon's background forwarding settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe(`POST /api/hk/pointReport on ${TEST_DB}`, () => {
  it('stores a page view with the caller ip, order-session-id and codes', async () => {
    const before = Date.now();
    await ok(
      { event: 'page_view', page: '/pages/index/index', pageCode: 'summer', promoCode: 'demo', extra: { from: 'ad' } },
      clientHeaders({ 'order-session-id': 'b'.repeat(32) }),
    );
    const [row] = await rowsOf({ page: '/pages/index/index' });
    expect(row).toMatchObject({
      event: 'page_view',
      page_code: 'summer',
      promo_code: 'demo',
      bd_vid: null,
      order_sn: null,
      extra_json: '{"from":"ad"}',
      ip: '127.0.0.1',
      order_session_id: 'b'.repeat(32),
      dedupe_key: null,
      forwarded_at: null,
    });
    expect(row?.created_at).toBeGreaterThanOrEqual(before);
  });

  it('records the connecting address and leaves a missing order-session-id empty', async () => {
    await ok({ event: 'click', page: '/p/ip' }, { platform: 'h5' }, '203.0.113.9');
    expect(await rowsOf({ page: '/p/ip' })).toMatchObject([{ ip: '203.0.113.9', order_session_id: null }]);
  });

  it('does not deduplicate page views', async () => {
    const beacon: Beacon = { event: 'page_view', page: '/p/twice', bd_vid: 'vid-pv' };
    await ok(beacon);
    await ok(beacon);
    expect(await rowsOf({ page: '/p/twice' })).toHaveLength(2);
  });

  it('stores submit_order once per orderSn', async () => {
    const beacon: Beacon = {
      event: 'submit_order',
      page: '/pages/goods/general/index',
      orderSn: 'SO20260101000000000001',
    };
    await ok(beacon);
    await ok(beacon);
    await ok({ ...beacon, page: '/elsewhere' });
    const rows = await rowsOf({ orderSn: 'SO20260101000000000001' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dedupe_key: 'submit_order|SO20260101000000000001',
      page: '/pages/goods/general/index',
    });
  });

  it('keeps submit_order and pay_success of one order apart', async () => {
    await ok({ event: 'submit_order', page: '/x', orderSn: 'SO2' });
    await ok({ event: 'pay_success', page: '/x', orderSn: 'SO2' });
    await ok({ event: 'pay_success', page: '/x', orderSn: 'SO2' });
    const rows = await rowsOf({ orderSn: 'SO2' });
    expect(rows.map((r) => r.event)).toEqual(['submit_order', 'pay_success']);
  });

  it('a conversion event without an orderSn is stored each time', async () => {
    await ok({ event: 'pay_success', page: '/p/no-sn' });
    await ok({ event: 'pay_success', page: '/p/no-sn' });
    expect(await rowsOf({ page: '/p/no-sn' })).toMatchObject([{ dedupe_key: null }, { dedupe_key: null }]);
  });

  it('drops an extra object larger than the limit but still stores the beacon', async () => {
    await ok({ event: 'click', page: '/p/big', extra: { blob: 'x'.repeat(EXTRA_MAX_CHARS) } });
    expect(await rowsOf({ page: '/p/big' })).toMatchObject([{ extra_json: null }]);
  });

  describe('conversion forwarding', () => {
    it('forwards a new conversion with a bd_vid once, and marks it forwarded', async () => {
      const before = conversion.calls.length;
      const beacon: Beacon = {
        event: 'submit_order',
        page: '/p/conv',
        bd_vid: 'vid-1',
        orderSn: 'SO-CONV-1',
        promoCode: 'demo',
      };
      await ok(beacon, clientHeaders({ 'page-url': 'https://shop.example.com/shop/#/x?bd_vid=vid-1' }));
      await ok(beacon);
      await vi.waitFor(
        async () => {
          expect((await rowsOf({ orderSn: 'SO-CONV-1' }))[0]?.forwarded_at).toBeGreaterThan(0);
        },
        { timeout: FORWARD_WAIT_MS },
      );
      await settle();
      expect(conversion.calls.slice(before)).toEqual([
        {
          event: 'submit_order',
          bdVid: 'vid-1',
          orderSn: 'SO-CONV-1',
          page: '/p/conv',
          pageUrl: 'https://shop.example.com/shop/#/x?bd_vid=vid-1',
          promoCode: 'demo',
          occurredAt: expect.any(Number),
        },
      ]);
    });

    it.each<[string, Beacon]>([
      ['a page view with a bd_vid', { event: 'page_view', page: '/p/nf1', bd_vid: 'v' }],
      ['a click with a bd_vid', { event: 'click', page: '/p/nf2', bd_vid: 'v', orderSn: 'SO-NF2' }],
      ['a conversion without a bd_vid', { event: 'pay_success', page: '/p/nf3', orderSn: 'SO-NF3' }],
      ['a conversion without an orderSn', { event: 'submit_order', page: '/p/nf4', bd_vid: 'v' }],
    ])('does not forward %s', async (_label, beacon) => {
      const before = conversion.calls.length;
      await ok(beacon);
      await settle();
      expect(conversion.calls.length).toBe(before);
      expect(await rowsOf({ page: beacon.page })).toMatchObject([{ forwarded_at: null }]);
    });

    it('a platform failure is not visible to the caller and leaves the row unforwarded', async () => {
      conversion.failing = true;
      try {
        const before = conversion.calls.length;
        await ok({ event: 'pay_success', page: '/p/fail', bd_vid: 'vid-f', orderSn: 'SO-FAIL' });
        await vi.waitFor(() => expect(conversion.calls.length).toBe(before + 1), { timeout: FORWARD_WAIT_MS });
        await settle();
        expect(await rowsOf({ orderSn: 'SO-FAIL' })).toMatchObject([{ forwarded_at: null }]);
      } finally {
        conversion.failing = false;
      }
    });
  });

  it.each([
    ['an unknown event', { event: 'purchase', page: '/x' }, 'event'],
    ['no event', { page: '/x' }, 'event'],
    ['no page', { event: 'click' }, 'page'],
    ['a page over 256 characters', { event: 'click', page: 'p'.repeat(257) }, 'page'],
    ['a pageCode over 32 characters', { event: 'click', page: '/x', pageCode: 'c'.repeat(33) }, 'pageCode'],
    ['a bd_vid over 256 characters', { event: 'click', page: '/x', bd_vid: 'v'.repeat(257) }, 'bd_vid'],
    ['an orderSn over 40 characters', { event: 'pay_success', page: '/x', orderSn: 'S'.repeat(41) }, 'orderSn'],
    ['extra that is not an object', { event: 'click', page: '/x', extra: 'x' }, 'extra'],
    ['a malformed promoCode', { event: 'click', page: '/x', promoCode: 'a b' }, 'promoCode'],
    ['a body that is an array', [], 'body'],
  ])('%s → -1 naming the field, nothing stored', async (_label, payload, field) => {
    const db = t.database.handle.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('point_reports')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await report(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: -1, data: { field } });
    expect(await count()).toBe(before);
  });
});

describe(`pointReport when storage fails on ${TEST_DB}`, () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp({ demo: false });
    await sql`drop table point_reports`.execute(broken.database.handle.db);
  });
  afterAll(() => broken.close());

  it('still answers code 0', async () => {
    const res = await callEndpoint(broken, browseApi.reportPoint, { event: 'page_view', page: '/x' });
    expect(res).toEqual({ code: 0, message: 'ok', data: null });
  });
});
