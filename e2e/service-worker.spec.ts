/**
 * Journey: repeat visits (issue 24 item 4, ADR 0024). The shop's service worker installs on a first
 * visit; a repeat visit's page, scripts and storefront configuration come from it; nothing personal (a
 * card's or a session's answer) is ever in its caches; a new deploy shows the quiet reload prompt, Reload
 * takes it at once, and without the click the next visit has it.
 *
 * The other journeys' pages block service workers (browser.ts); this one opts in. It runs a server of its
 * own over a copy of the build, so that a "deploy" can change the copy. The last part checks the built
 * worker itself (packages/web/dist/sw.js) against the build's manifest.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage } from './browser';
import { submitCardLogin } from './card-session';
import { type ServerProcess, startServer } from './server-process';

const DIST = join(resolve(import.meta.dirname, '..'), 'packages/web/dist');
const CARD = '1440312345601';
const HOME = '/shop/#/pages/index/index?promoCode=demo';
const BASE_CONFIG = '/api/hk/baseConfig';

let dist: string;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  dist = join(mkdtempSync(join(tmpdir(), 'haoka-e2e-sw-')), 'dist');
  cpSync(DIST, dist, { recursive: true });
  server = await startServer(() => ({ WEB_DIST: dist }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(resolve(dist, '..'), { recursive: true, force: true });
});

/** A phone page that lets the worker in, every response it receives kept. */
async function workerPage(context?: BrowserContext) {
  const opened = context
    ? { context, page: await context.newPage() }
    : await newPhonePage(browser, 'zh-CN', { serviceWorkers: 'allow' });
  const responses: Response[] = [];
  opened.page.on('response', (response) => responses.push(response));
  return { ...opened, responses };
}

/** Opens home and waits for its numbers. */
async function visitHome(page: Page) {
  await page.goto(`${server.baseUrl}${HOME}`);
  await page.getByTestId('number-digits').first().waitFor();
}

/** Waits until the worker (registered once the first screen is idle) controls the page. */
async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 45_000,
  });
}

/** Every cache of the page's origin: its name and the URL and stored request headers of each entry. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; headers: string[] }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        entries.push({ cache: name, url: request.url, headers: [...request.headers.keys()] });
      }
    }
    return entries;
  });
}

const pathOf = (url: string) => new URL(url).pathname;
/** The answer that brought the shop's page. */
const shopPage = (responses: Response[]) =>
  responses.find((r) => r.request().resourceType() === 'document' && pathOf(r.url()) === '/shop/');
const baseConfigAnswers = (responses: Response[]) => responses.filter((r) => pathOf(r.url()) === BASE_CONFIG);

describe('repeat visits', () => {
  let context: BrowserContext;

  it('a first visit installs the worker, which then controls the page', async () => {
    const first = await workerPage();
    context = first.context;
    const { page } = first;
    await visitHome(page);
    await untilControlled(page);
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { scope: r?.scope, script: r?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${server.baseUrl}/shop/`, script: `${server.baseUrl}/shop/sw.js` });
    // Each later visit opens a page of its own and closes it (a new version waits for the old pages to close).
    await page.close();
  });

  it("a repeat visit's page and scripts come from the worker, and the API but baseConfig from the server", async () => {
    const repeat = await workerPage(context);
    await visitHome(repeat.page);
    expect(shopPage(repeat.responses)?.fromServiceWorker(), 'the page').toBe(true);
    const assets = repeat.responses.filter((r) => pathOf(r.url()).startsWith('/shop/assets/'));
    expect(assets.length).toBeGreaterThan(5);
    expect(
      assets.filter((r) => !r.fromServiceWorker()).map((r) => r.url()),
      'scripts and styles not from the worker',
    ).toEqual([]);
    const api = repeat.responses.filter((r) => pathOf(r.url()).startsWith('/api/') && pathOf(r.url()) !== BASE_CONFIG);
    expect(api.map((r) => pathOf(r.url()))).toContain('/api/shop/numberList');
    expect(
      api.filter((r) => r.fromServiceWorker()).map((r) => r.url()),
      'API answers other than baseConfig from the worker',
    ).toEqual([]);
    await repeat.page.close();
  });

  it('baseConfig is answered from the cache (stale-while-revalidate), kept under its URL alone', async () => {
    // The visits above asked through the worker, which kept the answer. Answers are dated to the second:
    // after a pause, one from the network would bear the date of this visit, the kept one an earlier date.
    await new Promise((r) => setTimeout(r, 2100));
    const visitStart = Date.now();
    const visit = await workerPage(context);
    await visitHome(visit.page);
    const [answer] = baseConfigAnswers(visit.responses);
    expect(answer?.fromServiceWorker()).toBe(true);
    const date = Date.parse((await answer?.allHeaders())?.date ?? '');
    expect(date).toBeLessThan(visitStart - 1000);

    const entries = (await cachedEntries(visit.page)).filter((e) => pathOf(e.url) === BASE_CONFIG);
    expect(entries.map((e) => e.url)).toEqual([`${server.baseUrl}${BASE_CONFIG}?promoCode=demo`]);
    // Not the page's address, the anonymous order key or any other header of the request.
    expect(entries.flatMap((e) => e.headers)).toEqual([]);
    await visit.page.close();
  });

  it("the staff console's preview (the shop in a frame) always gets baseConfig from the server", async () => {
    const host = await workerPage(context);
    try {
      await visitHome(host.page);
      // As above: after a pause, an answer from the server bears a date of this moment, a kept one an earlier one.
      await new Promise((r) => setTimeout(r, 2100));
      const start = Date.now();
      const framed = host.page.waitForResponse(
        (r) => pathOf(r.url()) === BASE_CONFIG && r.frame() !== host.page.mainFrame(),
      );
      await host.page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      }, HOME);
      const date = Date.parse((await (await framed).allHeaders()).date ?? '');
      expect(date).toBeGreaterThanOrEqual(Math.floor(start / 1000) * 1000);
    } finally {
      await host.page.close();
    }
  });

  it("a card's session: its answers, baseConfig's included, never come from or go into the caches", async () => {
    const card = await workerPage(context);
    try {
      const simInfo = card.page.waitForResponse((r) => pathOf(r.url()) === '/api/iot/simInfo', { timeout: 30_000 });
      await submitCardLogin(card.page, server.baseUrl, CARD);
      await card.page.getByTestId('iot-home').waitFor({ timeout: 30_000 });
      expect((await simInfo).request().headers()['sim-no']).toBe(CARD);
      // A visit of the shop's home as the card holder: a new document, which asks for baseConfig with the session.
      await card.page.goto(`${server.baseUrl}${HOME}`);
      await card.page.reload();
      await card.page.getByTestId('number-digits').first().waitFor();

      const personal = card.responses.filter((r) => {
        const headers = r.request().headers();
        return pathOf(r.url()).startsWith('/api/') && (headers['session-id'] || headers['sim-no']);
      });
      expect(personal.map((r) => pathOf(r.url()))).toEqual(expect.arrayContaining(['/api/iot/simInfo', BASE_CONFIG]));
      expect(personal.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);

      const entries = await cachedEntries(card.page);
      const api = entries.filter((e) => pathOf(e.url).startsWith('/api/'));
      expect(api.map((e) => e.url)).toEqual([`${server.baseUrl}${BASE_CONFIG}?promoCode=demo`]);
      expect(entries.filter((e) => !pathOf(e.url).startsWith('/shop/') && !pathOf(e.url).startsWith('/api/'))).toEqual(
        [],
      );
      for (const forbidden of ['/api/iot/', '/api/shop/order', '/api/user', '/media/']) {
        expect(
          entries.filter((e) => pathOf(e.url).startsWith(forbidden)),
          forbidden,
        ).toEqual([]);
      }
    } finally {
      // The card's session ends here: the next visits are a logged-out shopper's again.
      await card.page.evaluate(() => localStorage.clear());
      await card.page.close();
    }
  });

  /** A new build of the page ("deploy" `n`): its index.html marked, the worker's list revised. */
  function deploy(n: number) {
    const indexFile = join(dist, 'index.html');
    const index = readFileSync(indexFile, 'utf8').replace(/<meta name="haoka-deploy"[^>]*>|<\/head>/, (m) =>
      m === '</head>'
        ? `<meta name="haoka-deploy" content="${n}"></head>`
        : `<meta name="haoka-deploy" content="${n}">`,
    );
    writeFileSync(indexFile, index);
    const workerFile = join(dist, 'sw.js');
    const worker = readFileSync(workerFile, 'utf8').replace(
      /("revision":")[0-9a-f]{32}(","url":"index\.html")/,
      (_m, before: string, after: string) => `${before}${String(n).padStart(32, '0')}${after}`,
    );
    expect(worker).toContain(`${String(n).padStart(32, '0')}","url":"index.html"`);
    writeFileSync(workerFile, worker);
    // The server prefers the pre-compressed copies: the new files are sent as they are.
    for (const name of ['index.html.br', 'index.html.gz', 'sw.js.br', 'sw.js.gz'])
      rmSync(join(dist, name), { force: true });
  }

  const deployOf = (page: Page) =>
    page.evaluate(() => document.querySelector('meta[name="haoka-deploy"]')?.getAttribute('content') ?? null);
  const lookForUpdate = (page: Page) =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  it('a new deploy shows the quiet prompt; Reload takes it at once', async () => {
    const open = await workerPage(context);
    await visitHome(open.page);
    expect(await deployOf(open.page)).toBeNull();
    deploy(2);
    await lookForUpdate(open.page);
    const bar = open.page.getByRole('status').filter({ hasText: '新版本已就绪' });
    await bar.waitFor({ timeout: 30_000 });
    // Not a dialog: the page goes on under it.
    expect(await open.page.locator('[aria-modal="true"]').count()).toBe(0);
    expect(await deployOf(open.page)).toBeNull();
    await Promise.all([open.page.waitForEvent('load'), bar.getByRole('button', { name: '刷新' }).click()]);
    await expect.poll(() => deployOf(open.page)).toBe('2');
    await open.page.getByTestId('number-digits').first().waitFor();
    await open.page.close();
  });

  it('without the click, the next visit has the new deploy', async () => {
    const open = await workerPage(context);
    await visitHome(open.page);
    expect(await deployOf(open.page)).toBe('2');
    deploy(3);
    await lookForUpdate(open.page);
    await open.page.getByRole('status').filter({ hasText: '新版本已就绪' }).waitFor({ timeout: 30_000 });
    // The shopper leaves without taking it: the new version takes over once no page of the old one is open
    // (the browser does that just after the page has gone; the next visit waits for it, out of the scope).
    await open.page.close();
    const next = await workerPage(context);
    await next.page.goto(`${server.baseUrl}/healthz`);
    await expect
      .poll(() =>
        next.page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/shop/');
          return registration?.waiting === null && registration.active?.state === 'activated';
        }),
      )
      .toBe(true);
    await visitHome(next.page);
    expect(await deployOf(next.page)).toBe('3');
    expect(shopPage(next.responses)?.fromServiceWorker()).toBe(true);
    await context.close();
  });
});

describe('the built worker', () => {
  const worker = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
  >;
  const precache = new Map(
    [...worker.matchAll(/\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((m) => [String(m[2]), m[1]]),
  );

  it('precaches index.html (with its revision) and the entry with its imports and styles', () => {
    expect(precache.get('index.html')).toMatch(/^"[0-9a-f]{32}"$/);
    const entry = manifest['index.html'];
    expect(entry?.isEntry).toBe(true);
    const files = [entry?.file, ...(entry?.css ?? []), ...(entry?.imports ?? []).map((key) => manifest[key]?.file)];
    for (const file of files) expect(precache.get(String(file)), String(file)).toBe('null');
  });

  it('precaches every hashed script and stylesheet, and nothing of the API, the regions or the demo pictures', () => {
    const built = readdirSync(join(DIST, 'assets')).filter((name) => /\.(js|css)$/.test(name));
    for (const name of built) expect(precache.has(`assets/${name}`), name).toBe(true);
    const others = [...precache.keys()].filter((url) => url !== 'index.html' && !url.startsWith('assets/'));
    expect(others.length).toBeGreaterThan(0);
    for (const url of others) {
      expect(url, url).toMatch(/^static\/(logo\.png|(tabbar|operator|iot\/tab)\/[\w-]+\.png|error-block\/\w+\.svg)$/);
    }
  });
});
