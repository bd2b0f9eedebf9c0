/**
 * What the staff console's journeys share, each on a server of its own: staff (an owner or another role)
 * added through the CLI, a desktop window of the console, signing in with the authenticator's current code
 * (the first time also changing the one-time password), axe once antd's messages and motion are at rest,
 * and a shopper's paid number order for the console to find.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { StaffRole } from '@haoka/contract';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { totpCode } from '../packages/server/src/lib/totp';
import { axeFindings } from './accessibility';
import { launchBrowser } from './browser';
import { pickFirstRegion } from './regions';
import { type ServerProcess, startServer } from './server-process';

const ROOT = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

export interface Journey {
  server: ServerProcess;
  browser: Browser;
  baseUrl: string;
}

/**
 * A journey file's own server (with `prepare` run on it first) and browser: started before its tests,
 * stopped after them. Read its fields inside the tests.
 */
export function consoleJourney(prepare?: (server: ServerProcess) => void): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer();
    journey.baseUrl = journey.server.baseUrl;
    prepare?.(journey.server);
    journey.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

export interface Credentials {
  username: string;
  password: string;
  totpSecret: string;
}

/** `haoka staff add <name> --role <role> --json` against the server's database. */
export async function cliAddStaff(server: ServerProcess, username: string, role: StaffRole): Promise<Credentials> {
  const { stdout } = await run(
    process.execPath,
    [resolve(ROOT, 'packages/server/dist/main.js'), 'staff', 'add', username, '--role', role, '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, SQLITE_FILE: server.sqliteFile, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout) as Credentials;
}

/** `haoka staff add <name> --role owner --json` against the server's database. */
export function cliAddOwner(server: ServerProcess, username: string): Promise<Credentials> {
  return cliAddStaff(server, username, 'owner');
}

/**
 * A desktop browser window of the console, in Simplified Chinese; a page error fails the journey. The
 * shop's service worker is blocked, as on the phone pages (browser.ts), for the shop the console opens.
 */
export async function consoleWindow(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

/** axe on the console as it is now, once antd's messages and motion are at rest: 0 serious or critical. */
export async function expectConsoleAccessible(page: Page, screen: string): Promise<void> {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 });
  // Motion still on screen: rc-motion can leave its class on an element that already reached its end
  // (a button's loading icon at width 0 and opacity 0, whose transition then never ends), and on one hidden
  // mid-motion; axe does not read either.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[class*="-appear"], [class*="-enter"], [class*="-leave"]')].every((element) => {
      const { width, height } = element.getBoundingClientRect();
      return !element.checkVisibility({ opacityProperty: true }) || width === 0 || height === 0;
    }),
  );
  expect(await axeFindings(page), `axe on the console's ${screen}`).toEqual([]);
}

/** The field labelled exactly `label` (on the page, or inside a drawer or dialog). */
export const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** The last TOTP step each secret signed in with: the server takes a code once, so the next waits for a new one. */
const usedSteps = new Map<string, number>();

/** The authenticator's current code for `secret`, waiting for the next step when this one was used. */
export async function freshCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  while (step() <= (usedSteps.get(secret) ?? -1)) await new Promise((r) => setTimeout(r, 500));
  usedSteps.set(secret, step());
  return totpCode(secret, Date.now());
}

/**
 * Signs in at `baseUrl`'s console with the password and the authenticator's code. With `newPassword`
 * (a first sign-in) it changes the one-time password and waits for the console; `axe` checks the sign-in
 * and password pages on the way.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  who: Credentials,
  { newPassword, axe = false }: { newPassword?: string; axe?: boolean } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByRole('heading', { name: '员工登录' }).waitFor();
  if (axe) await expectConsoleAccessible(page, 'sign-in page');
  await field(page, '用户名').fill(who.username);
  await field(page, '密码').fill(who.password);
  await field(page, '动态验证码').fill(await freshCode(who.totpSecret));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  if (!newPassword) return;
  await page.getByRole('heading', { name: '修改密码' }).waitFor();
  if (axe) await expectConsoleAccessible(page, 'password page');
  await field(page, '当前密码').fill(who.password);
  await field(page, '新密码').fill(newPassword);
  await field(page, '确认新密码').fill(newPassword);
  await page.getByRole('button', { name: '修改密码', exact: true }).click();
  await page.getByTestId('staff-name').waitFor();
  expect(await page.getByTestId('staff-name').textContent()).toBe(who.username);
}

/** A new owner from the CLI, signed in in a console window of its own with the password changed. */
export async function newOwnerWindow(
  browser: Browser,
  server: ServerProcess,
  username: string,
  newPassword: string,
): Promise<{ context: BrowserContext; page: Page; owner: Credentials }> {
  const owner = await cliAddOwner(server, username);
  const window = await consoleWindow(browser);
  await signIn(window.page, server.baseUrl, owner, { newPassword });
  return { ...window, owner };
}

/** Opens a console page from the menu and waits for its heading. */
export async function openPage(page: Page, menu: string, heading = menu): Promise<void> {
  await page.getByRole('menuitem', { name: menu }).click();
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
}

/** Number orders without the shop's SMS step, so a journey about the console does not wait for a code. */
export function withoutOrderSmsStep(server: ServerProcess): void {
  const db = new Database(server.sqliteFile);
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      "insert into settings (key, value_json, updated_at) values ('number_order', '{\"needSmsCode\":0}', ?) on conflict(key) do update set value_json = excluded.value_json",
    ).run(Date.now());
  } finally {
    db.close();
  }
}

/** A paid number order placed and paid in the shop by a shopper (sandbox cashier); its order number. */
export async function shopperOrders(page: Page, baseUrl: string, mobile: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/shop/numberList?sort=priceDesc&pageSize=20`)).json()) as {
    data: { list: { id: number; price: string }[] };
  };
  const target = list.data.list.find((n) => Number(n.price) > 0);
  if (!target) throw new Error('the demo inventory has no priced number');
  await page.goto(`${baseUrl}/shop/#/pages/goods/pretty/index?numberId=${target.id}`);
  await page.getByTestId('reserve-form').waitFor();
  await page.getByTestId('reserve-name').locator('input').fill('张三');
  await page.getByTestId('reserve-idcard').locator('input').fill('11010119900307803X');
  await page.getByTestId('reserve-mobile').locator('input').fill(mobile);
  await pickFirstRegion(page);
  await page.getByTestId('reserve-address').locator('input').fill('科技园南路88号');
  await page.getByTestId('reserve-agree').click();
  await page.getByTestId('reserve-submit').click();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/pages\/order\/pay\/index\?/);
  const orderSn = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('orderSn') ?? '';
  await page.getByTestId('pay-form').waitFor();
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('sandbox-pay').click();
  await page.getByTestId('pay-success').waitFor({ timeout: 30_000 });
  return orderSn;
}
