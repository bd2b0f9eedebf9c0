/**
 * The language switch (issue 17): in 我的 a shopper whose browser speaks Chinese picks English; the page
 * reads English at once, with no reload and no request to the API, and stays English after a reload.
 * On the card login the same switch picks French, and the card's pages follow. The first screen
 * downloads one language's catalogue; a switch downloads the chosen one before any text changes.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs } from './card-session';
import { readManifest } from './first-screen';

const baseUrl = inject('baseUrl');
const DIST = new URL('../packages/web/dist', import.meta.url).pathname;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser, 'zh-CN'));
});
afterAll(async () => {
  await browser?.close();
});

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function choose(locale: string) {
  await page.getByTestId('language-switch').click();
  await page.getByTestId('language-options').waitFor();
  await page.getByTestId(`language-option-${locale}`).click();
}

describe('the language switch', () => {
  it('in the shop’s 我的: English at once, no reload, nothing asked of the API again, kept after a reload', {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${baseUrl}/shop/#/pages/user/index2`);
    await page.getByTestId('user-menu-order').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await text('user-menu-order')).toBe('我的订单');
    expect(await text('language-switch')).toContain('简体中文');

    // The five languages by their own names, the current one marked.
    await page.getByTestId('language-switch').click();
    const options = page.getByTestId('language-options').locator('[data-testid^="language-option-"]');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['简体中文', '繁體中文', 'English', 'Français', 'Español']);
    expect(await page.getByTestId('language-option-zh-Hans').getAttribute('aria-current')).toBe('true');

    // A marker on the window survives only if the document is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const requests: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => text('user-menu-order')).toBe('My orders');
    expect(await text('language-switch')).toContain('English');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(requests).toEqual([]);

    await page.reload();
    await page.getByTestId('user-menu-order').waitFor();
    expect(await text('user-menu-order')).toBe('My orders');
    expect(await page.evaluate(() => localStorage.getItem('shop:lang'))).toBe('en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('on the card login: French for the login and the card’s pages, kept after a reload', {
    timeout: 60_000,
  }, async () => {
    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    await page.getByTestId('iot-login-form').waitFor();
    // Still English, as chosen in the test before.
    expect(await text('iot-login-submit')).toBe('Log in');
    await choose('fr');
    await expect.poll(() => text('iot-login-submit')).toBe('Se connecter');
    await page.reload();
    await page.getByTestId('iot-login-form').waitFor();
    expect(await text('iot-login-submit')).toBe('Se connecter');

    await page.getByTestId('iot-login-simno').locator('input').fill('1440312345601');
    await page.getByTestId('iot-login-agree').locator('.adm-checkbox-icon').click();
    await page.getByTestId('iot-login-submit').click();
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);
    // The card's tags come from the catalogue: 正常 and 已实名 in French.
    await expect.poll(() => text('iot-status-tag')).toBe('Active');
    expect(await text('iot-auth-tag')).toBe('Vérifiée');

    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/user/index`);
    await page.getByTestId('user-head').waitFor();
    expect(await text('language-switch')).toContain('Français');
    await choose('zh-Hans');
    await expect.poll(() => text('language-switch')).toContain('简体中文');
    expect(await text('user-status-tag')).toBe('正常');
  });
  it('the first screen downloads its own language only; a switch downloads the new one before any text changes', {
    timeout: 60_000,
  }, async () => {
    const manifest = readManifest(DIST);
    const localeFile = (locale: string) => `/shop/${manifest[`src/i18n/locales/${locale}.ts`]?.file}`;
    const files = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'].map(localeFile);
    const { context, page: fresh } = await newPhonePage(browser, 'zh-CN');
    const fetched: string[] = [];
    fresh.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (files.includes(path)) fetched.push(path);
    });
    try {
      await fresh.goto(`${baseUrl}/shop/#/pages/user/index2`);
      await fresh.getByTestId('user-menu-order').waitFor();
      await fresh.waitForLoadState('networkidle');
      expect(fetched).toEqual([localeFile('zh-Hans')]);

      // Every text the entry shows while the switch runs: Chinese, then English, never a key.
      await fresh.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const target = document.querySelector('[data-testid="user-menu-order"]');
        if (!target) throw new Error('no menu entry');
        seen.push(target.textContent ?? '');
        new MutationObserver(() => seen.push(target.textContent ?? '')).observe(target, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      await fresh.getByTestId('language-switch').click();
      await fresh.getByTestId('language-options').waitFor();
      await fresh.getByTestId('language-option-en').click();
      await expect.poll(() => fresh.getByTestId('user-menu-order').first().textContent()).toContain('My orders');
      expect(fetched).toEqual([localeFile('zh-Hans'), localeFile('en')]);
      const seen = await fresh.evaluate(() => (window as unknown as { seen: string[] }).seen);
      for (const value of seen) expect(value.trim(), JSON.stringify(seen)).toMatch(/^(我的订单|My orders)$/);
    } finally {
      await context.close();
    }
  });
});
