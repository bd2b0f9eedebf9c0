/**
 * Journeys through the providers' fakes (issue 21 item 8): a server of its own with PAYMENT_PROVIDER
 * `wechat,alipay` and SMS_GATEWAY `aliyun`, each pointed at the fake the API tests use, with PUBLIC_URL its
 * own address so the fakes' notifies reach it. In Chromium: a number reserved with the SMS code read from
 * the Aliyun fake's records, paid by 微信支付 on the WeChat fake's H5 page and by 支付宝 on the Alipay fake's
 * cashier, each back on 订单支付 with 支付成功; and a shopper's SMS login with the code read from the fake.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAlipay, startFakeAlipay } from '../packages/server/src/test/fakes/alipay';
import { FakeAliyunSms } from '../packages/server/src/test/fakes/aliyun-sms';
import { startWechatPayFake, type WechatPayFake } from '../packages/server/src/test/fakes/wechatpay';
import { launchBrowser, newPhonePage } from './browser';
import { pickFirstRegion } from './regions';
import { type ServerProcess, startServer } from './server-process';
import { hashPath } from './shop-api';

let wechat: WechatPayFake;
let alipay: FakeAlipay;
let aliyun: FakeAliyunSms;
let keysDir: string;
let server: ServerProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  keysDir = mkdtempSync(join(tmpdir(), 'haoka-e2e-keys-'));
  [wechat, alipay, aliyun] = await Promise.all([startWechatPayFake(), startFakeAlipay(keysDir), FakeAliyunSms.start()]);
  // The key files the fake writes; a missing one would stop the server at start-up, naming it.
  const wx = wechat.config();
  server = await startServer((baseUrl) => ({
    PUBLIC_URL: baseUrl,
    PAYMENT_PROVIDER: 'wechat,alipay',
    WECHATPAY_MCH_ID: wechat.mchId,
    WECHATPAY_APP_ID: wechat.appId,
    WECHATPAY_API_V3_KEY: wechat.apiV3Key,
    WECHATPAY_PRIVATE_KEY_FILE: wx.privateKeyFile ?? '',
    WECHATPAY_CERT_SERIAL: wx.certSerial ?? '',
    WECHATPAY_PUBLIC_KEY_FILE: wx.publicKeyFile ?? '',
    WECHATPAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHATPAY_BASE_URL: wechat.url,
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY_FILE: alipay.privateKeyFile,
    ALIPAY_PUBLIC_KEY_FILE: alipay.publicKeyFile,
    ALIPAY_GATEWAY: alipay.gateway,
    SMS_GATEWAY: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: aliyun.accessKeyId,
    ALIYUN_ACCESS_KEY_SECRET: aliyun.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: aliyun.signName,
    ALIYUN_SMS_ENDPOINT: aliyun.url,
    SMS_TEMPLATES: JSON.stringify(aliyun.templates),
  }));
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([wechat?.close(), alipay?.close(), aliyun?.close()]);
  if (keysDir) rmSync(keysDir, { recursive: true, force: true });
});

/** A fresh page for each journey: no shopper session carried from the one before. */
async function freshPage(): Promise<void> {
  await page?.context().close();
  ({ page } = await newPhonePage(browser));
}

async function fill(testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}

/** A mobile of its own per journey and run: no SMS limit or 一证五号 sees another. */
let mobiles = 0;
const freshMobile = () => `139${String(Date.now() + mobiles++).slice(-8)}`;

/** The code the Aliyun fake received for `mobile` with the template of `purpose`, once it is there. */
async function aliyunCode(mobile: string, purpose: 'order' | 'login'): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      code =
        aliyun.messages.filter((m) => m.phone === mobile && m.template === aliyun.templates[purpose]).at(-1)?.params
          .code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

interface ApiNumber {
  id: number;
  price: string;
}

/** Priced numbers on sale at this journey's server, most expensive first. */
async function pricedNumbers(): Promise<ApiNumber[]> {
  const res = await fetch(`${server.baseUrl}/api/shop/numberList?sort=priceDesc&pageSize=20`);
  const body = (await res.json()) as { code: number; data: { list: ApiNumber[] } };
  expect(body.code).toBe(0);
  return body.data.list.filter((n) => Number(n.price) > 0);
}

/** 号码预约 filled in and sent, the SMS code read from the Aliyun fake; resolves on 订单支付 with the orderSn. */
async function reserve(target: ApiNumber, mobile: string): Promise<string> {
  await page.goto(`${server.baseUrl}/shop/#/pages/goods/pretty/index?numberId=${target.id}`);
  await page.getByTestId('reserve-form').waitFor();
  await fill('reserve-name', '张三');
  await fill('reserve-idcard', '11010119900307803X');
  await fill('reserve-mobile', mobile);
  await page.getByTestId('reserve-send-code').click();
  await fill('reserve-sms-code', await aliyunCode(mobile, 'order'));
  await pickFirstRegion(page);
  await expect.poll(() => page.getByTestId('region-field').textContent()).toMatch(/^\S+ \S+/);
  await fill('reserve-address', '科技园南路88号');
  await page.getByTestId('reserve-agree').click();
  await page.getByTestId('reserve-submit').click();
  await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/pay\/index\?/);
  const orderSn = new URLSearchParams(hashPath(page).split('?')[1]).get('orderSn') ?? '';
  expect(orderSn).toMatch(/^SO\d{20}$/);
  await page.getByTestId('pay-form').waitFor();
  expect(await page.getByTestId('pay-amount').textContent()).toBe(`¥${target.price}`);
  return orderSn;
}

/** Back from the provider on 订单支付 (&from=pay): 支付成功, the order as the server now has it. */
async function expectPaid(orderSn: string): Promise<void> {
  await page.getByTestId('pay-success').waitFor({ timeout: 30_000 });
  const query = new URLSearchParams(hashPath(page).split('?')[1]);
  expect(hashPath(page)).toMatch(/^\/pages\/order\/pay\/index\?/);
  expect(query.get('orderSn')).toBe(orderSn);
  expect(query.get('from')).toBe('pay');
}

describe('shop orders paid through the providers’ fakes, SMS codes through the Aliyun fake', () => {
  it('reserve → 微信支付 → the WeChat fake’s H5 page pays and sends the browser back → 支付成功', {
    timeout: 120_000,
  }, async () => {
    await freshPage();
    const [target] = await pricedNumbers();
    if (!target) throw new Error('the demo inventory has no priced number');
    const orderSn = await reserve(target, freshMobile());

    await page.getByTestId('pay-methods').getByText('微信支付', { exact: true }).click();
    const h5Page = page.waitForRequest((req) => req.url().startsWith(`${wechat.url}/h5pay?`));
    await page.getByTestId('pay-submit').click();
    await h5Page;
    await expectPaid(orderSn);
    // The fake paid it, and its one signed, encrypted callback was accepted by the shop (204, as WeChat wants).
    expect(wechat.orders.get(orderSn)?.trade_state).toBe('SUCCESS');
    expect(wechat.callbackAnswers).toEqual([{ eventType: 'TRANSACTION.SUCCESS', status: 204 }]);
  });

  it('reserve → 支付宝 → pay on the Alipay fake’s cashier → back → 支付成功', { timeout: 120_000 }, async () => {
    await freshPage();
    const target = (await pricedNumbers())[1];
    if (!target) throw new Error('the demo inventory has fewer than two priced numbers');
    const orderSn = await reserve(target, freshMobile());

    await page.getByTestId('pay-methods').getByText('支付宝', { exact: true }).click();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL((url) => url.href.startsWith(alipay.gateway));
    expect(await page.getByTestId('alipay-amount').textContent()).toBe(`¥${target.price}`);
    await page.getByTestId('alipay-pay').click();
    await expectPaid(orderSn);
    expect(alipay.trades.get(orderSn)?.status).toBe('TRADE_SUCCESS');
  });

  it('查询订单: SMS login with the code the Aliyun fake received → 我的订单', { timeout: 60_000 }, async () => {
    await freshPage();
    const mobile = freshMobile();
    await page.goto(`${server.baseUrl}/shop/#/pages/login/index`);
    await page.getByTestId('login-form').waitFor();
    await fill('login-mobile', mobile);
    await page.getByTestId('login-send-code').click();
    await fill('login-code', await aliyunCode(mobile, 'login'));
    await page.locator('[data-testid="login-agree"] .adm-checkbox-icon').click();
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/index/);
    expect(aliyun.messages.filter((m) => m.phone === mobile)).toEqual([
      expect.objectContaining({ signName: aliyun.signName, template: aliyun.templates.login }),
    ]);
  });
});
