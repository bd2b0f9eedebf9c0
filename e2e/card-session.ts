/** Steps the card journeys share: the card login form and the card home's dialogs. */
import type { Page } from 'playwright-core';

/**
 * Answers the dialogs the card home opens, one at a time: a blocking prompt with 稍后, then the layout
 * popup with 今日不再提示 (which must then stay closed), or the once-a-day VIP promo. Both answers are the
 * first button of their dialog, whatever the language.
 */
export async function dismissCardDialogs(page: Page) {
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
