/**
 * Journey of the console's payments and SMS pages (issue 23 item 4) on a server of its own: a shopper orders
 * a number and pays at the sandbox cashier (its notify reaches the server), and a login code is sent; the
 * owner, made by the CLI, sees the payment record, the notify in the callback log with its raw body, and
 * the code in the SMS log with the mobile masked. axe on each page: 0 serious or critical findings.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './browser';
import {
  consoleJourney,
  expectConsoleAccessible,
  newOwnerWindow,
  openPage,
  shopperOrders,
  withoutOrderSmsStep,
} from './console';

// The journeys are about the console, not the shop's SMS step on an order.
const journey = consoleJourney(withoutOrderSmsStep);

describe('the payments and SMS pages', () => {
  let owner: { context: BrowserContext; page: Page };

  it('show the paid order, its notify with the raw body, and the login code with a masked mobile', async () => {
    const shopper = await newPhonePage(journey.browser);
    const orderSn = await shopperOrders(shopper.page, journey.baseUrl, '13700009988');
    await shopper.context.close();
    const sent = await fetch(`${journey.baseUrl}/api/hk/sendCode`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        platform: 'h5',
        hostname: '127.0.0.1',
        'platform-source': '1',
        'order-session-id': 'b'.repeat(32),
      },
      body: JSON.stringify({ mobile: '13700004321', scene: 'login' }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(0);

    owner = await newOwnerWindow(journey.browser, journey.server, 'payboss', 'payboss-pass-2026');
    const { page } = owner;

    await openPage(page, '支付');
    const record = page.getByRole('row').filter({ hasText: orderSn });
    await record.waitFor();
    expect(await record.textContent()).toContain('已支付');
    await expectConsoleAccessible(page, 'payments page');

    await page.getByRole('tab', { name: '回调日志' }).click();
    // The sandbox cashier's notify (source 回调); it settled the order unless the shop's status poll won.
    const line = page.getByRole('row').filter({ hasText: orderSn }).filter({ hasText: '回调' }).first();
    await line.waitFor();
    expect(await line.textContent()).toMatch(/已入账|重复/);
    await line.getByRole('button', { name: '查看' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '原始报文' });
    await dialog.getByTestId('callback-body').waitFor();
    expect(await dialog.getByTestId('callback-body').textContent()).toContain(orderSn);
    await expectConsoleAccessible(page, 'payment callback');
    await dialog.getByRole('button', { name: '关闭' }).last().click();

    await openPage(page, '短信日志');
    const sms = page.getByRole('row').filter({ hasText: '137****4321' });
    await sms.waitFor();
    expect(await sms.textContent()).toContain('outbox');
    expect(await page.content()).not.toContain('13700004321');
    await expectConsoleAccessible(page, 'SMS log page');
    await owner.context.close();
  });
});
