/**
 * Journey (issue 7; SCREENS §1 /pages/authorize/index): a requesting device's scan-to-authorise ticket,
 * issued with the back-office CLI `authorize-ticket`, opened on the phone. A fresh ticket shows the app
 * and its scopes; 确认授权 (with the WeChat openid the shop keeps) says 授权成功, and opening the same
 * QR again reads 二维码已失效 (a ticket is used once). A ticket issued already expired reads 二维码已失效
 * straight away, with no button to press.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';

const baseUrl = inject('baseUrl');
const sqliteFile = inject('sqliteFile');
const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const OPEN_ID = 'oE2eAuthorizeUser01';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

/** `haoka authorize-ticket <app> <ttlSeconds>` against the test server's database; its scene. */
async function issueTicket(appName: string, ttlSeconds: number): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'authorize-ticket', appName, String(ttlSeconds)],
    { cwd: ROOT, env: { ...process.env, SQLITE_FILE: sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' } },
  );
  const scene = stdout.trim();
  expect(scene).toMatch(/^[0-9a-f]{32}$/);
  return scene;
}

const openTicket = (scene: string) => page.goto(`${baseUrl}/shop/#/pages/authorize/index?scene=${scene}`);

describe('scan-to-authorise page', () => {
  it('a fresh ticket shows the app and is confirmed once; reopening it reads 二维码已失效', {
    timeout: 60_000,
  }, async () => {
    const scene = await issueTicket('好卡电视端', 300);
    // The openid the WeChat sign-in would have stored (layout.platformOpenId).
    await page.goto(`${baseUrl}/shop/#/pages/user/index2`);
    await page.evaluate(
      (openId) =>
        localStorage.setItem('shop:layout', JSON.stringify({ state: { platformOpenId: openId }, version: 1 })),
      OPEN_ID,
    );
    await openTicket(scene);
    // A fresh document, so the app reads the stored openid (as after the WeChat sign-in's redirect).
    await page.reload();
    await page.getByTestId('authorize-ticket').waitFor();
    expect((await page.getByTestId('authorize-app').textContent())?.trim()).toBe('好卡电视端');
    expect(await page.getByTestId('authorize-scope').allTextContents()).toEqual(['你的昵称', '你的头像']);
    expect(await page.getByTestId('authorize-remaining').textContent()).toMatch(/二维码将在 0[45]:\d\d 后失效/);

    await page.getByTestId('authorize-confirm').click();
    await page.getByTestId('authorize-done').waitFor();
    expect(await page.getByTestId('authorize-done').getAttribute('data-status')).toBe('1');
    expect(await page.getByTestId('authorize-done').textContent()).toContain('授权成功');

    await page.reload();
    await page.getByTestId('authorize-invalid').waitFor();
    expect(await page.getByTestId('authorize-invalid').getAttribute('data-reason')).toBe('used');
    expect(await page.getByTestId('authorize-invalid').textContent()).toContain('二维码已失效，请重新扫码');
  });

  it('an expired ticket reads 二维码已失效 with nothing to confirm', { timeout: 60_000 }, async () => {
    const scene = await issueTicket('好卡电视端', 0);
    await openTicket(scene);
    await page.getByTestId('authorize-invalid').waitFor();
    expect(await page.getByTestId('authorize-invalid').getAttribute('data-reason')).toBe('expired');
    expect(await page.getByTestId('authorize-invalid').textContent()).toContain('二维码已失效，请重新扫码');
    expect(await page.getByTestId('authorize-confirm').count()).toBe(0);
  });
});
