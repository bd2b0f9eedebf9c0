/**
 * The console's dashboard and jobs page end to end (issue 23 items 5 and 6) on a server of its own: the
 * owner (made by the CLI) signs in, reads today's figures, shoppers place orders through the shop's API,
 * and the dashboard's totals and today's row grow by exactly the orders placed; the health shows how the
 * period's payments were settled; the jobs page runs a job now after a confirmation and lists the batch
 * jobs. axe on both pages:
 * 0 serious or critical findings.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../packages/server/src/lib/totp';
import { axeFindings } from './accessibility';
import { launchBrowser } from './browser';
import { type ServerProcess, startServer } from './server-process';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

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

/** A goods card that needs no SMS step and has stock, from the demo catalogue. */
function freeGoodsId(): number {
  const db = new Database(server.sqliteFile, { readonly: true });
  try {
    const row = db
      .prepare(
        'select id from goods where status = 1 and need_sms_code = 0 and (stock is null or stock > 10) order by id limit 1',
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error('no demo goods without an SMS step');
    return row.id;
  } finally {
    db.close();
  }
}

/** A shopper's goods order through the shop's API. */
async function placeOrder(goodsId: number, n: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/shop/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'order-session-id': randomUUID().replaceAll('-', '') },
    body: JSON.stringify({
      orderType: 2,
      goodsId,
      contactName: '王五',
      idCard: '110101198506061235',
      contactMobile: `1360013600${n}`,
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110101',
      addressDetail: '东长安街 1 号',
      agreeProtocol: 1,
      uuid: randomUUID(),
    }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { orderSn: string } };
  expect(body.code, body.message).toBe(0);
  return body.data.orderSn;
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0,
  );
  expect(await axeFindings(page), `axe on the console's ${screen}`).toEqual([]);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Today in China, as the dashboard's rows name it. */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function todayOrders(page: Page): Promise<number> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: chinaToday(), exact: true }) });
  return Number(await row.getByRole('cell').nth(1).textContent());
}

describe('the dashboard and the jobs page', () => {
  it('counts the orders placed in the test, shows the health, and runs a job now beside the batch jobs', {
    timeout: 180_000,
  }, async () => {
    const { stdout } = await run(
      process.execPath,
      [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', 'dana', '--role', 'owner', '--json'],
      {
        cwd: ROOT,
        env: { ...process.env, SQLITE_FILE: server.sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
      },
    );
    const owner = JSON.parse(stdout) as { username: string; password: string; totpSecret: string };
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    await page.goto(`${baseUrl}/admin/`);
    await field(page, '用户名').fill(owner.username);
    await field(page, '密码').fill(owner.password);
    await field(page, '动态验证码').fill(totpCode(owner.totpSecret, Date.now()));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: '修改密码' }).waitFor();
    await field(page, '当前密码').fill(owner.password);
    await field(page, '新密码').fill('dana-pass-2026');
    await field(page, '确认新密码').fill('dana-pass-2026');
    await page.getByRole('button', { name: '修改密码', exact: true }).click();
    await page.getByTestId('staff-name').waitFor();

    await page.getByRole('menuitem', { name: '数据看板' }).click();
    await page.getByRole('heading', { name: '数据看板', level: 2 }).waitFor();
    await page.getByTestId('total-orders').waitFor();
    const before = Number(await page.getByTestId('total-orders').textContent());
    const todayBefore = await todayOrders(page);
    await page.getByText(/^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2} 已结算的支付$/).waitFor();
    await page
      .getByRole('img', { name: /^每日笔数，/ })
      .locator('svg')
      .first()
      .waitFor();
    await expectAccessible(page, 'dashboard');

    const goodsId = freeGoodsId();
    const placed = 3;
    for (let n = 0; n < placed; n++) await placeOrder(goodsId, n);

    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(async () => Number(await page.getByTestId('total-orders').textContent())).toBe(before + placed);
    expect(await todayOrders(page)).toBe(todayBefore + placed);

    await page.getByRole('menuitem', { name: '后台任务' }).click();
    await page.getByRole('heading', { name: '后台任务', level: 2 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'payment-reconcile' });
    await row.waitFor();
    await page.getByRole('heading', { name: '批量任务', level: 3 }).waitFor();
    await expectAccessible(page, 'jobs page');
    await row.getByRole('button', { name: '立即运行' }).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '立即运行任务 payment-reconcile？' });
    await confirm.getByRole('button', { name: '立即运行' }).click();
    await page.getByText(/payment-reconcile (已运行，结果：成功|未运行)/).waitFor();
    await context.close();
  });
});
