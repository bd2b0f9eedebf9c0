import { describe, expect, it } from 'vitest';
import { newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { consoleJourney, expectConsoleAccessible, field, newOwnerWindow, openPage } from './console';

/** The demo card that runs normally (seed/demo-iot-cards.ts DEMO_SIMS.normal). */
const CARD = '1440312345601';

const journey = consoleJourney();

describe("the console's IoT cards", () => {
  it('adjusts a balance and shows the ledger line; suspends a card and its home says why', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newOwnerWindow(journey.browser, journey.server, 'cardboss', 'card-boss-pass-2026');

    await openPage(page, '物联卡');
    await page.getByRole('row').filter({ hasText: CARD }).first().waitFor();
    await expectConsoleAccessible(page, 'cards page');

    await field(page, '搜索').fill(CARD);
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('button', { name: `查看卡 ${CARD}` }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: `卡 ${CARD}` });
    await drawer.getByText('余额明细').waitFor();
    await expectConsoleAccessible(page, 'card drawer');

    // The balance: +8.88 with a remark, then the ledger line.
    await drawer.getByRole('button', { name: '调整余额' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: `调整卡 ${CARD} 的余额` });
    await dialog.getByLabel('调整金额（元）').fill('8.88');
    await dialog.getByLabel('备注').fill('旅程补偿');
    await expectConsoleAccessible(page, 'balance adjustment dialog');
    await dialog.getByRole('button', { name: '调整余额' }).click();
    await page.getByText(/^已调整，当前余额 \d+\.\d{2} 元$/).waitFor();
    await drawer.getByRole('tab', { name: '余额明细' }).click();
    const line = drawer.getByRole('row').filter({ hasText: '旅程补偿' });
    await line.waitFor();
    expect(await line.textContent()).toContain('8.88');

    // Suspend: confirmed, through the operator; the new state is told.
    await drawer.getByRole('button', { name: '停机' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '停机' }).click();
    await page.getByText('卡状态：停机 (主动停机)').waitFor();
    await context.close();

    // The card holder's home says why.
    const phone = await newPhonePage(journey.browser);
    await submitCardLogin(phone.page, journey.baseUrl, CARD);
    await phone.page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(phone.page);
    const state = phone.page.getByTestId('iot-card-state');
    await state.waitFor();
    expect(await state.getAttribute('data-condition')).toBe('requested');
    expect((await phone.page.getByTestId('iot-card-state-text').first().textContent())?.trim()).toBe(
      '该卡已申请停机（报停或挂失），恢复使用请联系客服',
    );
    expect((await phone.page.getByTestId('iot-status-tag').textContent())?.trim()).toBe('停机');
  });
});
