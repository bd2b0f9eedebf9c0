/**
 * Journey (issue 6; SCREENS §4 task, integralShop, vip and user pages, §5.5–5.6): a card holder signs in
 * for points, buys a points-mall item with points and cash delivered to a new address (the cash from
 * balance behind the pay password), orders another item and cancels it (its points come back), buys a
 * month of VIP from balance, and finds the membership, balance and points on the mine page and every
 * points movement in 积分明细.
 *
 * The member demo card (¥100.00, 800 points, pay password 147258) is used here and nowhere else, so the
 * figures are exact: 800 + 5 (first sign-in) − 500 (车载手机支架) − 300 + 300 (定制快充数据线, cancelled)
 * = 305 points; ¥100.00 − ¥9.90 (the stand's cash part) − ¥9.90 (月度会员) = ¥80.20.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { pickFirstRegion } from './regions';
import { hashPath } from './shop-api';

const baseUrl = inject('baseUrl');
const MEMBER_CARD = '1440312345608';
const PAY_PASSWORD = '147258';
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

async function openTab(name: string) {
  await page.getByTestId('iot-tab').filter({ hasText: name }).click();
}

async function typePassword(digits: string) {
  for (const d of digits) await page.getByTestId(`pay-kb-key-${d}`).click();
}

async function confirmDialog() {
  await page.locator('.adm-dialog-footer button, .adm-modal-footer button').filter({ hasText: '确定' }).click();
}

/** 积分商城 → a goods → 立即兑换 → the SKU sheet's confirm → 确认订单. */
async function redeem(goodsName: string) {
  await page.goto(`${baseUrl}/shop/#/pages-sub/iot/integralShop/index`);
  await page.getByTestId('mall-page').waitFor();
  await page.getByTestId('mall-goods').locator('button.mall-card').filter({ hasText: goodsName }).click();
  await page.getByTestId('mall-goods-page').waitFor();
  await page.getByTestId('mall-goods-redeem').click();
  await page.getByTestId('mall-sku-confirm').click();
  await page.getByTestId('confirm-page').waitFor();
}

describe('card holder rewards journey', () => {
  it('signs in for points, buys with points and cash to a new address, cancels an order, buys VIP, and sees it all on 我的', {
    timeout: 180_000,
  }, async () => {
    await submitCardLogin(page, baseUrl, MEMBER_CARD);
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);

    // 任务中心 (the card tab bar's 任务): the first sign-in of the streak pays 5 points, once.
    await openTab('任务');
    await page.getByTestId('task-center-page').waitFor();
    expect(await text('task-integral')).toContain('800');
    await page.getByTestId('sign-button').click();
    await expect.poll(() => text('task-integral')).toContain('805');
    await expect.poll(() => text('sign-continuous')).toContain('1');
    expect(await page.getByTestId('sign-button').isDisabled()).toBe(true);

    // 积分商城: 车载手机支架 costs 500 points + ¥9.90; the card has no address yet, so one is added on the way.
    await redeem('车载手机支架');
    expect(await text('confirm-points')).toContain('500');
    expect(await text('confirm-cash')).toBe('¥9.90');
    await page.getByTestId('confirm-add-address').click();
    await page.getByTestId('address-edit-page').waitFor();
    await page.getByTestId('address-name').locator('input').fill('李晓明');
    await page.getByTestId('address-mobile').locator('input').fill('13912345678');
    await pickFirstRegion(page);
    await expect.poll(() => text('region-field')).toMatch(/^\S+ \S+/);
    await page.getByPlaceholder('街道、楼栋、门牌号等').fill('科技园南路88号3栋');
    await page.getByTestId('address-save').click();
    await page.getByTestId('confirm-page').waitFor();
    await expect.poll(() => text('confirm-address')).toContain('李晓明');
    expect(await text('confirm-address')).toContain('科技园南路88号3栋');
    await page.getByTestId('confirm-submit').click();

    // 收银台: the cash part from balance behind the pay password.
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/integralShop\/details\/cashier\?/);
    const paidOrderSn = new URLSearchParams(hashPath(page).split('?')[1]).get('orderSn') ?? '';
    expect(paidOrderSn).toMatch(/^IS\d{20}$/);
    await page.getByTestId('mall-cashier-form').waitFor();
    expect(await text('mall-cashier-amount')).toContain('9.90');
    await page.getByTestId('mall-pay-balance').click();
    await page.getByTestId('mall-cashier-submit').click();
    await typePassword(PAY_PASSWORD);
    await page.getByTestId('mall-cashier-success').waitFor();

    // A second, points-only order (定制快充数据线, 300 points) to the now default address, then cancelled.
    await redeem('定制快充数据线');
    await expect.poll(() => text('confirm-address')).toContain('李晓明');
    await page.getByTestId('confirm-submit').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/integralShop\/order\/orderDetails\/index\?/);
    const cancelledOrderSn = new URLSearchParams(hashPath(page).split('?')[1]).get('orderSn') ?? '';
    expect(cancelledOrderSn).not.toBe(paidOrderSn);
    await expect.poll(() => text('detail-status')).toContain('待发货');
    await page.getByTestId('order-cancel').click();
    await confirmDialog();
    await expect.poll(() => text('detail-status')).toContain('已取消');

    // 商城订单: the paid order waits for shipping, the other is cancelled.
    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/integralShop/order/index`);
    await page.getByTestId(`order-${paidOrderSn}`).waitFor();
    expect(await page.getByTestId(`order-${paidOrderSn}`).getByTestId('order-status').textContent()).toContain(
      '待发货',
    );
    expect(await page.getByTestId(`order-${cancelledOrderSn}`).getByTestId('order-status').textContent()).toContain(
      '已取消',
    );

    // 会员中心 → 月度会员 → confirm → 会员支付 from balance.
    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/vip/index`);
    await page.getByTestId('vip-page').waitFor();
    await page.getByTestId('vip-product').filter({ hasText: '月度会员' }).click();
    await page.getByTestId('vip-open').click();
    await page.getByTestId('vip-confirm-ok').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/vip\/pay\/index\?/);
    await page.getByTestId('vip-pay-page').waitFor();
    expect(await text('vip-pay-name')).toContain('月度会员');
    await page.getByTestId('member-pay-balance').click();
    await page.getByTestId('member-submit').click();
    await typePassword(PAY_PASSWORD);
    // Paid from balance, it runs at once: back on 会员中心 as the current membership.
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/vip\/index/);
    await expect.poll(() => text('vip-current-name')).toContain('月度会员');

    // 我的: the membership, the balance after both payments, and the points.
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/index`);
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);
    await openTab('我的');
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages-sub\/iot\/user\/index/);
    await page.getByTestId('user-vip').waitFor();
    expect(await page.getByTestId('user-vip').getAttribute('data-state')).toBe('valid');
    expect(await text('user-vip-name')).toContain('月度会员');
    expect(await page.getByTestId('user-asset-balance').getByTestId('user-asset-value').textContent()).toContain(
      '80.20',
    );
    expect(await page.getByTestId('user-asset-integral').getByTestId('user-asset-value').textContent()).toBe('305');

    // 积分明细: opening, sign-in, both redemptions and the refund, newest first, summing to 305.
    await page.getByTestId('user-asset-integral').click();
    await page.getByTestId('integral-log-page').waitFor();
    await expect.poll(() => page.getByTestId('ledger-line').count()).toBe(5);
    const amounts = await page.getByTestId('ledger-line-amount').allTextContents();
    expect(amounts.map((a) => Number(a.replace(/[^\d+-]/g, '')))).toEqual([300, -300, -500, 5, 800]);
  });
});
