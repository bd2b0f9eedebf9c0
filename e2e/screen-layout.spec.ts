/**
 * The shop's screens are laid out as drawn, in Simplified Chinese and in English, at phone size
 * (375×760): the usage ring's label fits inside the ring at any figures; 显示/复制 keep one line; the
 * Wi-Fi encryption chips are not cut off; the recent-card chips are readable; grid cards have equal
 * heights; a form's fields start on one line whatever its labels' language; the 404 page says things
 * once. Geometry is read from the page (boxes and line boxes), never timed.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { textContrast } from './accessibility';
import { launchBrowser, newPhonePage } from './browser';
import { submitCardLogin } from './card-session';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LOCALES = ['zh-CN', 'en-US'] as const;

/** Logs the card in and answers the card home's dialogs with their first button (or the promo's close). */
async function cardHome(page: Page, simNo: string): Promise<void> {
  await submitCardLogin(page, baseUrl, simNo);
  await page.getByTestId('iot-flow').waitFor();
  const dialogs = page.locator('.adm-center-popup-wrap').filter({ visible: true });
  for (let quiet = 0; quiet < 3; ) {
    await page.waitForTimeout(700);
    if ((await dialogs.count()) === 0) {
      quiet++;
      continue;
    }
    quiet = 0;
    const close = page.getByTestId('vip-promo-close');
    if (await close.isVisible()) await close.click();
    else await dialogs.first().locator('.adm-dialog-footer button, .adm-modal-footer button').first().click();
    await expect.poll(() => dialogs.count()).toBe(0);
  }
}

/** The number of lines the element's text takes (its line boxes). */
function lineCount(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    }),
  );
}

/** Elements whose content is wider than their box (cut off or scrolled). */
function clipped(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => `${element.textContent}: ${element.scrollWidth} > ${element.clientWidth}`),
    );
}

/** Heights of the elements, rounded to the pixel. */
function heights(page: Page, selector: string): Promise<number[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().height)));
}

/**
 * Shows `used`/`total` (total null: unlimited) in the ring's own label, then lists every piece of its
 * text that reaches outside the ring's inner circle.
 */
function ringLabelOverflow(page: Page, figures: { used: string; total: string | null } | null): Promise<string[]> {
  return page.getByTestId('iot-flow-ring').evaluate((ring, shown) => {
    const used = ring.querySelector<HTMLElement>('[data-testid="iot-flow-used"]');
    if (!used) throw new Error('no ring label');
    if (shown) {
      const amount = used.querySelector('.iot-flow__amount');
      const total = used.querySelector('.iot-flow__total');
      if (amount) {
        amount.textContent = shown.used;
        if (total && shown.total) total.textContent = `/${shown.total}`;
        else total?.remove();
      } else {
        used.textContent = shown.total ? `${shown.used}/${shown.total}` : shown.used;
      }
    }
    const circle = ring.querySelector('.adm-progress-circle');
    if (!circle) throw new Error('no ring');
    const box = circle.getBoundingClientRect();
    const track = Number.parseFloat(getComputedStyle(circle).getPropertyValue('--track-width')) || 0;
    const inner = box.width / 2 - track;
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const text = ring.querySelector('.iot-flow__ring-text') ?? used;
    const outside: string[] = [];
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const corners = [
          [r.left, r.top],
          [r.right, r.top],
          [r.left, r.bottom],
          [r.right, r.bottom],
        ] as const;
        const far = Math.max(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy)));
        if (far > inner + 0.5)
          outside.push(`"${node.textContent}" reaches ${far.toFixed(1)} px from the centre, ring ${inner} px`);
      }
    }
    return outside;
  }, figures);
}

describe.each(LOCALES)('at 375×760 in %s', (locale) => {
  it('the usage ring label fits inside the ring at every value', { timeout: 150_000 }, async () => {
    const { page } = await newPhonePage(browser, locale);
    // The used-up card has used all of its 10 GB: 10.00GB/10.00GB.
    await cardHome(page, '1460312345610');
    expect(await page.getByTestId('iot-flow-used').textContent()).toBe('10.00GB/10.00GB');
    expect(await ringLabelOverflow(page, null)).toEqual([]);
    for (const figures of [
      { used: '1023.99MB', total: '2048.00GB' },
      { used: '97656.25GB', total: '97656.25GB' },
      { used: '97656.25GB', total: null },
    ]) {
      expect(await ringLabelOverflow(page, figures), JSON.stringify(figures)).toEqual([]);
    }
    await page.close();
  });

  it('显示/复制 keep one line and the encryption is not cut off', { timeout: 150_000 }, async () => {
    const { page } = await newPhonePage(browser, locale);
    await cardHome(page, 'HK5G2025000102');
    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/deviceManage/index`);
    await page.getByTestId('wifi-pass-toggle').first().waitFor();
    const buttons = '[data-testid="wifi-pass-toggle"], [data-testid="wifi-pass-copy"]';
    expect(await page.locator(buttons).count()).toBeGreaterThanOrEqual(2);
    expect(await lineCount(page, buttons)).toEqual(
      Array.from({ length: await page.locator(buttons).count() }, () => 1),
    );
    expect(await clipped(page, '[data-testid="wifi-encrypt"]')).toEqual([]);
    await page.close();
  });

  it('the Wi-Fi code form shows every encryption chip whole', async () => {
    const { page } = await newPhonePage(browser, locale);
    await page.goto(`${baseUrl}/shop/#/pages-sub/wifi/index`);
    const chips = '[data-testid="wifi-encrypt"] .adm-selector-item';
    await page.locator(chips).first().waitFor();
    expect(await page.locator(chips).count()).toBe(3);
    expect(await clipped(page, chips)).toEqual([]);
    expect(await lineCount(page, chips)).toEqual([1, 1, 1]);
    await page.close();
  });

  it('the recent-card chips on the card login are readable', { timeout: 150_000 }, async () => {
    const { page } = await newPhonePage(browser, locale);
    await cardHome(page, '1440312345601');
    await page.goto(`${baseUrl}/shop/#/pages/iot/login/index`);
    const chip = page.getByTestId('iot-recent-card').first();
    await chip.waitFor();
    expect(await chip.textContent()).toBe('1440312345601');
    expect(await textContrast(page, '[data-testid="iot-recent-card"]')).toBeGreaterThanOrEqual(4.5);
    expect(await clipped(page, '[data-testid="iot-recent-card"]')).toEqual([]);
    expect(await lineCount(page, '[data-testid="iot-recent-card"]')).toEqual([1]);
    await page.close();
  });

  it('grid cards have equal heights', { timeout: 180_000 }, async () => {
    const { page } = await newPhonePage(browser, locale);
    const equal = async (what: string, selector: string) => {
      await page.locator(selector).first().waitFor();
      const hs = await heights(page, selector);
      expect(hs.length, what).toBeGreaterThan(1);
      expect(Math.max(...hs) - Math.min(...hs), `${what}: ${hs.join(', ')}`).toBeLessThanOrEqual(1);
    };
    await page.goto(`${baseUrl}/shop/#/pages/index/index`);
    await page.getByTestId('number-card').first().waitFor();
    await page.getByTestId('arrange-grid').click();
    await expect.poll(() => page.getByTestId('number-list').getAttribute('data-arrange')).toBe('2');
    await equal('number grid', '[data-testid="number-card"]');

    await cardHome(page, '1440312345601');
    await equal('card home menus', '[data-testid="iot-menu-grid"] .iot-menu__cell');
    await page.goto(`${baseUrl}/shop/#/pages/iot/index/balance/index`);
    await equal('recharge options', '[data-testid="balance-options"] [data-testid^="balance-option-"]');
    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/vip/index`);
    await equal('VIP options', '[data-testid="vip-product"]');
    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/integralShop/index`);
    await equal('points mall goods', '[data-testid="mall-goods"] .mall-card');
    await page.close();
  });

  it("a form's fields start on one line, whatever its labels' language", async () => {
    const { page } = await newPhonePage(browser, locale);
    const numbers = await (await fetch(`${baseUrl}/api/shop/numberList?pageSize=1`)).json();
    const numberId = (numbers as { data: { list: { id: number }[] } }).data.list[0]?.id;
    await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${numberId}`);
    await page.getByTestId('reserve-form').waitFor();
    const starts = await page
      .getByTestId('reserve-form')
      .locator('.adm-list-item-content-main')
      .evaluateAll((mains) => mains.map((main) => Math.round(main.getBoundingClientRect().left)));
    expect(starts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(starts).size, starts.join(', ')).toBe(1);
    // The terms read as links on a page opened directly (their style came with another screen's CSS).
    const borders = await page
      .locator('.numbers-reserve__agree .numbers-link')
      .evaluateAll((links) => links.map((link) => getComputedStyle(link).borderTopStyle));
    expect(borders).toEqual(['none', 'none']);
    await page.close();
  });

  it('the 404 page says each thing once', async () => {
    const { page } = await newPhonePage(browser, locale);
    await page.goto(`${baseUrl}/shop/#/pages/no/such/page`);
    const notFound = page.getByTestId('page-not-found');
    await notFound.waitFor();
    const lines = (await notFound.innerText())
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lines).size, lines.join(' | ')).toBe(lines.length);
    await page.close();
  });
});
