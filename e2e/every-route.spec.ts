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
    for (const path of SPEC_ROUTES) {
      await page.evaluate((p) => {
        window.location.hash = p;
      }, path);
      await page.waitForFunction((p) => decodeURIComponent(window.location.hash.slice(1)) === p, path);
      await page.waitForTimeout(30);
      if ((await page.getByTestId('page-not-found').count()) > 0) missing.push(path);
    }
    expect(missing).toEqual([]);
  });
});
