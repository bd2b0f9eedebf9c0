/**
 * Journey (issue 7; SCREENS §4 deviceManage and setSsidPwd): the device demo card's holder renames the
 * 5G network, hides it and restarts the device. The demo device is online, so the simulated platform
 * applies each command at once and a refresh of the device page shows it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import { hashPath } from './shop-api';

const baseUrl = inject('baseUrl');
const DEVICE_CARD = '1440312345602';
const DEVICE_NO = 'HK5G2025000102';
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPhonePage(browser));
});
afterAll(async () => {
  await browser?.close();
});

const entry5g = () => page.locator('[data-testid="wifi-entry"][data-wifi-type="2"]');
const toast = () => page.locator('.adm-toast-main');

async function dialogButton(text: string) {
  await page.locator('.adm-dialog-footer button').filter({ hasText: text }).click();
}

async function refreshDevice() {
  await page.getByTestId('device-refresh').click();
  await expect.poll(async () => (await toast().textContent()) ?? '').toContain('设备状态已刷新');
}

/**
 * 刷新设备状态 until the page shows what the device now holds: on a busy machine the refreshed card can
 * arrive after a first look, and a second press within 1 s is ignored by the refresh throttle.
 */
async function refreshUntil(read: () => Promise<string | null>, expected: string) {
  for (let i = 0; i < 10; i++) {
    await refreshDevice();
    try {
      await expect.poll(read, { timeout: 3000 }).toBe(expected);
      return;
    } catch {
      await page.waitForTimeout(1100);
    }
  }
  expect(await read()).toBe(expected);
}

describe('device management', () => {
  it('renames the 5G network, hides it and restarts the device', { timeout: 120_000 }, async () => {
    await submitCardLogin(page, baseUrl, DEVICE_CARD);
    await page.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(page);

    await page.goto(`${baseUrl}/shop/#/pages-sub/iot/deviceManage/index`);
    await page.getByTestId('device-card').waitFor();
    expect(await page.getByTestId('device-no').textContent()).toBe(DEVICE_NO);
    expect(await page.getByTestId('device-online').textContent()).toBe('在线');
    expect(await page.getByTestId('wifi-entry').count()).toBe(2);
    expect(await entry5g().getByTestId('wifi-name').textContent()).toBe('Haoka-5G-0102_5G');

    // Rename the 5G network (the password stays as filled in).
    const newName = `客厅5G-${Date.now() % 100_000}`;
    await entry5g().getByTestId('wifi-edit').click();
    await page.getByTestId('wifi-form').waitFor();
    expect(hashPath(page)).toBe('/pages-sub/iot/deviceManage/setSsidPwd/index?wifiType=2');
    await page.getByTestId('wifi-form-ssid').locator('input').fill(newName);
    await page.getByTestId('wifi-form-save').click();
    await dialogButton('保存');
    await expect.poll(async () => (await toast().textContent()) ?? '').toContain('指令已下发，约1分钟生效');
    await page.getByTestId('device-card').waitFor();
    expect(hashPath(page)).toBe('/pages-sub/iot/deviceManage/index');
    expect(await entry5g().getByTestId('wifi-changing').textContent()).toBe('修改中');
    await refreshUntil(() => entry5g().getByTestId('wifi-name').textContent(), newName);
    expect(await entry5g().getByTestId('wifi-changing').count()).toBe(0);

    // Hide it.
    const hidden = entry5g().getByTestId('wifi-hidden');
    expect(await hidden.getAttribute('aria-checked')).toBe('false');
    await hidden.click();
    await dialogButton('确定');
    await expect.poll(async () => (await toast().textContent()) ?? '').toContain('指令已下发，约1分钟生效');
    await refreshUntil(() => entry5g().getByTestId('wifi-hidden').getAttribute('aria-checked'), 'true');
    expect(await entry5g().getByTestId('wifi-name').textContent()).toBe(newName);

    // Restart.
    await page.getByTestId('device-restart').click();
    await dialogButton('确定');
    await expect.poll(async () => (await toast().textContent()) ?? '').toContain('指令已下发，约1分钟生效');
    await page.getByTestId('device-pending').waitFor();

    // A reload reads the device as the platform has it.
    await page.reload();
    await page.getByTestId('device-card').waitFor();
    await expect.poll(() => entry5g().getByTestId('wifi-name').textContent(), { timeout: 10_000 }).toBe(newName);
    expect(await entry5g().getByTestId('wifi-hidden').getAttribute('aria-checked')).toBe('true');
  });
});
