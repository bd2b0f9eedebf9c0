/**
 * Journeys of the vanity-number search: a shopper narrows the home list by 归属地 and the AABB pattern,
 * switches to the grid, opens a number and sees its tag and a package; and a shopper searches the tail
 * 888 from HeadSearch. Every rendered number is checked, not just the first.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { api } from './shop-api';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

interface ApiNumber {
  id: number;
  number: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  patterns: string[];
}

/** The digits and 归属地 of every number card on screen. */
async function renderedNumbers(p: Page): Promise<{ digits: string; region: string }[]> {
  return p.getByTestId('number-card').evaluateAll((cards) =>
    cards.map((card) => ({
      digits: card.querySelector('[data-testid="number-digits"]')?.textContent?.replace(/\s/g, '') ?? '',
      region: card.querySelector('[data-testid="number-region"]')?.textContent ?? '',
    })),
  );
}

const AABB_TAIL = /(\d)\1(?!\1)(\d)\2$/;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

describe('vanity number search', () => {
  it('filters the home list by region and AABB, shows a grid, and opens a number with its tag and package', async () => {
    // A city that has AABB numbers on sale, from the API itself.
    const seed = await api<{ list: ApiNumber[] }>('/api/shop/numberList?pattern=AABB&pageSize=20');
    const target = seed.list.find((n) => n.cityName !== n.provinceName) ?? seed.list[0];
    if (!target) throw new Error('the demo inventory has no AABB number');

    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('number-card').first().waitFor();

    await page.getByTestId('filter-region').click();
    await page.getByTestId(`region-province-${target.provinceCode}`).click();
    await page.getByTestId(`region-city-${target.cityCode}`).click();
    await page.getByTestId('region-confirm').click();
    await expect.poll(() => page.getByTestId('filter-region').textContent()).toContain(target.cityName);

    await page.getByTestId('filter-more').click();
    await page.getByTestId('more-pattern-AABB').click();
    await page.getByTestId('more-confirm').click();
    await page.getByTestId('more-filter').waitFor({ state: 'detached' });

    await page.getByTestId('arrange-grid').click();
    await expect.poll(() => page.getByTestId('number-list').getAttribute('data-arrange')).toBe('2');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop:cache') ?? '{}'));
    expect(stored.state.filter.indexArrange).toBe(2);

    const expected = await api<{ list: ApiNumber[]; total: number }>(
      `/api/shop/numberList?provinceCode=${target.provinceCode}&cityCode=${target.cityCode}&pattern=AABB&pageSize=50`,
    );
    expect(expected.total).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const shown = await renderedNumbers(page);
        return shown.length > 0 && shown.every((n) => AABB_TAIL.test(n.digits) && n.region.includes(target.cityName));
      })
      .toBe(true);
    const shown = await renderedNumbers(page);
    const allowed = new Set(expected.list.map((n) => n.number));
    for (const n of shown) {
      expect(n.digits, n.digits).toMatch(AABB_TAIL);
      expect(n.region).toContain(target.cityName);
      if (expected.total <= 50) expect(allowed.has(n.digits), n.digits).toBe(true);
    }

    // Two columns: the first two cards sit side by side.
    if (shown.length >= 2) {
      const [a, b] = await Promise.all([
        page.getByTestId('number-card').nth(0).boundingBox(),
        page.getByTestId('number-card').nth(1).boundingBox(),
      ]);
      expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x).toBe(true);
    }

    const first = page.getByTestId('number-card').first();
    const numberId = await first.getAttribute('data-number-id');
    await first.click();
    await expect.poll(() => new URL(page.url()).hash).toContain(`numberId=${numberId}`);
    const detail = page.getByTestId('number-detail');
    await detail.waitFor();
    await detail.locator('[data-testid="number-tag"][data-code="AABB"]').waitFor();
    const info = await api<{ packages: { name: string }[] }>(`/api/shop/numberDetail?numberId=${numberId}`);
    expect(info.packages.length).toBeGreaterThan(0);
    const packageText = await page.getByTestId('detail-package').textContent();
    expect(info.packages.some((p) => packageText?.includes(p.name))).toBe(true);
  });

  it('HeadSearch with the tail 888 lists only numbers ending in 888', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/index/VanityNumber/HeadSearch/index`);
    const input = page.getByTestId('head-search-input').locator('input');
    await input.fill('8a8-8');
    await expect.poll(() => input.inputValue()).toBe('888');
    await page.getByTestId('search-position-tail').click();
    await page.getByTestId('head-search-submit').click();

    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/pages\/index\/VanityNumber\/index\?/);
    const params = new URLSearchParams(new URL(page.url()).hash.split('?')[1]);
    expect(params.get('keyword')).toBe('888');
    expect(params.get('position')).toBe('tail');

    await expect
      .poll(async () => {
        const shown = await renderedNumbers(page);
        return shown.length > 0 && shown.every((n) => n.digits.endsWith('888'));
      })
      .toBe(true);
    const shown = await renderedNumbers(page);
    for (const n of shown) expect(n.digits).toMatch(/^1\d{7}888$/);
    // The matched digits are the highlighted ones.
    const highlighted = await page
      .getByTestId('number-digits')
      .evaluateAll((els) => els.map((el) => Array.from(el.querySelectorAll('.hl'), (h) => h.textContent).join('')));
    expect(highlighted.every((h) => h === '888')).toBe(true);
  });
});
