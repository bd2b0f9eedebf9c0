/**
 * What the payment core takes from which browser (PROVIDERS.md "What the shop shows"), on both databases:
 * WeChat's browser blocks Alipay's pages, so a launch of `alipay` from a request whose User-Agent is
 * WeChat's is refused with `alipayInWechat` — for a shop order and for a card order alike, since both
 * launch through the one payment core — while WeChat Pay goes on there, and Alipay elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, iotBuyApi, orderApi } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointCaller } from '../../test/call.js';
import { testCards } from '../../test/cards.js';
import { numberOrderForm, pricedNumber, skipOrderSmsCode } from '../../test/fixtures.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2585 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let t: TestApp;
const db = () => t.database.handle.db;
const api = endpointCaller(() => t);
const newCard = testCards(() => t, { subnet: 93 });

beforeAll(async () => {
  t = await createTestApp();
  await skipOrderSmsCode(db());
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.ctx.config.publicUrl = base;
});
afterAll(() => t.close());

const refusal = { code: ErrorCode.ORDER_REJECTED, reason: 'alipayInWechat', message: REASONS.alipayInWechat.zh };
const launchesOf = (orderSn: string) =>
  db().selectFrom('payments').select(['pay_type', 'status']).where('order_sn', '=', orderSn).execute();

async function shopOrder(orderSessionId: string): Promise<string> {
  const number = await pricedNumber(db());
  const res = await api(
    orderApi.createShopOrder,
    numberOrderForm(number.id),
    clientHeaders({ 'order-session-id': orderSessionId }),
  );
  expect(res.code).toBe(0);
  return res.data.orderSn;
}

describe(`Alipay inside WeChat on ${TEST_DB}`, () => {
  it('a shop order: alipay from WeChat is refused and launches nothing; WeChat Pay there and Alipay elsewhere go on', async () => {
    const owner = randomUUID().replaceAll('-', '');
    const orderSn = await shopOrder(owner);
    const pay = (payType: 'wxpay' | 'alipay', userAgent: string) =>
      api(
        orderApi.payShopOrder,
        { orderSn, payType },
        clientHeaders({ 'order-session-id': owner, 'user-agent': userAgent }),
      );

    expect(await pay('alipay', WECHAT_UA)).toMatchObject({ ...refusal, data: null });
    expect(await launchesOf(orderSn)).toEqual([]);
    const order = await db()
      .selectFrom('shop_orders')
      .select(['pay_status', 'order_status'])
      .where('order_sn', '=', orderSn)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ pay_status: 0, order_status: 0 });

    expect(await pay('wxpay', WECHAT_UA)).toMatchObject({ code: 0, data: { orderSn, payType: 'wxpay', paid: false } });
    expect(await pay('alipay', SAFARI_UA)).toMatchObject({ code: 0, data: { orderSn, payType: 'alipay' } });
    expect((await launchesOf(orderSn)).map((l) => l.pay_type)).toEqual(['wxpay', 'alipay']);
  });

  it('a card order: a recharge with alipay from WeChat is refused, and so is paying its order with alipay there', async () => {
    const card = await newCard();
    const inWechat = { ...card.headers, 'user-agent': WECHAT_UA };
    const recharge = (payType: 'wxpay' | 'alipay', headers: Record<string, string>) =>
      api(iotBuyApi.createBalanceOrder, { amount: 30, rechargeNo: card.simNo, payType, uuid: randomUUID() }, headers);

    expect(await recharge('alipay', inWechat)).toMatchObject(refusal);
    const orders = await db()
      .selectFrom('iot_balance_orders')
      .select(['order_sn', 'pay_status'])
      .where('sim_id', '=', card.id)
      .execute();
    for (const order of orders) {
      expect(order.pay_status).toBe(0);
      expect(await launchesOf(order.order_sn)).toEqual([]);
    }

    const launched = await recharge('wxpay', inWechat);
    expect(launched).toMatchObject({ code: 0, data: { payType: 'wxpay', paid: false } });
    const { orderSn } = launched.data;
    // The card's cashier (充值支付) switching to Alipay inside WeChat is refused the same way.
    expect(await api(iotBuyApi.payIotOrder, { orderSn, payType: 'alipay' }, inWechat)).toMatchObject(refusal);
    expect(await launchesOf(orderSn)).toEqual([{ pay_type: 'wxpay', status: 0 }]);
    expect(
      await api(iotBuyApi.payIotOrder, { orderSn, payType: 'alipay' }, { ...card.headers, 'user-agent': SAFARI_UA }),
    ).toMatchObject({ code: 0, data: { orderSn, payType: 'alipay' } });
  });
});
