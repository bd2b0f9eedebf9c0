/**
 * The main journeys again in English (issue 17): a browser set to en-US walks the shop (home, number
 * search, number detail and order form, pay, order login, order list, 我的) and the card self-service
 * (card login, card home, package purchase, recharge, 我的, task centre, points mall). On every screen
 * no CJK character shows outside the page title and the shop's own content (e2e/foreign-text.ts). The
 * walk stays on the happy paths: server refusals are localized by their reason, not here.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { expectNoCjk } from './foreign-text';
import { pickFirstRegion } from './regions';
import { api, hashPath, smsCode } from './shop-api';

const baseUrl = inject('baseUrl');
const SMS_RESEND_MS = 60_000;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser, 'en-US'));
});
afterAll(async () => {
  await browser?.close();
});

async function fill(testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}

/** Waits for the screen's marker, lets late texts (lists, tags) settle, and checks it. */
async function check(screen: string, marker: string): Promise<void> {
  await page.getByTestId(marker).first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoCjk(page, screen);
}

describe('the shop in English', () => {
  it('home → number search → number detail and order form → pay → order login → order list → 我的', {
    timeout: 240_000,
  }, async () => {
    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('number-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await check('home', 'home');

    // Number search: a keyword, then the filter panels.
    await page.goto(`${baseUrl}/shop/#/pages/index/VanityNumber/index?keyword=88`);
    await page.getByTestId('number-card').first().waitFor();
    await check('number search', 'number-card');
    await page.getByTestId('filter-more').click();
    await page.getByTestId('more-filter').waitFor();
    await expectNoCjk(page, 'number search: more filters');
    await page.getByTestId('more-confirm').click();
    await page.getByTestId('more-filter').waitFor({ state: 'detached' });

    // Number detail and its order form.
    const { list } = await api<{ list: { id: number; price: string }[] }>(
      '/api/shop/numberList?sort=priceDesc&pageSize=20',
    );
    const target = list.find((n) => Number(n.price) > 0);
    if (!target) throw new Error('the demo inventory has no priced number');
    await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${target.id}`);
    await check('number detail and order form', 'reserve-form');

    const mobile = `137${String(Date.now()).slice(-8)}`;
    await fill('reserve-name', '张三');
    await fill('reserve-idcard', '11010119900307803X');
    await fill('reserve-mobile', mobile);
    await page.getByTestId('reserve-send-code').click();
    const orderCodeAt = Date.now();
    await fill('reserve-sms-code', await smsCode(mobile, 'order'));
    await page.getByTestId('region-field').click();
    await page.getByTestId('region-sheet').locator('[data-testid^="region-node-"]').first().waitFor();
    await expectNoCjk(page, 'order form: region picker');
    await page.keyboard.press('Escape');
    await page.getByTestId('region-sheet').waitFor({ state: 'hidden' });
    await pickFirstRegion(page);
    await fill('reserve-address', '88 Keji South Road');
    await page.getByTestId('reserve-agree').click();
    await expectNoCjk(page, 'order form, filled');
    await page.getByTestId('reserve-submit').click();

    // 订单支付, then the sandbox cashier (the server's page) and back to 支付成功.
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/pay\/index\?/);
    await check('pay', 'pay-form');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('pay-success').waitFor({ timeout: 30_000 });
    await expectNoCjk(page, 'pay: success');

    // 我的订单 → 订单查询 (SMS login) → the order list.
    await page.getByTestId('pay-view-orders').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/login\/index\?/);
    await check('order login', 'login-form');
    await fill('login-mobile', mobile);
    await page.waitForTimeout(Math.max(0, orderCodeAt + SMS_RESEND_MS + 1000 - Date.now()));
    await page.getByTestId('login-send-code').click();
    await fill('login-code', await smsCode(mobile, 'login'));
    await page.locator('[data-testid="login-agree"] .adm-checkbox-icon').click();
    await expectNoCjk(page, 'order login, filled');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/index/);
    await check('order list', 'order-card');

    await page.goto(`${baseUrl}/shop/#/pages/user/index2`);
    await check('我的 (shop)', 'user-header-member');
  });
});

describe('the card self-service in English', () => {
  it('card login → card home → package purchase → recharge → 我的 → task centre → points mall', {
    timeout: 180_000,
  }, async () => {
    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    await page.reload();
    await check('card login', 'iot-login-form');

    await submitCardLogin(page, baseUrl, '1440312345601');
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);
    await check('card home', 'iot-menu-item');

    await page.goto(`${baseUrl}/shop/#/pages/iot/index/package/index`);
    await check('package purchase: list', 'pkg-card');
    await page.getByTestId('pkg-card').first().click();
    await check('package purchase: confirm', 'details-form');

    await page.goto(`${baseUrl}/shop/#/pages/iot/index/balance/index`);
    await check('recharge', 'balance-options');

    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/user/index`);
    await check('我的 (card)', 'user-head');

    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/task/index`);
    await check('task centre', 'task-center-page');

    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/integralShop/index`);
    await check('points mall', 'mall-goods');
  });
});
