/**
 * Journey of the console's catalogue (issue 23 item 3) on a server of its own: an operator adds a data
 * package for the demo promoter, and a card of that promoter sees it in the shop's package list; the
 * operator retires it, and it is gone from the list. axe on the catalogue page and the package's drawer:
 * 0 serious or critical findings.
 */
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import {
  cliAddStaff,
  consoleJourney,
  consoleWindow,
  expectConsoleAccessible,
  field,
  openPage,
  signIn,
} from './console';

/** The demo card that runs normally, of the demo promoter (seed/demo-iot-cards.ts DEMO_SIMS.normal). */
const CARD = '1440312345601';
const PACKAGE = '旅程周末包 8G';

const journey = consoleJourney();

/** The names of the packages a card of the demo promoter is offered in the shop. */
async function shopPackages(): Promise<string[]> {
  const { browser, baseUrl } = journey;
  const phone = await newPhonePage(browser);
  await submitCardLogin(phone.page, baseUrl, CARD);
  await phone.page.getByTestId('iot-home').waitFor();
  await dismissCardDialogs(phone.page);
  await phone.page.goto(`${baseUrl}/shop/#/pages/iot/index/package/index`);
  await phone.page.getByTestId('pkg-list-page').waitFor();
  await phone.page.getByTestId('pkg-card').first().waitFor();
  const names = (await phone.page.getByTestId('pkg-name').allTextContents()).map((n) => n.trim());
  await phone.context.close();
  return names;
}

describe("the console's catalogue", () => {
  it('an operator adds a package that a card of the promoter is offered, then retires it and it is gone', {
    timeout: 240_000,
  }, async () => {
    const { server, browser, baseUrl } = journey;
    const operator = await cliAddStaff(server, 'catalogue.op', 'operator');
    const { context, page } = await consoleWindow(browser);
    await signIn(page, baseUrl, operator, { newPassword: 'catalogue-pass-2026' });

    await openPage(page, '内容管理');
    await page.getByRole('tab', { name: '流量套餐' }).click();
    await page.getByRole('row').nth(1).waitFor();
    await expectConsoleAccessible(page, 'catalogue page');
    expect(await shopPackages()).not.toContain(PACKAGE);

    // A new package for the demo promoter: price typed in yuan.
    await page.getByRole('button', { name: '新增流量套餐' }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '新增流量套餐' });
    await field(drawer, '推广码').fill('demo');
    await field(drawer, '名称').fill(PACKAGE);
    await field(drawer, '流量（MB）').fill('8192');
    await field(drawer, '售价（元）').fill('9.90');
    await drawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存').waitFor();
    const saved = page.locator('.ant-drawer-content-wrapper').filter({ hasText: /流量套餐 #\d+/ });
    await saved.getByTitle('商城预览').waitFor();
    await expectConsoleAccessible(page, 'package drawer');
    await saved.getByRole('button', { name: '关闭' }).click();

    const row = page.getByRole('row').filter({ hasText: PACKAGE });
    await row.waitFor();
    expect(await row.textContent()).toContain('9.90');
    expect(await shopPackages()).toContain(PACKAGE);

    // Retired after a confirmation: gone from the shop.
    await page.getByRole('button', { name: `下架 ${PACKAGE}` }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '下架' }).click();
    await page.getByText(`“${PACKAGE}”已下架`).waitFor();
    await expect.poll(() => row.textContent()).toContain('已下架');
    expect(await shopPackages()).not.toContain(PACKAGE);
    await context.close();
  });
});
