/**
 * Journey (SCREENS §3): a card holder logs in with a demo card number and sees the card home (greeting,
 * card number, flow, balance); a device shows operator 99 and its device number; a card in password mode
 * asks for the password and counts the tries left; logout keeps the recent cards.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { hashPath } from './shop-api';

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

const dismissDialogs = () => dismissCardDialogs(page);
const login = (simNo: string, password?: string) => submitCardLogin(page, baseUrl, simNo, password);

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
