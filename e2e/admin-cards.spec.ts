/**
 * Journeys of the console's IoT cards (issue 23 item 7) on a server of its own: an owner made by the CLI
 * finds the demo card, adjusts its balance and sees the ledger line, then suspends it through the
 * (simulated) operator, and the card holder's home says why: 已申请停机. axe on the cards page, the card's
 * drawer and the adjustment dialog: 0 serious or critical findings.
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
/** The demo card that runs normally (seed/demo-iot-cards.ts DEMO_SIMS.normal). */
const CARD = '1440312345601';

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

async function cliAddOwner(username: string): Promise<{ username: string; password: string; totpSecret: string }> {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', 'owner', '--json'],
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

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("the console's IoT cards", () => {
  it('adjusts a balance and shows the ledger line; suspends a card and its home says why', {
    timeout: 180_000,
  }, async () => {
    const owner = await cliAddOwner('cardboss');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${baseUrl}/admin/`);
    await page.getByRole('heading', { name: '员工登录' }).waitFor();
    await field(page, '用户名').fill(owner.username);
    await field(page, '密码').fill(owner.password);
    await field(page, '动态验证码').fill(totpCode(owner.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await field(page, '当前密码').fill(owner.password);
    await field(page, '新密码').fill('card-boss-pass-2026');
    await field(page, '确认新密码').fill('card-boss-pass-2026');
    await page.getByRole('button', { name: '修改密码', exact: true }).click();
    await page.getByTestId('staff-name').waitFor();

    await page.getByRole('menuitem', { name: '物联卡' }).click();
    await page.getByRole('heading', { name: '物联卡', level: 2 }).waitFor();
    await page.getByRole('row').filter({ hasText: CARD }).first().waitFor();
    await expectAccessible(page, 'cards page');

    await field(page, '搜索').fill(CARD);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('button', { name: `查看卡 ${CARD}` }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: `卡 ${CARD}` });
    await drawer.getByText('余额明细').waitFor();
    await expectAccessible(page, 'card drawer');

    // The balance: +8.88 with a remark, then the ledger line.
    await drawer.getByRole('button', { name: '调整余额' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `调整卡 ${CARD} 的余额` });
    await dialog.getByLabel('调整金额（元）').fill('8.88');
    await dialog.getByLabel('备注').fill('旅程补偿');
    await expectAccessible(page, 'balance adjustment dialog');
    await dialog.getByRole('button', { name: '调整余额' }).click();
    await page.getByText(/^已调整，当前余额 \d+\.\d{2} 元$/).waitFor();
    await drawer.getByRole('tab', { name: '余额明细' }).click();
    const line = drawer.getByRole('row').filter({ hasText: '旅程补偿' });
    await line.waitFor();
    expect(await line.textContent()).toContain('8.88');

    // Suspend: confirmed, through the operator; the new state is told.
    await drawer.getByRole('button', { name: '停机' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '停机' }).click();
    await page.getByText('卡状态：停机 (主动停机)').waitFor();
    await context.close();

    // The card holder's home says why.
    const phone = await newPhonePage(browser);
    await submitCardLogin(phone.page, baseUrl, CARD);
    await phone.page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(phone.page);
    const state = phone.page.getByTestId('iot-card-state');
    await state.waitFor();
    expect(await state.getAttribute('data-condition')).toBe('requested');
    expect((await phone.page.getByTestId('iot-card-state-text').first().textContent())?.trim()).toBe(
      '该卡已申请停机（报停或挂失），恢复使用请联系客服',
    );
    expect((await phone.page.getByTestId('iot-status-tag').textContent())?.trim()).toBe('停机');
  });
});
