/**
 * Journey (issue 25 item 1): card alerts. The normal demo card (1440312345601, bound mobile 13800138001,
 * about a quarter of its 30 GB pool used) sets a usage alert below what it has used, by SMS and in-app;
 * the next sync with the simulated operator (the card home's refresh) raises it: the notice shows on the
 * card home and the SMS is in the outbox (unless it is quiet hours in Shanghai, when it waits until 08:00).
 * Marked read, the notice leaves the card home. In Chinese and in English, with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { expectNoCjk } from './foreign-text';

const baseUrl = inject('baseUrl');
const SIM_NO = '1440312345601';
const MOBILE = '13800138001';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function cardHome(page: Page) {
  await submitCardLogin(page, baseUrl, SIM_NO);
  await page.getByTestId('iot-home').waitFor();
  await dismissCardDialogs(page);
}

interface Outbox {
  data: { notices: { template: string; params: Record<string, string> }[] };
}

const alertSms = async () => {
  const body = (await (await fetch(`${baseUrl}/api/dev/sms-outbox?mobile=${MOBILE}`)).json()) as Outbox;
  return body.data.notices.filter((n) => n.template === 'cardAlert' && n.params.kind === 'usage');
};

/** 22:00–08:00 in Shanghai: alert SMS wait for the morning. */
const quietNow = () => {
  const hour = new Date(Date.now() + 8 * 3_600_000).getUTCHours();
  return hour >= 22 || hour < 8;
};

describe('card alerts', () => {
  it('sets a usage alert, raises it with a sync, shows it on the card home and sends the SMS', {
    timeout: 150_000,
  }, async () => {
    const { context, page } = await newPhonePage(browser);
    try {
      await cardHome(page);
      await page.getByTestId('iot-alerts-entry').click();
      await page.getByTestId('alerts-usage').waitFor();
      await expectAccessible(page, 'alert settings');

      // Below what the card has used already (about a quarter): the next sync crosses it.
      await page.getByRole('spinbutton', { name: '第1个提醒比例（%）' }).fill('1');
      await page.getByTestId('alerts-sms').check();
      await page.getByTestId('alerts-save').click();
      await page.getByText('提醒设置已保存').waitFor();

      await page.goBack();
      await page.getByTestId('iot-home').waitFor();
      await dismissCardDialogs(page);
      // A forced sync reaches the operator at most once a minute: refresh until it has.
      const notices = page.getByTestId('alert-notices');
      await expect
        .poll(
          async () => {
            if (await notices.isVisible()) return true;
            await page.getByTestId('iot-refresh').click();
            await page.waitForTimeout(3_000);
            return notices.isVisible();
          },
          { timeout: 120_000, interval: 2_000 },
        )
        .toBe(true);
      expect(await notices.textContent()).toContain('本期流量已用 1%');
      await expectAccessible(page, 'card home with an unread alert');

      const sms = await alertSms();
      if (quietNow()) expect(sms.filter((n) => n.params.value === '1%')).toHaveLength(0);
      else expect(sms.map((n) => [n.params.card, n.params.value])).toContainEqual(['5601', '1%']);

      await notices.getByTestId('alert-notices-all-read').click();
      await notices.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('speaks English', { timeout: 60_000 }, async () => {
    const { context, page } = await newPhonePage(browser, 'en-US');
    try {
      await cardHome(page);
      // By its address: the entry on the card home was taken in the journey above.
      await page.goto(`${baseUrl}/shop/#/pages/iot/index/alerts/index`);
      await page.getByTestId('alerts-usage').waitFor();
      expect(await page.getByRole('spinbutton', { name: 'Alert 1 (%)' }).inputValue()).toBe('1');
      await page.getByTestId('alerts-history').waitFor();
      expect(await page.getByTestId('alerts-history').textContent()).toContain('You have used 1% of your data');
      await expectNoCjk(page, 'alert settings');
    } finally {
      await context.close();
    }
  });
});
