/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs. Playwright gives each
 * launch a fresh, empty user-data directory of its own.
 */
import { appendFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A phone-sized page in Simplified Chinese, as the shop's shoppers use it. Service workers are blocked
 * unless asked for (service-worker.spec.ts): the shop's worker would answer a repeat visit's shell and
 * configuration from its cache, where `page.route` stubs and the journeys' request counts do not see them.
 */
export async function newPhonePage(
  browser: Browser,
  locale = 'zh-CN',
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 760 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    serviceWorkers,
  });
  context.on('response', recordApiAnswer);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/** Every API answer a journey's page receives is kept for the personal-data scan (personal-data.spec.ts). */
async function recordApiAnswer(response: Response): Promise<void> {
  if (!new URL(response.url()).pathname.startsWith('/api/')) return;
  const type = response.headers()['content-type'] ?? '';
  if (!type.includes('json')) return;
  const body = await response.text().catch(() => null);
  if (body === null) return;
  appendFileSync(inject('apiAnswersLog'), `${JSON.stringify({ url: response.url(), body })}\n`);
}
