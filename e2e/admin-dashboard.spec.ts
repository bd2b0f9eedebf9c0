/**
 * The console's dashboard and jobs page end to end (issue 23 items 5 and 6) on a server of its own: the
 * owner (made by the CLI) signs in, reads today's figures, shoppers place orders through the shop's API,
 * and the dashboard's totals and today's row grow by exactly the orders placed; the health shows how the
 * period's payments were settled; the jobs page runs a job now after a confirmation and lists the batch
 * jobs. axe on both pages:
 * 0 serious or critical findings.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleJourney, expectConsoleAccessible, newOwnerWindow, openPage } from './console';

const journey = consoleJourney();

/** A goods card that needs no SMS step and has stock, from the demo catalogue. */
function freeGoodsId(): number {
  const db = new Database(journey.server.sqliteFile, { readonly: true });
  try {
    const row = db
      .prepare(
        'select id from goods where status = 1 and need_sms_code = 0 and (stock is null or stock > 10) order by id limit 1',
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error('no demo goods without an SMS step');
    return row.id;
  } finally {
    db.close();
  }
}

/** A shopper's goods order through the shop's API. */
async function placeOrder(goodsId: number, n: number): Promise<string> {
  const res = await fetch(`${journey.baseUrl}/api/shop/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'order-session-id': randomUUID().replaceAll('-', '') },
    body: JSON.stringify({
      orderType: 2,
      goodsId,
      contactName: '王五',
      idCard: '110101198506061235',
      contactMobile: `1360013600${n}`,
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110101',
      addressDetail: '东长安街 1 号',
      agreeProtocol: 1,
      uuid: randomUUID(),
    }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { orderSn: string } };
  expect(body.code, body.message).toBe(0);
  return body.data.orderSn;
}

/** Today in China, as the dashboard's rows name it. */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function todayOrders(page: Page): Promise<number> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: chinaToday(), exact: true }) });
  return Number(await row.getByRole('cell').nth(1).textContent());
}

describe('the dashboard and the jobs page', () => {
  it('counts the orders placed in the test, shows the health, and runs a job now beside the batch jobs', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newOwnerWindow(journey.browser, journey.server, 'dana', 'dana-pass-2026');

    await openPage(page, '数据看板');
    await page.getByTestId('total-orders').waitFor();
    const before = Number(await page.getByTestId('total-orders').textContent());
    const todayBefore = await todayOrders(page);
    await page.getByText(/^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2} 已结算的支付$/).waitFor();
    await page
      .getByRole('img', { name: /^每日笔数，/ })
      .locator('svg')
      .first()
      .waitFor();
    await expectConsoleAccessible(page, 'dashboard');

    const goodsId = freeGoodsId();
    const placed = 3;
    for (let n = 0; n < placed; n++) await placeOrder(goodsId, n);

    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(async () => Number(await page.getByTestId('total-orders').textContent())).toBe(before + placed);
    expect(await todayOrders(page)).toBe(todayBefore + placed);

    await openPage(page, '后台任务');
    const row = page.getByRole('row').filter({ hasText: 'payment-reconcile' });
    await row.waitFor();
    await page.getByRole('heading', { name: '批量任务', level: 3 }).waitFor();
    await expectConsoleAccessible(page, 'jobs page');
    await row.getByRole('button', { name: '立即运行' }).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '立即运行任务 payment-reconcile？' });
    await confirm.getByRole('button', { name: '立即运行' }).click();
    // The job runs before the answer comes back: on a loaded machine (the CI's PostgreSQL and journeys at
    // once) it took longer than the default 30 s.
    await page.getByText(/payment-reconcile (已运行，结果：成功|未运行)/).waitFor({ timeout: 90_000 });
    await context.close();
  });
});
