/**
 * Journey of the console's payments and SMS pages (issue 23 item 4) on a server of its own: a shopper orders
 * a number and pays at the sandbox cashier (its notify reaches the server), and a login code is sent; the
 * owner, made by the CLI, sees the payment record, the notify in the callback log with its raw body, and
 * the code in the SMS log with the mobile masked. axe on each page: 0 serious or critical findings.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../packages/server/src/lib/totp';
import { axeFindings } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { pickFirstRegion } from './regions';
import { type ServerProcess, startServer } from './server-process';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

let server: ServerProcess;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  // The journey is about the console, not the shop's SMS step on an order.
  const db = new Database(server.sqliteFile);
  db.pragma('busy_timeout = 5000');
  db.prepare(
    "insert into settings (key, value_json, updated_at) values ('number_order', '{\"needSmsCode\":0}', ?) on conflict(key) do update set value_json = excluded.value_json",
  ).run(Date.now());
  db.close();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Credentials {
  username: string;
  password: string;
  totpSecret: string;
}

/** `haoka staff add <name> --role owner --json` against this file's server database. */
async function cliAddOwner(username: string): Promise<Credentials> {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', 'owner', '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, SQLITE_FILE: server.sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout) as Credentials;
}

/** axe on the console as it is now, once antd's messages and motion are at rest. */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0,
  );
  expect(await axeFindings(page), `axe on the console's ${screen}`).toEqual([]);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A paid number order placed and paid in the shop by a shopper (sandbox cashier); its order number. */
async function shopperOrders(page: Page, mobile: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/shop/numberList?sort=priceDesc&pageSize=20`)).json()) as {
    data: { list: { id: number; price: string }[] };
  };
  const target = list.data.list.find((n) => Number(n.price) > 0);
  if (!target) throw new Error('the demo inventory has no priced number');
  await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${target.id}`);
  await page.getByTestId('reserve-form').waitFor();
  await page.getByTestId('reserve-name').locator('input').fill('张三');
  await page.getByTestId('reserve-idcard').locator('input').fill('11010119900307803X');
  await page.getByTestId('reserve-mobile').locator('input').fill(mobile);
  await pickFirstRegion(page);
  await page.getByTestId('reserve-address').locator('input').fill('科技园南路88号');
  await page.getByTestId('reserve-agree').click();
  await page.getByTestId('reserve-submit').click();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/pages\/order\/pay\/index\?/);
  const orderSn = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('orderSn') ?? '';
  await page.getByTestId('pay-form').waitFor();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('sandbox-pay').click();
  await page.getByTestId('pay-success').waitFor({ timeout: 30_000 });
  return orderSn;
}

describe('the payments and SMS pages', () => {
  let owner: { context: BrowserContext; page: Page };

  it('show the paid order, its notify with the raw body, and the login code with a masked mobile', async () => {
    const shopper = await newPhonePage(browser);
    const orderSn = await shopperOrders(shopper.page, '13700009988');
    await shopper.context.close();
    const sent = await fetch(`${baseUrl}/api/hk/sendCode`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        platform: 'h5',
        hostname: '127.0.0.1',
        'platform-source': '1',
        'order-session-id': 'b'.repeat(32),
      },
      body: JSON.stringify({ mobile: '13700004321', scene: 'login' }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(0);

    const who = await cliAddOwner('payboss');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    owner = { context, page };
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('heading', { name: '员工登录' }).waitFor();
    await field(page, '用户名').fill(who.username);
    await field(page, '密码').fill(who.password);
    await field(page, '动态验证码').fill(totpCode(who.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await field(page, '当前密码').fill(who.password);
    await field(page, '新密码').fill('payboss-pass-2026');
    await field(page, '确认新密码').fill('payboss-pass-2026');
    await page.getByRole('button', { name: '修改密码', exact: true }).click();
    await page.getByTestId('staff-name').waitFor();

    await page.getByRole('menuitem', { name: '支付' }).click();
    await page.getByRole('heading', { name: '支付', level: 2 }).waitFor();
    const record = page.getByRole('row').filter({ hasText: orderSn });
    await record.waitFor();
    expect(await record.textContent()).toContain('已支付');
    await expectAccessible(page, 'payments page');

    await page.getByRole('tab', { name: '回调日志' }).click();
    // The sandbox cashier's notify (source 回调); it settled the order unless the shop's status poll won.
    const line = page.getByRole('row').filter({ hasText: orderSn }).filter({ hasText: '回调' }).first();
    await line.waitFor();
    expect(await line.textContent()).toMatch(/已入账|重复/);
    await line.getByRole('button', { name: '查看' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '原始报文' });
    await dialog.getByTestId('callback-body').waitFor();
    expect(await dialog.getByTestId('callback-body').textContent()).toContain(orderSn);
    await expectAccessible(page, 'payment callback');
    await dialog.getByRole('button', { name: '关闭' }).last().click();

    await page.getByRole('menuitem', { name: '短信日志' }).click();
    await page.getByRole('heading', { name: '短信日志', level: 2 }).waitFor();
    const sms = page.getByRole('row').filter({ hasText: '137****4321' });
    await sms.waitFor();
    expect(await sms.textContent()).toContain('outbox');
    expect(await page.content()).not.toContain('13700004321');
    await expectAccessible(page, 'SMS log page');
    await owner.context.close();
  });
});
