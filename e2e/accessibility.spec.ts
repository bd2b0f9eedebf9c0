/**
 * Accessibility (WCAG 2.2 AA) of the key journeys, in Simplified Chinese and in English: a shopper goes
 * from home through the search to a number and its order form, and to the login; a card holder logs in,
 * answers the card home's dialogs and opens the package purchase and the recharge. Each screen has no
 * serious or critical axe finding and no target under 24×24 (accessibility.ts). The dialogs trap focus:
 * the page behind is inert, Tab stays inside, and focus goes back where it was when they close.
 * (The pay page, the order list and the package payment are checked in their own journeys:
 * reserve-number.spec.ts and iot-card-journey.spec.ts.)
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, textContrast } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { submitCardLogin } from './card-session';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function phone(locale: string): Promise<Page> {
  return (await newPhonePage(browser, locale)).page;
}

/** antd-mobile's Dialog and Modal: the wrap is the box on screen (the outer element has no size). */
const openDialogs = (page: Page) => page.locator('.adm-center-popup-wrap').filter({ visible: true });

/**
 * Answers the card home's dialogs (blocking prompts, the layout popup, the VIP promo) as they come, with
 * their first button or the promo's close; each is checked first when `label` is given. Done once no
 * dialog has shown for three looks in a row.
 */
async function answerDialogs(page: Page, label?: string): Promise<void> {
  const dialogs = openDialogs(page);
  // The dialogs follow the card's data and its layout.
  await page.getByTestId('iot-flow').waitFor();
  for (let quiet = 0, n = 1; quiet < 3; ) {
    await page.waitForTimeout(700);
    if ((await dialogs.count()) === 0) {
      quiet++;
      continue;
    }
    quiet = 0;
    if (label) await expectAccessible(page, `${label}: dialog ${n++}`);
    const close = page.getByTestId('vip-promo-close');
    if (await close.isVisible()) await close.click();
    else await dialogs.first().locator('.adm-dialog-footer button, .adm-modal-footer button').first().click();
    await expect.poll(() => dialogs.count()).toBe(0);
  }
}

/** The card home of `simNo`, with each dialog it opens checked and answered, then the home itself. */
async function cardHomeWithDialogs(page: Page, simNo: string, label: string): Promise<void> {
  await submitCardLogin(page, baseUrl, simNo);
  await page.getByTestId('iot-home').waitFor();
  await answerDialogs(page, label);
  await expectAccessible(page, label);
}

describe('the shop in Simplified Chinese', () => {
  it('home, its filters, the search, a number with its order form and the login', { timeout: 180_000 }, async () => {
    const page = await phone('zh-CN');
    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('number-card').first().waitFor();
    await expectAccessible(page, 'home');

    await page.getByTestId('filter-region').click();
    await page.getByTestId('region-confirm').waitFor();
    await expectAccessible(page, 'home: 归属地 filter');
    await page.keyboard.press('Escape');
    await page.getByTestId('region-confirm').waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/shop/#/pages/index/VanityNumber/HeadSearch/index`);
    await page.getByTestId('head-search-input').waitFor();
    await expectAccessible(page, 'search');
    await page.getByTestId('head-search-input').locator('input').fill('888');
    await page.getByTestId('head-search-submit').click();
    await page.getByTestId('number-card').first().waitFor();
    await expectAccessible(page, 'search results');

    await page.getByTestId('number-card').first().click();
    await page.getByTestId('number-detail').waitFor();
    await page.getByTestId('reserve-form').waitFor();
    await expectAccessible(page, 'number detail and order form');
    // The form's own messages, once it is submitted empty.
    await page.getByTestId('reserve-submit').click();
    await page.locator('.adm-toast-main, .adm-form-item-feedback-error').first().waitFor();
    await expectAccessible(page, 'order form with its messages');
    await page.getByTestId('region-field').click();
    await page.getByTestId('region-sheet').locator('[data-testid^="region-node-"]').first().waitFor();
    await expectAccessible(page, 'order form: region sheet');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/shop/#/pages/login/index`);
    await page.getByTestId('login-form').waitFor();
    await expectAccessible(page, 'login');
    await page.close();
  });
});

describe('the shop in English', () => {
  it('home', async () => {
    const page = await phone('en-US');
    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('number-card').first().waitFor();
    await expectAccessible(page, 'home (en)');
    await page.close();
  });
});

describe('the card pages', () => {
  it('card login with recent cards, card home and its dialogs, package purchase and recharge', {
    timeout: 300_000,
  }, async () => {
    const page = await phone('zh-CN');
    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    await page.getByTestId('iot-login-form').waitFor();
    await expectAccessible(page, 'card login');

    // The stopped card in arrears, then the card that needs real-name (its prompts), then the device.
    await cardHomeWithDialogs(page, '1410312345605', 'card home (arrears)');
    // Its status tags sit on the blue header, whose gradient axe does not judge.
    expect(await page.getByTestId('iot-status-tag').textContent()).toBe('停机');
    expect(await textContrast(page, '[data-testid="iot-status-tag"]')).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page, '[data-testid="iot-auth-tag"]')).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page, '[data-testid="iot-card-no"]')).toBeGreaterThanOrEqual(4.5);
    await cardHomeWithDialogs(page, '1440312345603', 'card home (real-name needed)');
    await cardHomeWithDialogs(page, 'HK5G2025000102', 'card home (device)');

    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    await page.getByTestId('iot-recent-card').first().waitFor();
    await expectAccessible(page, 'card login with recent cards');

    await page.goto(`${baseUrl}/shop/#/pages/iot/index/package/index`);
    await page.getByTestId('pkg-card').first().waitFor();
    await expectAccessible(page, 'package purchase');
    await page.getByTestId('pkg-card').first().click();
    await page.getByTestId('details-form').waitFor();
    await expectAccessible(page, 'package details');

    await page.goto(`${baseUrl}/shop/#/pages/iot/index/balance/index`);
    await page.getByTestId('balance-options').waitFor();
    await expectAccessible(page, 'recharge');
    await page.close();
  });

  it("the card's other forms label every field", { timeout: 120_000 }, async () => {
    const page = await phone('zh-CN');
    await submitCardLogin(page, baseUrl, '1440312345601');
    await page.getByTestId('iot-home').waitFor();
    await answerDialogs(page);
    for (const [path, ready] of [
      ['/pages/iot/index/bindPhone/index', 'bind-mobile'],
      ['/pages/iot/index/realnameAuth/platform/index', 'platform-name'],
      ['/pages-sub/iot/integralShop/details/selectAddress/edit', 'address-detail'],
      ['/pages-sub/wifi/index', 'wifi-ssid'],
    ] as const) {
      await page.goto(`${baseUrl}/shop/#${path}`);
      await page.getByTestId(ready).waitFor();
      await expectAccessible(page, path);
    }
    await page.close();
  });

  it('card login and card home in English', { timeout: 240_000 }, async () => {
    const page = await phone('en-US');
    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    await page.getByTestId('iot-login-form').waitFor();
    await expectAccessible(page, 'card login (en)');
    await cardHomeWithDialogs(page, '1410312345605', 'card home (arrears, en)');
    await cardHomeWithDialogs(page, '1440312345603', 'card home (real-name needed, en)');
    await page.close();
  });
});

describe('dialogs trap focus', () => {
  /** Where focus is: inside the open overlay, on the page behind it, or nowhere. */
  const focusPlace = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      const dialogs = [...document.querySelectorAll('[aria-modal="true"]')].filter((d) => d.getClientRects().length);
      const top = dialogs[dialogs.length - 1];
      if (top?.contains(active)) return 'dialog';
      return active && active !== document.body ? 'page' : 'nowhere';
    });

  it('a dialog takes focus, keeps Tab and Shift+Tab inside and leaves the page behind inert', {
    timeout: 120_000,
  }, async () => {
    const page = await phone('zh-CN');
    await submitCardLogin(page, baseUrl, '1440312345603');
    await page.getByTestId('iot-home').waitFor();
    const dialog = page.locator('.adm-center-popup-wrap[role="dialog"][aria-modal="true"]').filter({ visible: true });
    await dialog.first().waitFor();
    await expect.poll(() => focusPlace(page)).toBe('dialog');
    expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(true);
    // Its title names it.
    const title = await dialog.first().locator('.adm-dialog-title').textContent();
    const labelledBy = await dialog.first().getAttribute('aria-labelledby');
    expect(await page.locator(`[id="${labelledBy}"]`).textContent()).toBe(title);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusPlace(page)).toBe('dialog');
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusPlace(page)).toBe('dialog');
    }
    // Answered from the keyboard, one after another: the page comes back to life.
    for (let quiet = 0; quiet < 3; ) {
      await page.waitForTimeout(700);
      if ((await dialog.count()) === 0) {
        quiet++;
        continue;
      }
      quiet = 0;
      await expect.poll(() => focusPlace(page)).toBe('dialog');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.evaluate(() => document.getElementById('root')?.inert)).toBe(false);
    await page.close();
  });

  it('a sheet takes focus, Escape closes it, and focus returns to the button that opened it', {
    timeout: 120_000,
  }, async () => {
    const page = await phone('zh-CN');
    await submitCardLogin(page, baseUrl, '1440312345601');
    await page.getByTestId('iot-home').waitFor();
    await answerDialogs(page);
    await page.getByTestId('iot-switch').focus();
    await page.keyboard.press('Enter');
    const sheet = page.locator('.adm-popup-body[role="dialog"][aria-modal="true"]').filter({ visible: true });
    await sheet.first().waitFor();
    await expect.poll(() => focusPlace(page)).toBe('dialog');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusPlace(page)).toBe('dialog');
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid))
      .toBe('iot-switch');
    await page.close();
  });
});
