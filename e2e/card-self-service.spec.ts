/**
 * Journey (SCREENS §3): a card holder logs in with a demo card number and sees the card home (greeting,
 * card number, flow, balance); a device shows operator 99 and its device number; a card in password mode
 * asks for the password and counts the tries left; logout keeps the recent cards.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';

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

const hashPath = (p: Page) => new URL(p.url()).hash.replace(/^#/, '');

/**
 * Answers the dialogs the card home opens, one at a time: a blocking prompt with 稍后, then the layout
 * popup with 今日不再提示 (which must then stay closed).
 */
async function dismissDialogs() {
  const prompt = page.getByTestId('iot-prompt');
  const popup = page.getByTestId('iot-popup');
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(400);
    if (await prompt.isVisible()) {
      await page.locator('.adm-dialog-footer button').filter({ hasText: '稍后' }).click();
      await prompt.waitFor({ state: 'detached' });
    } else if (await popup.isVisible()) {
      await page.locator('.adm-dialog-footer button').filter({ hasText: '今日不再提示' }).click();
      await popup.waitFor({ state: 'detached' });
    } else {
      return;
    }
  }
}

async function login(simNo: string, password?: string) {
  await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
  // A fresh document, as a card holder opening the login link would have.
  await page.reload();
  await page.getByTestId('iot-login-form').waitFor();
  await page.getByTestId('iot-login-simno').locator('input').fill(simNo);
  const agree = page.getByTestId('iot-login-agree');
  if (await agree.isVisible().catch(() => false)) await agree.locator('.adm-checkbox-icon').click();
  await page.getByTestId('iot-login-submit').click();
  if (password) {
    await page.getByTestId('iot-login-password').waitFor();
    await page.getByTestId('iot-login-password').locator('input').fill(password);
    await page.getByTestId('iot-login-submit').click();
  }
}

describe('card self-service', () => {
  it('logs in with a card number and shows the card home', async () => {
    await login('1440312345601');
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/index\/index/);
    await page.getByTestId('iot-home').waitFor();
    await dismissDialogs();
    expect(await page.getByTestId('iot-card-no').textContent()).toBe('1440312345601');
    expect(await page.getByTestId('iot-greeting').textContent()).toMatch(/早上好|中午好|下午好|晚上好|夜深了/);
    expect(await page.getByTestId('iot-balance').textContent()).toContain('25.80');
    await page.getByTestId('iot-flow').waitFor();
    expect(await page.getByTestId('iot-operator').getAttribute('data-operator')).toBe('1');
  });

  it('shows a device as operator 99 with its device number', async () => {
    await login('HK5G2025000102');
    await page.getByTestId('iot-home').waitFor();
    await dismissDialogs();
    expect(await page.getByTestId('iot-card-no').textContent()).toBe('HK5G2025000102');
    expect(await page.getByTestId('iot-operator').getAttribute('data-operator')).toBe('99');
  });

  it('asks a password-mode card for its password and counts the tries left', async () => {
    await login('1440312345606', '111111');
    await expect.poll(() => page.getByTestId('iot-login-remain').textContent()).toMatch(/4/);
    await page.getByTestId('iot-login-password').locator('input').fill('582936');
    await page.getByTestId('iot-login-submit').click();
    await page.getByTestId('iot-home').waitFor();
    await dismissDialogs();
    expect(await page.getByTestId('iot-card-no').textContent()).toBe('1440312345606');
  });

  it('logs out to the card login, keeping the recent cards', async () => {
    await page.getByTestId('iot-logout').click();
    const confirm = page.locator('.adm-dialog-footer button').filter({ hasText: /确定|退出/ });
    if (
      await confirm
        .first()
        .isVisible()
        .catch(() => false)
    )
      await confirm.first().click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/login\/index/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop:iot') ?? '{}'));
    expect(stored.state.simNo).toBe('');
    expect(stored.state.loginSns.slice(0, 3)).toEqual(['1440312345606', '1440312345602', '1440312345601']);
  });
});
