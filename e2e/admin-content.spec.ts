/**
 * Journey of the console's promoters (issue 23 item 3) on a server of its own: an operator made by the CLI
 * uploads a banner image to the demo promoter's home carousel and saves; the shop home on a phone shows
 * that image, loaded from /media/. axe on the promoters page and the promoter's drawer: 0 serious or
 * critical findings.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './browser';
import { cliAddStaff, consoleJourney, consoleWindow, expectConsoleAccessible, openPage, signIn } from './console';

const ROOT = resolve(import.meta.dirname, '..');
/** A real 64×64 PNG (the CLI's logo fixture), so the browser decodes it. */
const BANNER = resolve(ROOT, 'packages/server/src/cli/fixtures/logo.png');

const journey = consoleJourney();

describe("the console's promoters", () => {
  it("uploads a banner to the demo shop's home carousel and the shop home shows it", {
    timeout: 180_000,
  }, async () => {
    const { server, browser, baseUrl } = journey;
    const operator = await cliAddStaff(server, 'bannerops', 'operator');
    const { context, page } = await consoleWindow(browser);
    await signIn(page, baseUrl, operator, { newPassword: 'banner-ops-pass-2026' });

    await openPage(page, '推广商');
    await page.getByRole('row').filter({ hasText: 'demo' }).first().waitFor();
    await expectConsoleAccessible(page, 'promoters page');

    await page.getByRole('button', { name: '编辑 demo' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '推广商 demo' });
    await drawer.getByLabel('店铺标题').waitFor();
    await expectConsoleAccessible(page, 'promoter drawer');

    await drawer.getByRole('tab', { name: '首页横幅' }).click();
    await drawer.getByRole('button', { name: '添加横幅' }).click();
    const row = drawer.getByTestId('banner-row').last();
    await row.locator('input[type="file"]').setInputFiles(BANNER);
    const image = drawer.getByLabel('横幅 1 图片');
    await expect.poll(() => image.inputValue(), { timeout: 15_000 }).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const url = await image.inputValue();
    await drawer.getByLabel('横幅 1 链接').fill('/pages/number/index');
    await expectConsoleAccessible(page, 'home banners tab');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存').waitFor();
    await context.close();

    // The shop home on a phone: the carousel's image is the upload, and it loaded.
    const phone = await newPhonePage(browser);
    await phone.page.goto(`${baseUrl}/shop/#/?promoCode=demo`);
    await phone.page.getByTestId('home-carousel').waitFor();
    const banner = phone.page.locator(`[data-testid="home-carousel"] img[src="${url}"]`).first();
    await banner.waitFor({ state: 'attached' });
    await expect
      .poll(
        () => banner.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        {
          timeout: 15_000,
        },
      )
      .toBe(64);
    await phone.context.close();
  });
});
