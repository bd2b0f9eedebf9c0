/**
 * Journey (issue 25 item 2): usage at a glance on the card home. The normal demo card (1440312345601) has
 * 180 days of usage from its operator's syncs: the card home draws this month by day, the same figures open
 * as a table, and the last 6 months by month; in Chinese and in English, with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { expectNoCjk } from './foreign-text';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function cardHome(page: Page, simNo: string) {
  await submitCardLogin(page, baseUrl, simNo);
  await page.getByTestId('iot-home').waitFor();
  await dismissCardDialogs(page);
}

/** Today in Asia/Shanghai, 'YYYY-MM-DD': the last of this month's rows. */
const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('usage at a glance on the card home', () => {
  it('draws this month by day, opens the same figures as a table, and the last 6 months by month', {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await newPhonePage(browser);
    const openedOn = shanghaiToday();
    try {
      await cardHome(page, '1440312345601');
      const glance = page.getByTestId('usage-glance');
      await glance.getByTestId('usage-chart').waitFor();
      expect(await glance.locator('canvas').getAttribute('aria-label')).toMatch(/^本月每日用量图表，合计 /);
      const table = glance.getByTestId('usage-glance-table');
      expect(await table.isVisible()).toBe(false);
      await glance.getByTestId('usage-glance-table-toggle').click();
      expect(await table.isVisible()).toBe(true);
      // One row per day from the 1st to the page's today (the day it opened on, or the next if Shanghai's
      // midnight passed while it loaded).
      const days = await table.locator('tbody th').allTextContents();
      const today = days.at(-1) ?? '';
      expect([openedOn, shanghaiToday()]).toContain(today);
      expect(days).toEqual(
        Array.from(
          { length: Number(today.slice(8, 10)) },
          (_, i) => `${today.slice(0, 8)}${String(i + 1).padStart(2, '0')}`,
        ),
      );
      await expectAccessible(page, 'card home with usage at a glance');

      await glance.getByText('近6个月').click();
      await expect.poll(() => glance.getByTestId('usage-chart').getAttribute('data-points')).toBe('6');
      expect(await table.locator('tbody tr').count()).toBe(6);
      expect(await glance.getByTestId('usage-glance-total').textContent()).toMatch(/^近6个月每月用量合计 \d/);
    } finally {
      await context.close();
    }
  });

  it("shows the total before the chart's code has arrived, in the chart's place", { timeout: 60_000 }, async () => {
    const { context, page } = await newPhonePage(browser);
    try {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The chart's chunk (chart.js) held back, as on a slow network.
      await page.route(/\/shop\/assets\/history-line-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The card's dialogs are left open: they wait for a quiet network, and the chart's chunk is held.
      await submitCardLogin(page, baseUrl, '1440312345601');
      const glance = page.getByTestId('usage-glance');
      await glance.getByTestId('usage-glance-total').waitFor({ state: 'attached' });
      const slot = glance.getByTestId('usage-chart-loading');
      await slot.waitFor({ state: 'attached' });
      const slotHeight = (await slot.boundingBox())?.height;
      release();
      const chart = glance.getByTestId('usage-chart');
      await chart.waitFor();
      expect((await chart.boundingBox())?.height).toBe(slotHeight);
    } finally {
      await context.close();
    }
  });

  it('speaks English', { timeout: 60_000 }, async () => {
    const { context, page } = await newPhonePage(browser, 'en-US');
    try {
      await cardHome(page, '1440312345601');
      const glance = page.getByTestId('usage-glance');
      await glance.getByTestId('usage-chart').waitFor();
      expect(await glance.getByTestId('usage-glance-total').textContent()).toMatch(/^Daily usage this month: /);
      await glance.getByTestId('usage-glance-table-toggle').click();
      await expectNoCjk(page, 'card home (usage at a glance)');
    } finally {
      await context.close();
    }
  });
});
