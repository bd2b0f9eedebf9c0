/**
 * Journey (SCREENS §5.1): a shopper reserves a vanity number with an SMS code, pays in the sandbox
 * cashier and is back on 订单支付 with 支付成功; logs in by SMS to 我的订单, where the order is 待审核; the
 * back office audits and ships it (the CLI, on the test server's database); 物流信息 shows the parcel;
 * once completed, the buyer reviews it and the review shows on numbers of the same level.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { pickFirstRegion } from './regions';
import { api, hashPath, smsCode } from './shop-api';

const baseUrl = inject('baseUrl');
const sqliteFile = inject('sqliteFile');
const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const SMS_RESEND_MS = 60_000;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

/** The back office's order CLI on the e2e server's database. */
async function orderCli(orderSn: string, action: 'audit' | 'ship' | 'complete'): Promise<void> {
  // Shipping takes the courier and its tracking number.
  const extra = action === 'ship' ? ['顺丰速运', `SF${orderSn.slice(-10)}`] : [];
  await run(process.execPath, [resolve(ROOT, 'packages/server/dist/main.js'), 'order', orderSn, action, ...extra], {
    cwd: ROOT,
    env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
  });
}

async function fill(testId: string, value: string): Promise<void> {
  await page.getByTestId(testId).locator('input').fill(value);
}

interface ApiNumber {
  id: number;
  number: string;
  price: string;
  level: number;
}

describe('reserve a number, pay, query and track it', () => {
  it('reserve → sandbox pay → 支付成功 → SMS login → 待审核 → audit + ship → 物流信息 → complete → 评价', {
    timeout: 180_000,
  }, async () => {
    // A number that costs something, so the order has to be paid.
    const { list } = await api<{ list: ApiNumber[] }>('/api/shop/numberList?sort=priceDesc&pageSize=20');
    const target = list.find((n) => Number(n.price) > 0);
    if (!target) throw new Error('the demo inventory has no priced number');
    // A mobile of its own per run: SMS limits and 一证五号 never see an earlier run.
    const mobile = `139${String(Date.now()).slice(-8)}`;

    // 号码预约: the form with the SMS code of scene 'order'.
    await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${target.id}`);
    await page.getByTestId('reserve-form').waitFor();
    await fill('reserve-name', '张三');
    await fill('reserve-idcard', '11010119900307803X');
    await fill('reserve-mobile', mobile);
    await page.getByTestId('reserve-send-code').click();
    const orderCodeAt = Date.now();
    await expect.poll(() => page.getByTestId('reserve-send-code').textContent()).toMatch(/^\d+s后重新获取$/);
    await fill('reserve-sms-code', await smsCode(mobile, 'order'));
    await pickFirstRegion(page);
    await expect.poll(() => page.getByTestId('region-field').textContent()).toMatch(/^\S+ \S+/);
    await fill('reserve-address', '科技园南路88号');
    await page.getByTestId('reserve-agree').click();
    await expectAccessible(page, 'order form, filled in');
    await page.getByTestId('reserve-submit').click();

    // 订单支付 → the sandbox cashier → back with &from=pay → 支付成功.
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/pay\/index\?/);
    const orderSn = new URLSearchParams(hashPath(page).split('?')[1]).get('orderSn') ?? '';
    expect(orderSn).toMatch(/^SO\d{20}$/);
    await page.getByTestId('pay-form').waitFor();
    expect(await page.getByTestId('pay-amount').textContent()).toBe(`¥${target.price}`);
    expect(await page.getByTestId('pay-countdown').textContent()).toMatch(/^剩余支付时间 \d{2}:\d{2}$/);
    await expectAccessible(page, 'pay');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('pay-success').waitFor({ timeout: 30_000 });
    expect(hashPath(page)).toContain('from=pay');

    // 我的订单 without a shopper session → 订单查询 → SMS login → back to the list.
    await page.getByTestId('pay-view-orders').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/login\/index\?/);
    await page.getByTestId('login-form').waitFor();
    await expectAccessible(page, 'login');
    await fill('login-mobile', mobile);
    // One code per mobile per 60 s, across scenes (API.md §0 rate limits).
    await page.waitForTimeout(Math.max(0, orderCodeAt + SMS_RESEND_MS + 1000 - Date.now()));
    await page.getByTestId('login-send-code').click();
    await fill('login-code', await smsCode(mobile, 'login'));
    await page.locator('[data-testid="login-agree"] .adm-checkbox-icon').click();
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/index/);
    const card = page.locator(`[data-testid="order-card"][data-order-sn="${orderSn}"]`);
    await card.waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('待审核');
    await expectAccessible(page, 'order list');
    expect(await card.getByTestId('order-title').textContent()).toBe(
      `${target.number.slice(0, 3)} ${target.number.slice(3, 7)} ${target.number.slice(7)}`,
    );

    // The back office audits and ships it.
    await orderCli(orderSn, 'audit');
    await orderCli(orderSn, 'ship');

    // 已发货 tab → 查看物流 → the carrier and a trace.
    await page.getByText('已发货', { exact: true }).first().click();
    await expect.poll(() => hashPath(page)).toContain('status=3');
    // The list of the 已发货 tab: the URL changes before the new page replaces the old one (a transition).
    const shipped = page.locator(`[data-tab="3"] [data-testid="order-card"][data-order-sn="${orderSn}"]`);
    await shipped.waitFor();
    expect(await shipped.getByTestId('order-status').textContent()).toBe('已发货');
    await shipped.getByTestId('order-action-logistics').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/order\/logistics\/index\?/);
    await page.getByTestId('logistics-head').waitFor();
    expect((await page.getByTestId('logistics-company').textContent())?.length).toBeGreaterThan(0);
    expect((await page.getByTestId('logistics-tracking-no').textContent())?.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.adm-step-title').count()).toBeGreaterThan(0);

    // Completed: the buyer reviews it from its card; the review shows on numbers of the same level.
    await orderCli(orderSn, 'complete');
    await page.goto(`${baseUrl}/shop/#/pages/order/index?status=4`);
    const done = page.locator(`[data-tab="4"] [data-testid="order-card"][data-order-sn="${orderSn}"]`);
    await done.waitFor();
    await done.getByTestId('order-action-review').click();
    await page.getByTestId('review-sheet').waitFor();
    await page.getByText('号码好记', { exact: true }).click();
    const words = `号码很好记，从下单到收卡都很顺利 ${orderSn.slice(-4)}`;
    await page.locator('.review-sheet textarea').fill(words);
    await page.getByTestId('review-submit').click();
    await done.getByTestId('order-reviewed').waitFor();
    expect(await done.getByTestId('order-action-review').count()).toBe(0);

    const { list: others } = await api<{ list: ApiNumber[] }>('/api/shop/numberList?sort=priceDesc&pageSize=50');
    const sameLevel = others.find((n) => n.level === target.level && n.id !== target.id);
    if (!sameLevel) throw new Error(`no other number of level ${target.level} on sale`);
    await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/comment?numberId=${sameLevel.id}`);
    const mine = page.getByTestId('comment-item').filter({ hasText: words });
    await mine.waitFor();
    expect(await mine.getByTestId('comment-mobile').textContent()).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(await mine.getByTestId('comment-tag').allTextContents()).toEqual(['号码好记']);
    expect(await mine.textContent()).not.toContain(target.number);
  });
});
