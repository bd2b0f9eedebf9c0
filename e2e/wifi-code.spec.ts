/**
 * Journey (issue 7; SCREENS §4 wifi/index, share, connect): anyone makes a "scan to connect" Wi-Fi code
 * for a network whose name and password hold the characters the `WIFI:` syntax reserves, and the QR
 * rendered on the poster — and the QR in the poster PNG that 保存图片 downloads — decodes (jsQR, run
 * inside the page) back to the standard `WIFI:T:WPA;S:…;P:…;;` payload a phone camera joins from. The
 * connect page of the code shows the name and copies the password; the code is in 我的WiFi码.
 */

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { hashPath } from './shop-api';

const baseUrl = inject('baseUrl');
const JSQR_SOURCE = readFileSync(createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js'), 'utf8');

// A name and password with every reserved character (\ ; , : "), Chinese and a space.
const SSID = '咖啡馆 "5G";A,B:C\\';
const PASSWORD = 'p;a,s:s"w\\rd 42';
const PAYLOAD = 'WIFI:T:WPA;S:咖啡馆 \\"5G\\"\\;A\\,B\\:C\\\\;P:p\\;a\\,s\\:s\\"w\\\\rd 42;;';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPhonePage(browser));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
});
afterAll(async () => {
  await browser?.close();
});

/** Decodes the QR in an image URL (drawn on a canvas inside the page) with jsQR; null when none is found. */
async function decodeImage(src: string): Promise<string | null> {
  // Evaluated, not a <script> tag: the shop's CSP allows no inline script, and this keeps it in force.
  await page.evaluate(JSQR_SOURCE);
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const width = img.naturalWidth || 600;
    const height = img.naturalHeight || 600;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, 0, 0, width, height);
    const pixels = ctx.getImageData(0, 0, width, height);
    const jsQR = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return jsQR(pixels.data, width, height)?.data ?? null;
  }, src);
}

/** The on-screen QR (an SVG) as an image of 8 px per module. */
async function renderedQrUrl(): Promise<string> {
  return page
    .getByTestId('wifi-qr')
    .first()
    .evaluate((svg) => {
      const copy = svg.cloneNode(true) as SVGSVGElement;
      const side = Number(svg.getAttribute('viewBox')?.split(' ')[2] ?? 0) * 8;
      copy.setAttribute('width', String(side));
      copy.setAttribute('height', String(side));
      const xml = new XMLSerializer().serializeToString(copy);
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    });
}

describe('Wi-Fi code journey', () => {
  let code = '';

  it('makes a code from the form and lands on its poster', async () => {
    await page.goto(`${baseUrl}/shop/#/pages-sub/wifi/index`);
    await page.getByTestId('wifi-index').waitFor();
    await page.getByTestId('wifi-ssid').locator('input').fill(SSID);
    await page.getByTestId('wifi-password').locator('input').fill(PASSWORD);
    await page.getByTestId('wifi-submit').click();
    await page.getByTestId('wifi-poster').waitFor();
    const path = hashPath(page);
    expect(path).toMatch(/^\/pages-sub\/wifi\/share\?code=[0-9A-Za-z]{8}$/);
    code = path.split('code=')[1] ?? '';
    expect((await page.getByTestId('wifi-poster-ssid').textContent())?.trim()).toBe(`WiFi：${SSID}`);
  });

  it('the rendered QR decodes back to the WIFI: payload', async () => {
    expect(await decodeImage(await renderedQrUrl())).toBe(PAYLOAD);
  });

  it('保存图片 downloads a PNG poster whose QR decodes to the same payload', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wifi-save-poster').click()]);
    expect(download.suggestedFilename()).toMatch(/^wifi-.+\.png$/);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decodeImage(`data:image/png;base64,${bytes.toString('base64')}`)).toBe(PAYLOAD);
  });

  it('复制链接 copies the connect link of the code', async () => {
    await page.getByTestId('wifi-copy-link').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(baseUrl).origin}/shop/#/pages-sub/wifi/connect?code=${code}`);
  });

  it('the connect page shows the name, reveals and copies the password, with the same QR', async () => {
    await page.getByTestId('wifi-open-connect').click();
    await page.getByTestId('wifi-connect-ssid').waitFor();
    expect(hashPath(page)).toBe(`/pages-sub/wifi/connect?code=${code}`);
    expect(await page.getByTestId('wifi-connect-ssid').textContent()).toBe(SSID);
    expect(await page.getByTestId('wifi-connect-password').textContent()).not.toContain(PASSWORD);
    await page.getByTestId('wifi-toggle-password').click();
    expect(await page.getByTestId('wifi-connect-password').textContent()).toBe(PASSWORD);
    await page.getByTestId('wifi-copy-password').click();
    await page.locator('.adm-toast-main').filter({ hasText: '复制成功' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PASSWORD);
    expect(await decodeImage(await renderedQrUrl())).toBe(PAYLOAD);
  });

  it('the code is listed in 我的WiFi码 and an unknown code says 该WiFi码已失效', async () => {
    await page.goto(`${baseUrl}/shop/#/pages-sub/wifi/index`);
    const mine = page.getByTestId('wifi-my-code').first();
    await mine.waitFor();
    expect(await mine.getAttribute('data-code')).toBe(code);
    await expect.poll(async () => mine.textContent()).toContain(SSID);

    await page.goto(`${baseUrl}/shop/#/pages-sub/wifi/connect?code=Nope0000`);
    await page.getByTestId('page-empty-state').waitFor();
    expect(await page.getByTestId('page-empty-state').textContent()).toContain('该WiFi码已失效');
  });
});
