/**
 * Journey (issue 17 must-fix 3): a stopped card says why on its home and is fixed in one tap. The arrears
 * card (1410312345605, ¥23.50, stopped by China Telecom's 欠停) pays exactly what it owes with 一键缴费
 * through the ordinary recharge and the sandbox cashier; the operator is asked to run it again and the
 * operator sync brings it back to 正常. The other demo states each say why and offer their fix.
 *
 * First, before the arrears card is paid: 智能诊断 (issue 25) on the arrears and the violation cards, from
 * the card home's entry, in Chinese and in English, with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { expectNoCjk } from './foreign-text';
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

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function login(simNo: string) {
  await submitCardLogin(page, baseUrl, simNo);
  await page.getByTestId('iot-home').waitFor();
  await dismissCardDialogs(page);
}

async function diagnosis(on: Page = page): Promise<Record<string, { verdict: string; text: string; action: string }>> {
  await on.getByTestId('diagnosis-summary').waitFor({ timeout: 30_000 });
  const rows = on.getByTestId('diagnosis-check');
  const out: Record<string, { verdict: string; text: string; action: string }> = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const action = row.getByTestId('diagnosis-action');
    out[(await row.getAttribute('data-check')) ?? ''] = {
      verdict: (await row.getAttribute('data-verdict')) ?? '',
      text: ((await row.getByTestId('diagnosis-text').textContent()) ?? '').trim(),
      action: (await action.count()) ? ((await action.textContent()) ?? '').trim() : '',
    };
  }
  return out;
}

describe('智能诊断 says what stops a card and how to fix it', () => {
  it('the arrears card: the state fails for arrears, with 一键缴费; the network is not checked', {
    timeout: 60_000,
  }, async () => {
    await login('1410312345605');
    await page.getByTestId('iot-diagnosis-entry').click();
    await expect.poll(() => hashPath(page)).toBe('/pages/iot/index/diagnosis/index');
    const found = await diagnosis();
    expect(await page.getByTestId('diagnosis-summary').getAttribute('data-verdict')).toBe('fail');
    expect(found.state).toEqual({
      verdict: 'fail',
      text: '已欠费 ¥23.50，充值后约 5 分钟复机',
      action: '一键缴费 ¥23.50',
    });
    expect(found.network?.verdict).toBe('skip');
    // The operator (the simulator) answered the sync just made.
    expect(found.sync?.verdict).toBe('ok');
    expect(await text('page-title')).toBe('智能诊断');
    await expectAccessible(page, 'diagnosis (arrears card)');
  });

  it('the violation card, in English: the violation fails, with the lift action', { timeout: 60_000 }, async () => {
    const { context, page: en } = await newPhonePage(browser, 'en-US');
    try {
      await submitCardLogin(en, baseUrl, '1440312345607');
      await en.getByTestId('iot-home').waitFor();
      await dismissCardDialogs(en);
      await en.getByTestId('iot-diagnosis-entry').click();
      const found = await diagnosis(en);
      expect(found.state?.verdict).toBe('fail');
      expect(found.state?.action).toBe('Lift restriction');
      expect(((await en.getByTestId('page-title').textContent()) ?? '').trim()).toBe('Diagnosis');
      await expectNoCjk(en, 'diagnosis');
      await expectAccessible(en, 'diagnosis (violation card, English)');
    } finally {
      await context.close();
    }
  });
});

describe('a stopped card says why and is fixed in one tap', () => {
  it('the arrears card: 一键缴费 → sandbox 确认支付 → back to 正常 after the operator sync', {
    timeout: 120_000,
  }, async () => {
    await login('1410312345605');
    const state = page.getByTestId('iot-card-state');
    await state.waitFor();
    expect(await state.getAttribute('data-condition')).toBe('arrears');
    expect(await text('iot-card-state-text')).toBe('已欠费 ¥23.50，充值后约 5 分钟复机');
    expect(await text('iot-status-tag')).toBe('停机');
    expect(await text('iot-card-state-action')).toBe('一键缴费 ¥23.50');

    // One tap: the recharge order for exactly ¥23.50 and straight to the provider's (sandbox) page.
    await page.getByTestId('iot-card-state-action').click();
    await page.getByTestId('sandbox-pay').waitFor({ timeout: 30_000 });
    expect(await page.locator('body').textContent()).toContain('23.50');
    await page.getByTestId('sandbox-pay').click();

    // Back at 充值支付: paid, and all of it went to the arrears.
    await page.getByTestId('cashier-success').waitFor({ timeout: 30_000 });
    expect(hashPath(page)).toContain('from=pay');
    expect(await text('cashier-success')).toContain('¥23.50 已抵扣欠费');

    // The card home: the operator ran the card again and the sync says so.
    await page.getByTestId('cashier-done').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/iot\/index\/index/);
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);
    await expect.poll(() => text('iot-status-tag'), { timeout: 30_000 }).toBe('正常');
    expect(await page.getByTestId('iot-card-state').count()).toBe(0);
    expect(await page.getByTestId('iot-arrears').count()).toBe(0);

    // The recharge order is an ordinary one, for ¥23.50, 已到账.
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/orderLogs/index?tab=balance`);
    await page.getByTestId('order-logs-page').waitFor();
    await expect.poll(() => page.locator('body').textContent(), { timeout: 30_000 }).toContain('23.50');
  });

  it.each([
    ['1440312345607', 'violation', '解除限制'],
    ['1440312345609', 'packageExpired', '订购套餐'],
    ['1460312345610', 'poolExhausted', '订购加油包'],
    ['1440312345611', 'operator', '联系客服'],
    ['1440312345612', 'deviceOffline', '设备管理'],
  ])('card %s says it is %s and offers %s', { timeout: 60_000 }, async (simNo, condition, action) => {
    await login(simNo);
    const state = page.getByTestId('iot-card-state');
    await state.waitFor();
    expect(await state.getAttribute('data-condition')).toBe(condition);
    expect(await text('iot-card-state-text')).not.toBe('');
    expect(await text('iot-card-state-action')).toBe(action);
  });
});
