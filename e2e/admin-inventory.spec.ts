import { describe, expect, it } from 'vitest';
import { consoleJourney, expectConsoleAccessible, field, newOwnerWindow, openPage } from './console';

const journey = consoleJourney();

/** 10,000 numbers of segment 198 (China Mobile), 19800000000 to 19800009999, at 10 yuan. */
function tenThousandNumbers(): string {
  const lines = ['number,provinceCode,cityCode,price,originalPrice,minConsume,contractMonths'];
  for (let i = 0; i < 10_000; i++) lines.push(`198${String(i).padStart(8, '0')},440000,440300,10,10,0,0`);
  return `${lines.join('\n')}\n`;
}

describe('the number inventory', () => {
  it('imports 10,000 numbers in the browser, finds one by pattern, reprices the filter, and the shop shows it', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newOwnerWindow(journey.browser, journey.server, 'stocker', 'stocker-pass-2026');

    await openPage(page, '号码库存');
    await expectConsoleAccessible(page, 'inventory page');

    // Import: the job's progress, then its result.
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '导入号码' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'numbers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(tenThousandNumbers()),
    });
    await dialog.getByRole('button', { name: '开始导入' }).click();
    await dialog.getByText('导入完成：成功 10000 行，失败 0 行').waitFor({ timeout: 90_000 });
    await dialog.getByRole('button', { name: '关闭' }).first().click();

    // Find by pattern: the imported range (segment 198, digits 1980000…), four of a kind at the end. The
    // segment keeps out the demo shop's numbers that merely contain 1980000 (18219800000).
    await field(page, '号段').fill('198');
    await field(page, '号码包含').fill('1980000');
    await field(page, '靓号规律').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^A4$/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '查询' }).click();
    const row = page.getByRole('row').filter({ hasText: '19800008888' });
    await row.waitFor();
    expect(await row.textContent()).toContain('A4');
    await page.getByText('共 10 条').waitFor();

    // Reprice the whole filter: preview, confirm, result.
    await page.getByRole('button', { name: '批量修改' }).click();
    const bulk = page.locator('.ant-modal').filter({ hasText: '批量修改号码' });
    await bulk.getByLabel('新售价（元）').fill('888');
    await bulk.getByRole('button', { name: '预览数量' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确认批量修改？' });
    await confirm.getByText('范围内 10 个号码，其中 10 个会被修改', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('已修改 10 个号码（范围内 10 个）').waitFor();
    await row.getByText('¥888.00').first().waitFor();

    // The shop's search offers it at the new price.
    const shop = (await (await fetch(`${journey.baseUrl}/api/shop/numberList?keyword=19800008888`)).json()) as {
      data: { list: { number: string; price: string }[] };
    };
    expect(shop.data.list).toEqual([expect.objectContaining({ number: '19800008888', price: '888.00' })]);
    await context.close();
  });
});
