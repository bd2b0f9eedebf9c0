/** Every SPEC route opens (pending marker or a built screen), never "page not found". */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { SPEC_ROUTES } from './spec-routes';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
  await page.goto(`${baseUrl}/shop/`);
  await page.getByTestId('page-title').waitFor();
});
afterAll(async () => {
  await browser?.close();
});

describe('every SPEC route', () => {
  it('opens each route and alias without "page not found"', async () => {
    const missing: string[] = [];
    // Counts the hash navigations. Comparing the hash with the one before is not enough: a page that
    // redirects at once (single/index and single/single without a pageCode both replace themselves with
    // the home) can land on the very hash it left before the check first looks.
    await page.evaluate(() => {
      const w = window as Window & { hashNavigations?: number };
      w.hashNavigations = 0;
      window.addEventListener('hashchange', () => {
        w.hashNavigations = (w.hashNavigations ?? 0) + 1;
      });
    });
    for (const path of SPEC_ROUTES) {
      // Some screens redirect (loadDomain, a page that writes its filter into the URL): wait for the
      // navigation to take place and settle, then look for the not-found marker.
      const before = await page.evaluate(() => (window as Window & { hashNavigations?: number }).hashNavigations ?? 0);
      await page.evaluate((p) => {
        window.location.hash = `${p}${p.includes('?') ? '&' : '?'}probe=${Date.now()}`;
      }, path);
      await page.waitForFunction(
        (n) => ((window as Window & { hashNavigations?: number }).hashNavigations ?? 0) > n,
        before,
      );
      await page.waitForTimeout(80);
      if ((await page.getByTestId('page-not-found').count()) > 0) missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
