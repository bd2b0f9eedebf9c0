/** Drives the one region field (packages/web features/regions) in the journeys. */
import type { Page } from 'playwright-core';

/**
 * Opens the region field and taps the first entry of each list down to a county (from wherever the sheet
 * opens: the provinces, or the counties of a pre-filled city); resolves once the sheet has closed.
 */
export async function pickFirstRegion(page: Page, field = 'region-field'): Promise<void> {
  await page.getByTestId(field).click();
  for (let step = 0; step < 3; step++) {
    const list = page.getByTestId('region-sheet').getByTestId('region-list');
    await list.waitFor();
    const level = Number(await list.getAttribute('data-level'));
    const first = list.locator('[data-testid^="region-node-"]').first();
    await first.waitFor();
    await first.click();
    if (level === 2) break;
    await page.locator(`[data-testid="region-list"][data-level="${level + 1}"]`).waitFor();
  }
  await page.getByTestId('region-sheet').waitFor({ state: 'hidden' });
}
