/**
 * Journey (SCREENS §3, §5.3–5.4): a device holder buys a data package with a coupon, paying from balance
 * with a pay password set on the way; the card home, the package info and the balance ledger show the new
 * figures; the holder recharges online in the sandbox cashier (with the option's gift); then a card that
 * needs real-name does it on the simulated operator page and comes back verified, then submits the
 * platform's real-name with both ID sides, which the back office approves; every card logs out.
 *
 * The device card (balance ¥100.00, the demo coupons) is used here and nowhere else for money, so the
 * figures are exact: 月享30G ¥29.00 − the ¥10 满29 coupon = ¥19.00 → ¥81.00; recharge ¥50 + ¥3 gift → ¥134.00.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { tinyPng } from './png';
import { hashPath } from './shop-api';

const baseUrl = inject('baseUrl');
const sqliteFile = inject('sqliteFile');
const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

const dismissDialogs = () => dismissCardDialogs(page);

async function login(simNo: string) {
  await submitCardLogin(page, baseUrl, simNo);
  await page.getByTestId('iot-home').waitFor();
  await dismissDialogs();
}

async function openMenu(name: string) {
  await page.getByTestId('iot-menu-item').filter({ hasText: name }).first().click();
}

async function typePassword(digits: string) {
  for (const d of digits) await page.getByTestId(`pay-kb-key-${d}`).click();
}

async function logout() {
  await page.goto(`${baseUrl}/shop/#/pages/iot/index/index`);
  await page.getByTestId('iot-home').waitFor();
  await dismissDialogs();
  await page.getByTestId('iot-logout').click();
  await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/login\/index/);
  await page.getByTestId('iot-login-form').waitFor();
  expect(await page.getByTestId('iot-login-simno').locator('input').inputValue()).toBe('');
}

describe('card holder journey', () => {
  it('buys a package with a coupon from balance behind a new pay password, then sees balance, package and ledger', {
    timeout: 120_000,
  }, async () => {
    await login('HK5G2025000102');
    expect(await text('iot-balance')).toContain('100.00');

    // 套餐订购 → 月享30G → confirm: the best coupon (¥10 满29) is chosen, balance pays ¥19.00.
    await openMenu('套餐订购');
    await page.getByTestId('pkg-list-page').waitFor();
    await page.getByTestId('pkg-card').filter({ hasText: '月享30G' }).click();
    await page.getByTestId('details-form').waitFor();
    expect(await text('details-coupon')).toContain('10');
    expect(await text('details-payable')).toBe('¥19.00');
    await page.getByTestId('details-pay-balance').click();
    await expectAccessible(page, 'package purchase');

    // No pay password yet: the dialog sends the holder to set one, then back here.
    await page.getByTestId('details-submit').click();
    await page.locator('.adm-modal-footer button, .adm-dialog-footer button').filter({ hasText: '去设置' }).click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/index\/payPassword\/index/);
    await page.getByTestId('pay-password').waitFor();
    await typePassword('258036');
    await expect.poll(() => page.getByTestId('pay-password').getAttribute('data-step')).toBe('confirm');
    await typePassword('258036');
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/index\/package\/details\/index\?/);
    await page.getByTestId('details-form').waitFor();

    // A wrong password is refused with the tries left and charges nothing; the right one pays.
    await page.getByTestId('details-pay-balance').click();
    await page.getByTestId('details-submit').click();
    await page.getByTestId('pay-kb-amount').waitFor();
    expect(await text('pay-kb-amount')).toContain('19.00');
    await expectAccessible(page, 'package purchase: pay password');
    await typePassword('111111');
    await expect.poll(() => text('pay-kb-error')).toMatch(/4/);
    await typePassword('258036');

    // 套餐详情 lists the new package.
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/packageInfo\/index/);
    await page.getByTestId('pkginfo-page').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('pkginfo-name').allTextContents()).join('|'))
      .toContain('月享30G');

    // The card home shows the balance after the purchase.
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/index`);
    await page.getByTestId('iot-home').waitFor();
    await dismissDialogs();
    await expect.poll(() => text('iot-balance')).toContain('81.00');

    // 订单记录: the package order paid ¥19.00, and the ledger's newest line is −19.00 leaving 81.00.
    await openMenu('订单记录');
    await page.getByTestId('order-logs-page').waitFor();
    await page.getByTestId('pkg-order').first().waitFor();
    expect(await text('pkg-order-name')).toContain('月享30G');
    expect(await text('pkg-order-paid')).toContain('19.00');
    await page.getByTestId('order-logs-tab-balanceLog').click();
    await page.getByTestId('ledger-row').first().waitFor();
    expect(await text('ledger-amount')).toContain('19.00');
    expect(await text('ledger-after')).toContain('81.00');
  });

  it('recharges online in the sandbox cashier and gets the gift as its own ledger line', {
    timeout: 120_000,
  }, async () => {
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/index`);
    await page.getByTestId('iot-home').waitFor();
    await dismissDialogs();
    await openMenu('余额充值');
    await page.getByTestId('balance-page').waitFor();
    expect(await text('balance-current')).toContain('81.00');
    expect(await text('balance-recharge-no')).toBe('HK5G2025000102');
    await page
      .getByTestId('balance-options')
      .locator('[data-testid^="balance-option-"]')
      .filter({ hasText: '50' })
      .first()
      .click();
    expect(await text('balance-to-pay')).toBe('¥50.00');
    await expectAccessible(page, 'recharge');
    await page.getByTestId('balance-submit').click();

    // The sandbox cashier → back to 充值支付 with from=pay → 充值成功 with the new balance.
    await page.getByTestId('sandbox-pay').click();
    await page.getByTestId('cashier-success').waitFor({ timeout: 30_000 });
    expect(hashPath(page)).toContain('from=pay');
    await expect.poll(() => text('cashier-balance-now')).toContain('134.00');
    await expectAccessible(page, 'recharge paid');

    // The ledger: the recharge and its gift are two lines, newest first, ending at 134.00.
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/orderLogs/index?tab=balanceLog`);
    await page.getByTestId('ledger-row').nth(1).waitFor();
    const amounts = await page.getByTestId('ledger-amount').allTextContents();
    const after = await page.getByTestId('ledger-after').allTextContents();
    expect(amounts.slice(0, 2).join('|')).toMatch(/3\.00.*\|.*50\.00|50\.00.*\|.*3\.00/);
    expect(after[0]).toContain('134.00');

    await logout();
  });

  it('does the operator and the platform real-name for the card that needs them and logs out', {
    timeout: 120_000,
  }, async () => {
    await login('1440312345603');
    await openMenu('实名认证');
    await page.getByTestId('realname-hub').waitFor();
    expect(await page.getByTestId('realname-official-status').getAttribute('data-status')).toBe('0');
    await page.getByTestId('realname-go-official').click();
    await page.getByTestId('official-go').click();

    // The simulated operator page: name and ID number, then back to the shop.
    await page.locator('input[name=name]').waitFor();
    await page.locator('input[name=name]').fill('张三');
    await page.locator('input[name=idCard]').fill('11010519491231002X');
    await page.getByTestId('operator-submit').click();
    await page.getByTestId('operator-done').waitFor();
    await page.getByTestId('operator-return').click();

    await page.getByTestId('official-done').waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/realnameAuth/index`);
    await page.getByTestId('realname-hub').waitFor();
    await expect.poll(() => page.getByTestId('realname-official-status').getAttribute('data-status')).toBe('1');

    // The platform's own real-name: name, ID number and both ID sides; the back office approves it.
    await page.getByTestId('realname-go-platform').click();
    await page.getByTestId('platform-form').waitFor();
    await page.getByTestId('platform-name').locator('input').fill('张三');
    await page.getByTestId('platform-id').locator('input').fill('11010519491231002X');
    for (const [field, colour] of [
      ['frontImage', [200, 60, 60]],
      ['backImage', [60, 60, 200]],
    ] as const) {
      await page
        .getByTestId(`photo-input-${field}`)
        .setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: tinyPng(colour) });
      await expect.poll(() => page.getByTestId(`photo-${field}`).getAttribute('data-status')).toBe('done');
    }
    await page.getByTestId('platform-submit').click();
    await page.getByTestId('platform-reviewing').waitFor();
    expect(await text('platform-id-masked')).toBe('110105********002X');
    await run(
      process.execPath,
      [resolve(ROOT, 'packages/server/dist/main.js'), 'sim-auth', '1440312345603', 'approve'],
      {
        cwd: ROOT,
        env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      },
    );
    await page.reload();
    await page.getByTestId('platform-done').waitFor();

    await logout();
  });
});
