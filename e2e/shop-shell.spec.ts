/** Journey: a shopper opens the shop, switches tabs, keeps the promoter link, and meets an unknown route. */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { readManifest } from './first-screen';
import { hashPath } from './shop-api';

const DIST = new URL('../packages/web/dist', import.meta.url).pathname;

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

describe('shop shell', () => {
  it('shows the home title from baseConfig', async () => {
    const config = await (await fetch(`${baseUrl}/api/hk/baseConfig?promoCode=demo`)).json();
    await page.goto(`${baseUrl}/shop/`);
    const title = page.getByTestId('page-title');
    await expect.poll(() => title.textContent()).toContain(config.data.front.title);
    expect(await page.title()).toBe(config.data.front.title);
  });

  it('switches between the home and mine tabs', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('tab-mine').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/user\/index2/);
    await page.getByTestId('user-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toContain('我的');

    await page.getByTestId('tab-home').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/index\/index/);
  });

  it("a first visit asks once for the link's configuration and first numbers, with the HTML, while the app's code downloads", async () => {
    const { context, page: fresh } = await newPhonePage(browser);
    try {
      const events: string[] = [];
      fresh.on('request', (req) => {
        const url = new URL(req.url());
        if (url.pathname.startsWith('/api/')) events.push(`${url.pathname}${url.search}`);
      });
      // The app's entry file arrives late, as on a slow phone network: the boot script in the HTML (under
      // the server's CSP, which allows it by its hash) has asked for the page's data by then.
      await fresh.route(/\/shop\/assets\/index-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        events.push('entry script');
        await route.continue();
      });
      await fresh.goto(`${baseUrl}/shop/#/pages/index/index?promoCode=demo`);
      await fresh.getByTestId('number-digits').first().waitFor();
      const started = events.slice(0, events.indexOf('entry script'));
      expect(started).toEqual([
        '/api/hk/baseConfig?promoCode=demo',
        '/api/shop/numberList?promoCode=demo&page=1&pageSize=10',
      ]);
      // The app took those answers: it asked for neither again.
      expect(events.filter((e) => e.startsWith('/api/hk/baseConfig') || e.startsWith('/api/shop/numberList'))).toEqual(
        started,
      );
    } finally {
      await context.close();
    }
  });

  it("the other pages' loaders download after the first screen, not with it; a page opened first waits for them", async () => {
    const routePages = `/shop/${readManifest(DIST)['virtual:haoka-route-pages']?.file}`;
    const { context, page: fresh } = await newPhonePage(browser);
    try {
      const events: string[] = [];
      fresh.on('request', (req) => {
        const path = new URL(req.url()).pathname;
        if (path === routePages) events.push('route pages');
      });
      // Asked for once the page has loaded (platform/idle.ts afterFirstScreen), not beside its files.
      fresh.on('load', () => events.push('load'));
      await fresh.goto(`${baseUrl}/shop/#/pages/index/index?promoCode=demo`);
      await fresh.getByTestId('number-digits').first().waitFor();
      await expect.poll(() => events).toEqual(['load', 'route pages']);
      // Then another page opens with its own files only.
      await fresh.evaluate(() => {
        window.location.hash = '#/pages/customer/index';
      });
      await fresh.getByTestId('customer-centre').waitFor();
      expect(events).toEqual(['load', 'route pages']);

      // Opened first, a page other than a landing page loads them before its own files.
      await fresh.goto('about:blank');
      events.length = 0;
      await fresh.goto(`${baseUrl}/shop/#/pages/customer/index`);
      await fresh.getByTestId('customer-centre').waitFor();
      expect(events[0]).toBe('route pages');
      expect(events.filter((event) => event === 'route pages')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  for (const [locale, texts] of [
    ['zh-CN', ['靓号选号', '任意位置', '归属地']],
    ['en-US', ['靓号选号', 'Anywhere', 'Region']],
  ] as const) {
    it(`paints the number search's first view with the HTML, before the app's code arrives (${locale}), and the app takes over without a shift`, async () => {
      const { context, page: fresh } = await newPhonePage(browser, locale);
      try {
        await fresh.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { shifts: number[] }).shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // The app's entry file is held until the view has been read: a phone still downloading it.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await fresh.route(/\/shop\/assets\/index-[^/]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        const assets: string[] = [];
        fresh.on('request', (request) => {
          if (request.url().includes('/shop/assets/')) assets.push(new URL(request.url()).pathname);
        });
        // Not waiting for the load event, which waits for the held file.
        await fresh.goto(`${baseUrl}/shop/#/pages/index/VanityNumber/index?promoCode=demo`, { waitUntil: 'commit' });
        const view = fresh.locator('#root > .first-view');
        await view.waitFor();
        // The page's own code and the locale's texts download beside the entry, not after it has run.
        const catalogue = locale === 'zh-CN' ? 'zh-Hans' : 'en';
        await expect
          .poll(() =>
            [/\/VanityNumber-[^/]+\.js$/, new RegExp(`/${catalogue}-[^/]+\\.js$`)].map((f) =>
              assets.some((a) => f.test(a)),
            ),
          )
          .toEqual([true, true]);
        const text = (await view.textContent()) ?? '';
        for (const expected of texts) expect(text).toContain(expected);
        if (locale === 'en-US') expect(text.replace('靓号选号', '')).not.toMatch(/\p{Script=Han}/u);
        expect(await view.evaluate((el) => (el as HTMLElement).inert)).toBe(true);
        expect(await fresh.locator('#root .adm-skeleton').count()).toBeGreaterThan(0);
        // The view is drawn with its page's rules: its parts sit where the app's will.
        const PARTS = ['.numbers-search', '.numbers-menus', '.numbers-filter-bar'];
        const boxes = () =>
          fresh.evaluate(
            (parts) => parts.map((part) => document.querySelector(part)?.getBoundingClientRect().toJSON()),
            PARTS,
          );
        const inView = await boxes();

        release();
        await fresh.getByTestId('number-digits').first().waitFor();
        expect(await boxes()).toEqual(inView);
        expect(await fresh.locator('.first-view').count()).toBe(0);
        expect(await fresh.locator('#first-view-css, template[data-first-view]').count()).toBe(0);
        const shifts = await fresh.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
        expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
        // Asked for early, each file still downloads once.
        expect(assets.filter((a, i) => assets.indexOf(a) !== i)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('keeps promoCode and bd_vid across navigation', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/index/index?promoCode=demo&bd_vid=click42&other=drop`);
    await page.getByTestId('page-title').waitFor();
    await page.getByTestId('tab-mine').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/user\/index2\?/);
    const params = new URLSearchParams(hashPath(page).split('?')[1]);
    expect(params.get('promoCode')).toBe('demo');
    expect(params.get('bd_vid')).toBe('click42');
    expect(params.get('other')).toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop:layout') ?? '{}'));
    expect(stored.state.promoCode).toBe('demo');
    expect(stored.state.orderSessionId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows "page not found" for an unknown route', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/no/such/page`);
    const notFound = page.getByTestId('page-not-found');
    await notFound.waitFor();
    expect(await notFound.getAttribute('data-err-msg')).toBe('page not found');
    expect(await notFound.textContent()).toContain('页面不存在');
  });

  it('survives corrupted stored data', async () => {
    await page.goto(`${baseUrl}/shop/`);
    await page.evaluate(() => {
      localStorage.setItem('shop:layout', '{not json');
      localStorage.setItem('shop:cache', JSON.stringify({ state: { filter: { indexArrange: 7 }, baseConfig: 5 } }));
      localStorage.setItem('shop:iot', JSON.stringify({ state: { loginSns: 'x', simNo: 42 } }));
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain('好卡靓号商城');
    const cache = await page.evaluate(() => JSON.parse(localStorage.getItem('shop:cache') ?? '{}'));
    expect(cache.state.filter.indexArrange).toBe(1);
  });

  it('home does not jump while its number list loads (cumulative layout shift below 0.1)', async () => {
    const { context, page: fresh } = await newPhonePage(browser);
    try {
      // A slow network: the list's loading state is on screen for a while before the numbers arrive.
      let delayed = 0;
      await fresh.route('**/api/shop/numberList**', async (route) => {
        delayed += 1;
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await fresh.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await fresh.goto(`${baseUrl}/shop/#/pages/index/index?promoCode=demo`);
      await fresh.locator('.numbers-list .infinite-list-item').first().waitFor();
      await fresh.waitForTimeout(500);
      expect(delayed).toBeGreaterThan(0);
      const shifts = await fresh.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1);
    } finally {
      await context.close();
    }
  });
});
