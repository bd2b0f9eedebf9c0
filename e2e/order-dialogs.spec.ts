/**
 * The order dialogs of SPEC §8 end to end: 30003 (an applicant under 16), 30001 (the last unit bought
 * by someone else while the form was open) and 32001 (the number reserved by someone else meanwhile),
 * each with its text and the buttons that go where the spec says.
 */
import { randomUUID } from 'node:crypto';
import { idCardCheckChar } from '@haoka/contract';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { pickFirstRegion } from './regions';
import { hashPath } from './shop-api';

const baseUrl = inject('baseUrl');
const sqliteFile = inject('sqliteFile');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let db: Database.Database;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  // These journeys are about the dialogs, not the SMS step.
  db.prepare(
    "insert into settings (key, value_json, updated_at) values ('number_order', '{\"needSmsCode\":0}', ?) on conflict(key) do update set value_json = excluded.value_json",
  ).run(Date.now());
});
// Each journey is a new visitor: no page state carries over from the one before.
beforeEach(async () => {
  ({ context, page } = await newPhonePage(browser));
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  db?.close();
  await browser?.close();
});

const ADULT_ID = '11010119900307803X';
const CHILD_BODY = `110101${new Date().getFullYear() - 10}0101001`;
const CHILD_ID = `${CHILD_BODY}${idCardCheckChar(CHILD_BODY)}`;

/** Places an order straight through the API, as another shopper would. */
async function orderByOther(body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/api/shop/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'order-session-id': randomUUID().replaceAll('-', '') },
    body: JSON.stringify({
      contactName: '王五',
      idCard: '110101198506061235',
      contactMobile: '13600136000',
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110101',
      addressDetail: '东长安街 1 号',
      agreeProtocol: 1,
      uuid: randomUUID(),
      ...body,
    }),
  });
  expect((await res.json()).code).toBe(0);
}

async function fillGoodsForm(idCard: string) {
  await page.getByTestId('goods-apply').click();
  await page.getByTestId('goods-order-sheet').waitFor();
  await page.getByPlaceholder('请输入身份证上的姓名').fill('张三');
  await page.getByPlaceholder('请输入18位身份证号').fill(idCard);
  await page.getByPlaceholder('请输入11位手机号').fill('13800138000');
  await pickFirstRegion(page);
  await page.getByPlaceholder('街道、小区、楼栋、门牌号').fill('东长安街1号院2单元');
  await page.locator('.goods-order-form__agree .adm-checkbox-icon').click();
}

const dialog = () => page.locator('.adm-dialog-body');
const dialogButton = (text: string) => page.locator('.adm-dialog-footer button').filter({ hasText: text });

function freeGoodsId(): number {
  const row = db
    .prepare(
      'select id from goods where status = 1 and need_sms_code = 0 and (stock is null or stock > 5) order by id limit 1',
    )
    .get() as { id: number } | undefined;
  if (!row) throw new Error('no demo goods without an SMS step');
  return row.id;
}

describe('order dialogs', () => {
  it('30003: an applicant under 16 is told why, and can reach customer service', async () => {
    const goodsId = freeGoodsId();
    await page.goto(`${baseUrl}/shop/#/pages/goods/general/index?goodsId=${goodsId}`);
    await page.getByTestId('goods-detail').waitFor();
    await fillGoodsForm(CHILD_ID);
    await page.getByTestId('goods-order-submit').click();
    await dialog().waitFor();
    expect(await dialog().textContent()).toContain('温馨提示');
    expect(await dialog().textContent()).toContain('16至60周岁');
    expect(await dialogButton('确定').count()).toBe(1);
    await dialogButton('联系客服').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/customer\/index/);
  });

  it('30001: the last unit bought meanwhile by someone else → sold out, back to the shop at 号卡', async () => {
    const goodsId = freeGoodsId();
    db.prepare('update goods set stock = 1 where id = ?').run(goodsId);
    await page.goto(`${baseUrl}/shop/#/pages/goods/general/index?goodsId=${goodsId}`);
    await page.getByTestId('goods-detail').waitFor();
    await fillGoodsForm(ADULT_ID);
    await orderByOther({ orderType: 2, goodsId });
    await page.getByTestId('goods-order-submit').click();
    await dialog().waitFor();
    expect(await dialog().textContent()).toContain('哎呀！客官来晚了，该商品卖光啦！');
    await dialogButton('返回商城').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/index\/index\?(.*&)?indexFirstGroup=2/);
    db.prepare('update goods set stock = null where id = ?').run(goodsId);
  });

  it('32001: the number reserved meanwhile by someone else → taken, back to the shop at 靓号', async () => {
    const number = db
      .prepare('select id from numbers where status = 1 and price_fen > 0 order by id desc limit 1')
      .get() as { id: number };
    await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${number.id}`);
    await page.getByTestId('reserve-form').waitFor();
    await page.getByTestId('reserve-name').locator('input').fill('张三');
    await page.getByTestId('reserve-idcard').locator('input').fill(ADULT_ID);
    await page.getByTestId('reserve-mobile').locator('input').fill('13800138001');
    await pickFirstRegion(page);
    await page.getByTestId('reserve-address').locator('input').fill('科技园南路88号');
    await page.getByTestId('reserve-agree').click();
    await orderByOther({ orderType: 1, numberId: number.id });
    await page.getByTestId('reserve-submit').click();
    await dialog().waitFor();
    expect(await dialog().textContent()).toContain('哎呀！客官来晚了，号码被他人抢先预约！');
    expect(await dialogButton('联系客服').count()).toBe(1);
    await dialogButton('返回商城').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/index\/index\?(.*&)?indexFirstGroup=1/);
  });
});
