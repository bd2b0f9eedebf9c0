/**
 * Journey: a shopper browses the goods catalogue, opens a goods and its order sheet, meets a sold-out
 * goods, and lands on a campaign page.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { pickFirstRegion } from './regions';
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

/** A full load of the app at `path`, so no sheet, popup or remembered query of an earlier test is left. */
async function open(path: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}/shop/#${path}`);
}

interface Goods {
  id: number;
  name: string;
  price: string;
  stock: number | null;
  needSmsCode: 0 | 1;
}

async function allGoods(): Promise<Goods[]> {
  const body = (await (await fetch(`${baseUrl}/api/shop/goodsList?pageSize=50`)).json()) as {
    data: { list: Goods[] };
  };
  return body.data.list;
}

describe('goods browsing', () => {
  it('catalogue → a goods detail shows name, price and the order sheet, which validates its form', async () => {
    await open('/pages/goods/index');
    const card = page.locator('[data-testid="goods-card"][data-sold-out="0"]').first();
    await card.waitFor();
    const id = Number(await card.getAttribute('data-goods-id'));
    const goods = (await allGoods()).find((g) => g.id === id);
    expect(goods).toBeDefined();
    await card.click();

    await expect.poll(() => hashPath(page)).toBe(`/pages/goods/general/index?goodsId=${id}`);
    await page.getByTestId('goods-detail').waitFor();
    expect(await page.getByTestId('goods-detail-name').textContent()).toBe(goods?.name);
    expect(await page.getByTestId('goods-detail-price').textContent()).toBe(`¥${goods?.price}`);
    expect((await page.getByTestId('goods-detail-html').textContent())?.length).toBeGreaterThan(0);

    await page.getByTestId('goods-apply').click();
    await page.getByTestId('goods-order-sheet').waitFor();
    await page.getByTestId('goods-order-submit').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('请输入2-20位真实姓名');

    await page.getByPlaceholder('请输入身份证上的姓名').fill('张三');
    await page.getByPlaceholder('请输入18位身份证号').fill('11010119900307803X');
    await page.getByPlaceholder('请输入11位手机号').fill('13800138000');
    if (goods?.needSmsCode === 1) await page.getByPlaceholder('请输入6位验证码').fill('123456');
    await pickFirstRegion(page);
    await expect.poll(() => page.getByTestId('region-field').textContent()).toMatch(/^\S+ \S+/);
    await page.getByPlaceholder('街道、小区、楼栋、门牌号').fill('东长安街1号院2单元');
    await page.getByTestId('goods-order-submit').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('请先阅读并同意协议');
    await page.locator('.goods-order-form__agree .adm-checkbox-icon').click();
    // A valid form places the order (the outcome of the made-up SMS code is the ordering journey's concern).
    const create = page.waitForRequest((r) => r.url().endsWith('/api/shop/order/create'));
    await page.getByTestId('goods-order-submit').click();
    const body = (await create).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      orderType: 2,
      goodsId: id,
      contactName: '张三',
      idCard: '11010119900307803X',
      contactMobile: '13800138000',
      addressDetail: '东长安街1号院2单元',
      agreeProtocol: 1,
    });
    expect(body.countyCode).toMatch(/^\d{6}$/);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('agreeAgreement=1 pre-ticks the agreement', async () => {
    const goods = (await allGoods()).find((g) => g.stock !== 0);
    await open(`/pages/goods/general/index?goodsId=${goods?.id}&agreeAgreement=1`);
    await page.getByTestId('goods-apply').click();
    await page.getByTestId('goods-order-sheet').waitFor();
    expect(await page.locator('.goods-order-form__agree').getAttribute('class')).toContain('adm-checkbox-checked');
  });

  it('a sold-out goods is greyed in the list and its button is disabled', async () => {
    const soldOut = (await allGoods()).find((g) => g.stock === 0);
    expect(soldOut).toBeDefined();
    await open('/pages/goods/index');
    const card = page.locator(`[data-testid="goods-card"][data-goods-id="${soldOut?.id}"]`);
    await page.getByTestId('goods-card').first().waitFor();
    for (let scrolls = 0; scrolls < 20 && (await card.count()) === 0; scrolls++) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(200);
    }
    expect(await card.getAttribute('data-sold-out')).toBe('1');
    expect(await card.getAttribute('class')).toContain('goods-card--sold-out');
    expect(await card.textContent()).toContain('已售罄');
    // Its picture is greyed; its text stays readable (WCAG 1.4.3).
    expect(await card.locator('.goods-card__image').evaluate((el) => getComputedStyle(el).filter)).toContain(
      'grayscale',
    );
    expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');

    await card.click();
    await page.getByTestId('goods-detail').waitFor();
    const apply = page.getByTestId('goods-apply');
    expect(await apply.isDisabled()).toBe(true);
    expect(await apply.textContent()).toBe('已售罄');
  });

  it('an unknown goods shows 商品不存在', async () => {
    await open('/pages/goods/general/index?goodsId=999999');
    const missing = page.getByTestId('goods-not-found');
    await missing.waitFor();
    expect(await missing.textContent()).toContain('商品不存在');
  });

  it('a landing page (?pageCode=summer) renders its banner, blocks and popup', async () => {
    const info = (await (await fetch(`${baseUrl}/api/shop/singlePageInfo?pageCode=summer`)).json()) as {
      data: { title: string; banner: string; blocks: { type: string }[]; popup: { content: string } };
    };
    await open('/pages-sub/single/index?pageCode=summer');
    const banner = page.getByTestId('single-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('src')).toBe(info.data.banner);
    await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByTestId('single-block').count()).toBe(info.data.blocks.length);
    expect(await page.getByTestId('page-title').textContent()).toContain(info.data.title);
    expect(await page.getByTestId('single-page').getByTestId('goods-card').count()).toBeGreaterThan(0);

    const popup = page.getByTestId('single-popup');
    await popup.waitFor();
    expect(await popup.textContent()).toBe(info.data.popup.content);
    await page.getByText('不再提示').click();
    await popup.waitFor({ state: 'hidden' });
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('shop:layout') ?? '{}').state.singlePopupPrevent),
    ).toEqual({ summer: true });
    await page.reload();
    await page.getByTestId('single-banner').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('single-popup').isVisible()).toBe(false);

    await page.getByTestId('single-cta').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/goods\/general\/index\?/);
    const params = new URLSearchParams(hashPath(page).split('?')[1]);
    expect(params.get('pageCode')).toBe('summer');
    expect(Number(params.get('goodsId'))).toBeGreaterThan(0);
  });

  it('the one-product landing page (?pageCode=card1) shows its goods with the order form inline', async () => {
    const info = (await (await fetch(`${baseUrl}/api/shop/singlePageInfo?pageCode=card1`)).json()) as {
      data: { goods: { name: string; price: string }[] };
    };
    const goods = info.data.goods[0];
    await open('/pages-sub/single/single?pageCode=card1');
    await page.getByTestId('single-product').waitFor();
    expect(await page.getByTestId('single-banner').count()).toBe(1);
    expect(await page.getByTestId('goods-detail-name').textContent()).toBe(goods?.name);
    expect(await page.getByTestId('goods-detail-price').textContent()).toBe(`¥${goods?.price}`);
    const form = page.getByTestId('goods-order-form');
    expect(await form.isVisible()).toBe(true);
    await page.getByTestId('goods-apply').click();
    // The bar scrolls the form into view (as far as the page's end allows).
    await expect.poll(() => form.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(760);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('an unknown page code goes home without it', async () => {
    await open('/pages-sub/single/index?pageCode=nope');
    await expect.poll(() => hashPath(page)).toBe('/pages/index/index');
  });
});
