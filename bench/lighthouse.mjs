/**
 * `npm run bench -- lighthouse`: Lighthouse 12 with its default (mobile) config — Moto G Power screen,
 * simulated slow 4G and 4× CPU slowdown — on Debian's Chromium, 3 runs per page, against the real built
 * server and web app. IoT home needs a card session: the card logs in once through the login form in the
 * same browser (playwright-core over CDP). Lighthouse's storage reset clears caches and service workers
 * but keeps localStorage, where the session lives, so every run still loads every byte from the network.
 *
 * Then the repeat visit (ADR 0024): the page is opened once so that the shop's service worker installs
 * and controls it, and once more so that it keeps baseConfig (an answer asked through it), and Lighthouse
 * runs with `disableStorageReset` (no cache, storage or worker cleared: a visitor coming back).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, intFmt, log, median, msSpread, ROOT, spread, verdict } from './lib.mjs';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CARD = '1440312345601';
const PAGES = [
  { name: 'home', hash: '/pages/index/index?promoCode=demo' },
  { name: 'number search', hash: '/pages/index/VanityNumber/index?promoCode=demo' },
  { name: 'IoT home', hash: '/pages/iot/index/index', card: true },
];

/** The real server (`main.js serve`) on a fresh SQLite file with a small demo inventory. */
async function startServer(dir) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: join(dir, 'haoka.db'),
      KEY_FILE: join(dir, 'keys.json'),
      UPLOAD_DIR: join(dir, 'uploads'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DEMO_NUMBERS: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/hk/genericConfig`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 600) {
      child.kill('SIGTERM');
      throw new Error('server did not start in 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs `use` on a new page of the browser Lighthouse drives (playwright-core over CDP), then closes the
 * page and disconnects; the browser launched by chrome-launcher stays up for Lighthouse.
 */
async function withPage(port, use) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      return await use(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Logs the demo card in through the login form. The card home's dialogs are left as they are: each run
 * measures the first screen a card holder opening the page sees.
 */
function logInCard(port, base) {
  return withPage(port, async (page) => {
    await page.goto(`${base}/shop/#/pages/iot/login/index`);
    await page.getByTestId('iot-login-form').waitFor();
    await page.getByTestId('iot-login-simno').locator('input').fill(CARD);
    const agree = page.getByTestId('iot-login-agree');
    if (await agree.isVisible().catch(() => false)) await agree.locator('.adm-checkbox-icon').click();
    await page.getByTestId('iot-login-submit').click();
    await page.getByTestId('iot-home').waitFor({ timeout: 60_000 });
  });
}

/** Whether the IoT home still opens as the card's home (not the login) in the browser Lighthouse used. */
function cardHomeShows(port, base) {
  return withPage(port, async (page) => {
    await page.goto(`${base}/shop/#/pages/iot/index/index`);
    return page
      .getByTestId('iot-home')
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
  });
}

/** The LCP element's label from Lighthouse's audit (a table whose first row names the node). */
function lcpElementOf(audit) {
  const node = audit?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.trim() : 'unknown';
}

/**
 * A repeat visit's setting: opens the page until the service worker controls it, then once more, which
 * asks for baseConfig through the worker (kept, but for a session's request, which it never keeps).
 */
function installWorker(port, url, { card = false } = {}) {
  return withPage(port, async (page) => {
    await page.goto(url);
    // The page registers the worker once it has loaded and is idle; it claims the page once installed.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 120_000,
    });
    await page.reload();
    const until = Date.now() + 60_000;
    const kept = () => page.evaluate(async () => (await (await caches.open('haoka-base-config')).keys()).length > 0);
    while (!card && !(await kept())) {
      if (Date.now() > until) throw new Error(`${url}: the worker did not keep baseConfig`);
      await page.waitForTimeout(200);
    }
  });
}

/** Whether the page is still controlled by the shop's worker (the repeat runs kept it). */
function workerControls(port, url) {
  return withPage(port, async (page) => {
    await page.goto(url);
    return page.evaluate(() => navigator.serviceWorker.controller !== null);
  });
}

async function audit(url, port, { repeat = false } = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: repeat,
  });
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    // The LCP of the load Lighthouse watched (unthrottled), beside the simulated one above.
    observedLcp: a.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.NaN,
    // What the LCP was: the element Lighthouse names (its label, e.g. the first number's digits).
    lcpElement: lcpElementOf(a['largest-contentful-paint-element']),
    version: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'haoka-bench-lh-'));
  mkdirSync(join(dir, 'chrome'));
  let server;
  let chrome;
  const rows = [];
  try {
    server = await startServer(dir);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      port: await freePort(),
      userDataDir: join(dir, 'chrome'),
    });
    let loggedIn = false;
    for (const p of PAGES) {
      if (p.card && !loggedIn) {
        await logInCard(chrome.port, server.base);
        loggedIn = true;
      }
      const url = `${server.base}/shop/#${p.hash}`;
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await audit(url, chrome.port);
        log(
          `lighthouse ${p.name} run ${i + 1}: ${r.score}, LCP ${intFmt(r.lcp)} ms, TBT ${intFmt(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`,
        );
        if (p.card && !r.finalUrl.includes('/pages/iot/index/index'))
          throw new Error(`IoT home redirected to ${r.finalUrl}`);
        runs.push(r);
      }
      // The runs measured the card's home only if the session outlived them.
      if (p.card && !(await cardHomeShows(chrome.port, server.base)))
        throw new Error('the card session did not survive the Lighthouse runs: IoT home showed the login');
      const how = `Lighthouse ${runs[0].version} default mobile config (simulated throttling), Chromium ${/Chrome\/([\d.]+)/.exec(runs[0].userAgent)?.[1] ?? ''}, ${RUNS} runs, median (min–max)`;
      const scores = runs.map((r) => r.score);
      rows.push({
        figure: `Lighthouse performance: ${p.name}`,
        value: spread(scores, String),
        budget: '≥ 95',
        verdict: verdict(median(scores) >= 95),
        how,
      });
      rows.push({
        figure: `  LCP / TBT / CLS: ${p.name}`,
        value: `${msSpread(runs.map((r) => r.lcp))} / ${msSpread(runs.map((r) => r.tbt))} / ${spread(
          runs.map((r) => r.cls),
          (v) => v.toFixed(3),
        )}`,
        budget: '',
        verdict: '-',
        how: `same runs; FCP ${msSpread(runs.map((r) => r.fcp))}; LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`,
      });

      await installWorker(chrome.port, url, { card: p.card });
      const repeats = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await audit(url, chrome.port, { repeat: true });
        log(
          `lighthouse ${p.name} repeat visit ${i + 1}: ${r.score}, LCP ${intFmt(r.lcp)} ms (observed ${intFmt(r.observedLcp)} ms), FCP ${intFmt(r.fcp)} ms, TBT ${intFmt(r.tbt)} ms`,
        );
        if (p.card && !r.finalUrl.includes('/pages/iot/index/index'))
          throw new Error(`IoT home redirected to ${r.finalUrl}`);
        repeats.push(r);
      }
      if (!(await workerControls(chrome.port, url)))
        throw new Error(`${p.name}: the worker did not outlive the repeat runs`);
      const lcps = repeats.map((r) => r.lcp);
      rows.push({
        figure: `Lighthouse repeat-visit LCP: ${p.name}`,
        value: msSpread(lcps),
        budget: '≤ 1,000 ms',
        verdict: verdict(median(lcps) <= 1000),
        how: `same config with disableStorageReset, after a visit that installed the service worker and one it controlled; ${RUNS} runs, median (min–max); performance ${spread(
          repeats.map((r) => r.score),
          String,
        )}, observed (unthrottled) LCP ${msSpread(repeats.map((r) => r.observedLcp))}, FCP ${msSpread(repeats.map((r) => r.fcp))}, TBT ${msSpread(repeats.map((r) => r.tbt))}; LCP element: ${[...new Set(repeats.map((r) => r.lcpElement))].join(' | ')}`,
      });
    }
  } finally {
    chrome?.kill();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
