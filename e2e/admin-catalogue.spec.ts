/**
 * Journey of the console's catalogue (issue 23 item 3) on a server of its own: an operator adds a data
 * package for the demo promoter, and a card of that promoter sees it in the shop's package list; the
 * operator retires it, and it is gone from the list. axe on the catalogue page and the package's drawer:
 * 0 serious or critical findings.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../packages/server/src/lib/totp';
import { axeFindings } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { type ServerProcess, startServer } from './server-process';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
/** The demo card that runs normally, of the demo promoter (seed/demo-iot-cards.ts DEMO_SIMS.normal). */
const CARD = '1440312345601';
const PACKAGE = '旅程周末包 8G';

let server: ServerProcess;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function cliAddStaff(
  username: string,
  role: 'owner' | 'operator',
): Promise<{ username: string; password: string; totpSecret: string }> {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', role, '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, SQLITE_FILE: server.sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout);
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0,
  );
  expect(await axeFindings(page), `axe on the console's ${screen}`).toEqual([]);
}

const field = (scope: Page | ReturnType<Page['locator']>, label: string) => scope.getByLabel(label, { exact: true });

/** The names of the packages a card of the demo promoter is offered in the shop. */
async function shopPackages(): Promise<string[]> {
  const phone = await newPhonePage(browser);
  await submitCardLogin(phone.page, baseUrl, CARD);
  await phone.page.getByTestId('iot-home').waitFor();
  await dismissCardDialogs(phone.page);
  await phone.page.goto(`${baseUrl}/shop/#/pages/iot/index/package/index`);
  await phone.page.getByTestId('pkg-list-page').waitFor();
  await phone.page.getByTestId('pkg-card').first().waitFor();
  const names = (await phone.page.getByTestId('pkg-name').allTextContents()).map((n) => n.trim());
  await phone.context.close();
  return names;
}

describe("the console's catalogue", () => {
  it('an operator adds a package that a card of the promoter is offered, then retires it and it is gone', {
    timeout: 240_000,
  }, async () => {
    const operator = await cliAddStaff('catalogue.op', 'operator');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('heading', { name: '员工登录' }).waitFor();
    await field(page, '用户名').fill(operator.username);
    await field(page, '密码').fill(operator.password);
    await field(page, '动态验证码').fill(totpCode(operator.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await field(page, '当前密码').fill(operator.password);
    await field(page, '新密码').fill('catalogue-pass-2026');
    await field(page, '确认新密码').fill('catalogue-pass-2026');
    await page.getByRole('button', { name: '修改密码', exact: true }).click();
    await page.getByTestId('staff-name').waitFor();

    await page.getByRole('menuitem', { name: '内容管理' }).click();
    await page.getByRole('heading', { name: '内容管理', level: 2 }).waitFor();
    await page.getByRole('tab', { name: '流量套餐' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await expectAccessible(page, 'catalogue page');
    expect(await shopPackages()).not.toContain(PACKAGE);

    // A new package for the demo promoter: price typed in yuan.
    await page.getByRole('button', { name: '新增流量套餐' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增流量套餐' });
    await field(drawer, '推广码').fill('demo');
    await field(drawer, '名称').fill(PACKAGE);
    await field(drawer, '流量（MB）').fill('8192');
    await field(drawer, '售价（元）').fill('9.90');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存').waitFor();
    const saved = page.locator('.ant-drawer-content-wrapper').filter({ hasText: /流量套餐 #\d+/ });
    await saved.getByTitle('商城预览').waitFor();
    await expectAccessible(page, 'package drawer');
    await saved.getByRole('button', { name: '关闭' }).click();

    const row = page.getByRole('row').filter({ hasText: PACKAGE });
    await row.waitFor();
    expect(await row.textContent()).toContain('9.90');
    expect(await shopPackages()).toContain(PACKAGE);

    // Retired after a confirmation: gone from the shop.
    await page.getByRole('button', { name: `下架 ${PACKAGE}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '下架' }).click();
    await page.getByText(`“${PACKAGE}”已下架`).waitFor();
    await expect.poll(() => row.textContent()).toContain('已下架');
    expect(await shopPackages()).not.toContain(PACKAGE);
    await context.close();
  });
});
