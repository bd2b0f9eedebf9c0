/**
 * Journey: from the mine tab a shopper opens 客服中心, reads a hot question, then searches all questions
 * for a keyword and opens a result.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { api, hashPath } from './shop-api';

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

describe('customer service', () => {
  it('mine → 客服中心 → a hot question shows its title and content', async () => {
    const hot = await api<{ id: number; title: string }[]>('/api/shop/customer/hotQuestionList');
    expect(hot.length).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('tab-mine').click();
    await page.getByTestId('user-page').waitFor();
    await page.getByTestId('user-menu-customer').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/customer\/index/);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toContain('客服中心');

    const first = page.getByTestId('customer-hot-question').first();
    await first.waitFor();
    expect(await page.getByTestId('customer-hot-question').count()).toBe(hot.length);
    expect(await first.textContent()).toContain(hot[0]?.title);
    await first.click();

    await expect.poll(() => hashPath(page)).toBe(`/pages/customer/question/detail?id=${hot[0]?.id}`);
    const title = page.getByTestId('question-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(hot[0]?.title);
    const view = await api<{ content: string }>(`/api/shop/sysQuestion/view?id=${hot[0]?.id}`);
    const plain = view.content.replace(/<[^>]+>/g, '').trim();
    expect(plain.length).toBeGreaterThan(0);
    expect((await page.getByTestId('question-content').textContent())?.trim()).toBe(plain);
  });

  it('全部问题 → a keyword search finds a matching question', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/customer/index`);
    await page.getByTestId('customer-all-questions').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/customer\/question\/index/);
    await page.getByTestId('question-item').first().waitFor();

    await page.getByTestId('question-search').locator('input').fill('激活');
    // The search matches titles and summaries, so every item shown mentions the keyword somewhere.
    await expect
      .poll(async () => {
        const items = await page.getByTestId('question-item').allTextContents();
        return items.length > 0 && items.every((text) => text.includes('激活'));
      })
      .toBe(true);
    const result = page.getByTestId('question-item').filter({ hasText: '收到卡后如何激活？' });
    await result.click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/customer\/question\/detail\?id=\d+/);
    await expect.poll(() => page.getByTestId('question-title').textContent()).toBe('收到卡后如何激活？');
    expect(await page.getByTestId('question-content').textContent()).toContain('人脸识别');
  });

  it('a keyword without matches shows 没有找到相关问题 with 联系客服', async () => {
    await page.goto(`${baseUrl}/shop/#/pages/customer/question/index`);
    await page.getByTestId('question-search').locator('input').fill('不存在的问题关键词');
    const empty = page.getByTestId('page-empty-state');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('没有找到相关问题');
    await empty.getByText('联系客服').click();
    await expect.poll(() => hashPath(page)).toMatch(/^\/pages\/customer\/index/);
  });
});
