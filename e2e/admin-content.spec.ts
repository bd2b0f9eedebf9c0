/**
 * Journey of the console's promoters (issue 23 item 3) on a server of its own: an operator made by the CLI
 * uploads a banner image to the demo promoter's home carousel and saves; the shop home on a phone shows
 * that image, loaded from /media/. axe on the promoters page and the promoter's drawer: 0 serious or
 * critical findings.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../packages/server/src/lib/totp';
import { axeFindings } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { type ServerProcess, startServer } from './server-process';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
/** A real 64×64 PNG (the CLI's logo fixture), so the browser decodes it. */
const BANNER = resolve(ROOT, 'packages/server/src/cli/fixtures/logo.png');

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

async function cliAddStaff(username: string, role: string) {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', role, '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, SQLITE_FILE: server.sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout) as { username: string; password: string; totpSecret: string };
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]').length === 0,
  );
  expect(await axeFindings(page), `axe on the console's ${screen}`).toEqual([]);
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("the console's promoters", () => {
  it("uploads a banner to the demo shop's home carousel and the shop home shows it", {
    timeout: 180_000,
  }, async () => {
    const operator = await cliAddStaff('bannerops', 'operator');
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
    await field(page, '新密码').fill('banner-ops-pass-2026');
    await field(page, '确认新密码').fill('banner-ops-pass-2026');
    await page.getByRole('button', { name: '修改密码', exact: true }).click();
    await page.getByTestId('staff-name').waitFor();

    await page.getByRole('menuitem', { name: '推广商' }).click();
    await page.getByRole('heading', { name: '推广商', level: 2 }).waitFor();
    await page.getByRole('row').filter({ hasText: 'demo' }).first().waitFor();
    await expectAccessible(page, 'promoters page');

    await page.getByRole('button', { name: '编辑 demo' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '推广商 demo' });
    await drawer.getByLabel('店铺标题').waitFor();
    await expectAccessible(page, 'promoter drawer');

    await drawer.getByRole('tab', { name: '首页横幅' }).click();
    await drawer.getByRole('button', { name: '添加横幅' }).click();
    const row = drawer.getByTestId('banner-row').last();
    await row.locator('input[type="file"]').setInputFiles(BANNER);
    const image = drawer.getByLabel('横幅 1 图片');
    await expect.poll(() => image.inputValue(), { timeout: 15_000 }).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const url = await image.inputValue();
    await drawer.getByLabel('横幅 1 链接').fill('/pages/number/index');
    await expectAccessible(page, 'home banners tab');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存').waitFor();
    await context.close();

    // The shop home on a phone: the carousel's image is the upload, and it loaded.
    const phone = await newPhonePage(browser);
    await phone.page.goto(`${baseUrl}/shop/#/?promoCode=demo`);
    await phone.page.getByTestId('home-carousel').waitFor();
    const banner = phone.page.locator(`[data-testid="home-carousel"] img[src="${url}"]`).first();
    await banner.waitFor({ state: 'attached' });
    await expect
      .poll(
        () => banner.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        {
          timeout: 15_000,
        },
      )
      .toBe(64);
    await phone.context.close();
  });
});
