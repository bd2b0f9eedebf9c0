/** Steps the card journeys share: the card login form and the card home's dialogs. */
import type { Page } from 'playwright-core';

const inFlight = new WeakMap<Page, { count: number; changed: number }>();

/** Counts the page's requests in flight from now on (once per page). */
function trackRequests(page: Page) {
  const known = inFlight.get(page);
  if (known) return known;
  const tracked = { count: 0, changed: Date.now() };
  const done = () => {
    tracked.count = Math.max(0, tracked.count - 1);
    tracked.changed = Date.now();
  };
  page.on('request', () => {
    tracked.count++;
    tracked.changed = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  inFlight.set(page, tracked);
  return tracked;
}

/**
 * Waits until the page has had no request in flight for `quietMs` (at most `maxMs`): the card home's
 * dialogs are decided by requests after the home shows (the VIP promo asks the shelf and loads its modal
 * chunk), so on a loaded machine a dialog may open well after the home itself.
 */
async function networkQuiet(page: Page, quietMs = 600, maxMs = 20_000) {
  const state = trackRequests(page);
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    if (state.count === 0 && Date.now() - state.changed >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/**
 * Answers the dialogs the card home opens, one at a time: a blocking prompt with 稍后, then the layout
 * popup with 今日不再提示 (which must then stay closed), or the once-a-day VIP promo. Both answers are the
 * first button of their dialog, whatever the language. It first waits for the home's requests to settle.
 */
export async function dismissCardDialogs(page: Page) {
  await networkQuiet(page);
  const prompt = page.getByTestId('iot-prompt');
  const popup = page.getByTestId('iot-popup');
  const vipPromo = page.getByTestId('vip-promo-dialog');
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(400);
    if (await vipPromo.isVisible()) {
      await page.getByTestId('vip-promo-close').click();
      await vipPromo.waitFor({ state: 'detached' });
    } else if (await prompt.isVisible()) {
      await page.locator('.adm-dialog-footer button').first().click();
      await prompt.waitFor({ state: 'detached' });
    } else if (await popup.isVisible()) {
      await page.locator('.adm-dialog-footer button').first().click();
      await popup.waitFor({ state: 'detached' });
    } else {
      return;
    }
  }
}

/** Opens the card login as a fresh document and submits a card number (and its password, if given). */
export async function submitCardLogin(page: Page, baseUrl: string, simNo: string, password?: string) {
  trackRequests(page);
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
