/**
 * Journeys of the staff console (issue 22 item 7) on a server of its own (its staff, orders and the
 * real-name card are this file's alone): the first owner, made by the CLI, signs in with the TOTP code,
 * changes the one-time password and adds an operator, finance and support; the operator signs in with
 * TOTP, audits and ships a paid order, and the shopper sees the logistics in the shop; support sees no
 * refund button and the server answers 403 to the direct call; finance refunds; every step is on the audit
 * log page; a real-name rejection is seen by the card holder on their real-name page. axe on each console
 * page: 0 serious or critical findings.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPhonePage } from './browser';
import { dismissCardDialogs, submitCardLogin } from './card-session';
import {
  type Credentials,
  cliAddOwner,
  consoleJourney,
  consoleWindow,
  expectConsoleAccessible,
  openPage,
  shopperOrders,
  signIn,
  withoutOrderSmsStep,
} from './console';
import { tinyPng } from './png';

// The journeys are about the console, not the shop's SMS step on an order.
const journey = consoleJourney(withoutOrderSmsStep);

/** Adds a staff member on the staff page; their one-time credentials from the modal. */
async function addStaff(page: Page, username: string, role: string, axe = false): Promise<Credentials> {
  await page.getByRole('button', { name: '添加员工' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '添加员工' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: role }).click();
  await dialog.getByRole('button', { name: '添加员工' }).click();
  const credentials = page.locator('.ant-modal').filter({ hasText: '一次性凭据' });
  await credentials.getByTestId('one-time-password').waitFor();
  await credentials.getByRole('img', { name: '动态验证码二维码' }).waitFor();
  if (axe) await expectConsoleAccessible(page, 'staff page, new credentials');
  const read = async (id: string) => ((await credentials.getByTestId(id).textContent()) ?? '').trim();
  const result = { username, password: await read('one-time-password'), totpSecret: await read('totp-secret') };
  expect(await read('totp-uri')).toContain(`secret=${result.totpSecret}`);
  await credentials.getByRole('button', { name: '关闭' }).last().click();
  await credentials.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: username }).waitFor();
  return result;
}

/** Signs a member in: the first time with the one-time password, changed on the spot; later with the new one. */
const changed = new Set<string>();
async function signInStaff(page: Page, who: Credentials, newPassword: string): Promise<void> {
  if (changed.has(who.username)) {
    await signIn(page, journey.baseUrl, { ...who, password: newPassword });
    await page.getByTestId('staff-name').waitFor();
  } else {
    await signIn(page, journey.baseUrl, who, { newPassword });
    changed.add(who.username);
  }
}

/** Opens a shop order's detail drawer from the orders table. */
async function openOrder(page: Page, orderSn: string) {
  await page.getByRole('textbox', { name: '订单号' }).first().fill(orderSn);
  await page.getByRole('button', { name: '查询' }).first().click();
  await page.getByRole('button', { name: `详情 ${orderSn}` }).click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: `订单 ${orderSn}` });
  await drawer.getByText('收货地址').waitFor();
  return drawer;
}

const STAFF_PASSWORDS = {
  owner: 'founder-pass-2026',
  opal: 'opal-pass-2026',
  fiona: 'fiona-pass-2026',
  sam: 'sam-pass-2026',
};

describe('the staff console', () => {
  let owner: { context: BrowserContext; page: Page };
  const staff: Record<'opal' | 'fiona' | 'sam', Credentials> = {} as never;

  it('the first owner (from the CLI) signs in with TOTP, changes the password and adds staff; every page passes axe', {
    timeout: 120_000,
  }, async () => {
    const founder = await cliAddOwner(journey.server, 'founder');
    owner = await consoleWindow(journey.browser);
    const { page } = owner;
    await signIn(page, journey.baseUrl, founder, { newPassword: STAFF_PASSWORDS.owner, axe: true });
    expect(await page.getByTestId('staff-role').textContent()).toBe('店主');
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      '订单',
      '实名审核',
      '号码库存',
      '物联卡',
      '内容管理',
      '推广商',
      '卡片页布局',
      '支付',
      '短信日志',
      '员工',
      '操作日志',
      '数据看板',
      '后台任务',
    ]);
    await page.getByRole('heading', { name: '订单', level: 2 }).waitFor();
    await expectConsoleAccessible(page, 'orders page');

    await openPage(page, '员工');
    await expectConsoleAccessible(page, 'staff page');
    staff.opal = await addStaff(page, 'opal', '运营', true);
    staff.fiona = await addStaff(page, 'fiona', '财务');
    staff.sam = await addStaff(page, 'sam', '客服');

    await openPage(page, '实名审核');
    await expectConsoleAccessible(page, 'real-name review page');

    await openPage(page, '操作日志');
    await expectConsoleAccessible(page, 'audit log page');
    const log = page.locator('.ant-table-tbody');
    for (const name of ['opal', 'fiona', 'sam']) {
      await log
        .getByRole('row')
        .filter({ hasText: `staff:${name}` })
        .filter({ hasText: 'staff.add' })
        .first()
        .waitFor();
    }
    await log
      .getByRole('row')
      .filter({ hasText: 'auth.passwordChange' })
      .filter({ hasText: 'founder' })
      .first()
      .waitFor();

    // The language switch: the whole console in English at once.
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    expect(await page.getByTestId('staff-role').textContent()).toBe('Owner');
    await expectConsoleAccessible(page, 'audit log page in English');
    await page.getByText('中文', { exact: true }).click();
    await page.getByRole('heading', { name: '操作日志', level: 2 }).waitFor();
  });

  it('the operator audits and ships; the shopper sees the logistics; support cannot refund; finance refunds; all on the audit log', {
    timeout: 300_000,
  }, async () => {
    const shopper = await newPhonePage(journey.browser);
    const mobile = `137${String(Date.now()).slice(-8)}`;
    const shipSn = await shopperOrders(shopper.page, journey.baseUrl, mobile);
    const refundSn = await shopperOrders(shopper.page, journey.baseUrl, mobile);

    // The operator: TOTP sign-in, audit, ship.
    const operator = await consoleWindow(journey.browser);
    await signInStaff(operator.page, staff.opal, STAFF_PASSWORDS.opal);
    expect(await operator.page.getByTestId('staff-role').textContent()).toBe('运营');
    let drawer = await openOrder(operator.page, shipSn);
    await expectConsoleAccessible(operator.page, 'order detail drawer');
    expect(await drawer.getByRole('button', { name: '退款' }).count()).toBe(0);
    await drawer.getByRole('button', { name: '审核通过' }).click();
    await operator.page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
    await operator.page.getByText(`订单 ${shipSn}：待发货`).waitFor();
    await drawer.getByRole('button', { name: '发货', exact: true }).click();
    const ship = operator.page.locator('.ant-modal').filter({ hasText: `订单 ${shipSn} 发货` });
    await ship.getByLabel('快递公司').fill('顺丰速运');
    await ship.getByLabel('快递单号').fill('SF1234567890');
    await ship.getByRole('button', { name: '发货' }).click();
    await operator.page.getByText(`订单 ${shipSn}：已发货`).waitFor();
    await operator.context.close();

    // The shopper: the parcel in the shop's logistics page (after an SMS login, when the shop asks for one).
    const { page: shop } = shopper;
    await shop.goto(`${journey.baseUrl}/shop/#/pages/order/logistics/index?orderSn=${shipSn}`);
    await shop.getByTestId('logistics-head').or(shop.getByTestId('login-form')).first().waitFor();
    if (await shop.getByTestId('login-form').isVisible()) {
      await shop.getByTestId('login-mobile').locator('input').fill(mobile);
      await shop.getByTestId('login-send-code').click();
      await shop
        .getByTestId('login-code')
        .locator('input')
        .fill(await smsLoginCode(mobile));
      await shop.locator('[data-testid="login-agree"] .adm-checkbox-icon').click();
      await shop.getByTestId('login-submit').click();
      await shop.goto(`${journey.baseUrl}/shop/#/pages/order/logistics/index?orderSn=${shipSn}`);
    }
    await shop.getByTestId('logistics-head').waitFor();
    expect(await shop.getByTestId('logistics-tracking-no').textContent()).toContain('SF1234567890');
    await shopper.context.close();

    // Support: no refund button, and the server refuses the direct call.
    const support = await consoleWindow(journey.browser);
    await signInStaff(support.page, staff.sam, STAFF_PASSWORDS.sam);
    drawer = await openOrder(support.page, refundSn);
    expect(await drawer.getByRole('button', { name: '退款' }).count()).toBe(0);
    const direct = await support.page.evaluate(async (orderSn) => {
      const me = (await (await fetch('/api/admin/auth/me')).json()) as { data: { csrfToken: string } };
      const res = await fetch('/api/admin/orders/refund', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.data.csrfToken },
        body: JSON.stringify({ orderSn, reason: 'support tries', idempotencyKey: 'support-try-0001' }),
      });
      return { status: res.status, body: (await res.json()) as { reason?: string } };
    }, refundSn);
    expect(direct.status).toBe(403);
    expect(direct.body.reason).toBe('staffForbidden');
    await support.context.close();

    // Finance refunds, once, with the result shown.
    const finance = await consoleWindow(journey.browser);
    await signInStaff(finance.page, staff.fiona, STAFF_PASSWORDS.fiona);
    drawer = await openOrder(finance.page, refundSn);
    await drawer.getByRole('button', { name: '退款' }).click();
    const refund = finance.page.locator('.ant-modal').filter({ hasText: `退款订单 ${refundSn}` });
    await refund.getByLabel('原因').fill('买家改变主意');
    await expectConsoleAccessible(finance.page, 'refund dialog');
    await refund.getByRole('button', { name: '确定' }).dblclick();
    await finance.page.getByText(`订单 ${refundSn}：已退款`).waitFor();
    await finance.context.close();

    // The owner's audit log has every step, and the double-clicked refund once.
    const { page } = owner;
    await page.reload();
    await openPage(page, '操作日志');
    const log = page.locator('.ant-table-tbody');
    const line = (actor: string, action: string, target: string) =>
      log.getByRole('row').filter({ hasText: actor }).filter({ hasText: action }).filter({ hasText: target });
    await line('opal', 'order.audit', `order:${shipSn}`).first().waitFor();
    await line('opal', 'order.ship', `order:${shipSn}`).first().waitFor();
    await line('fiona', 'order.refund', `order:${refundSn}`).first().waitFor();
    expect(await line('fiona', 'order.refund', `order:${refundSn}`).count()).toBe(1);
    expect(await log.getByRole('row').filter({ hasText: 'sam' }).filter({ hasText: 'order.refund' }).count()).toBe(0);
    for (const who of ['opal', 'fiona', 'sam']) {
      await line(who, 'auth.login', `staff:${who}`).first().waitFor();
    }
  });

  it('a real-name rejection in the console is what the card holder reads on their real-name page', {
    timeout: 180_000,
  }, async () => {
    const holder = await newPhonePage(journey.browser);
    const { page: card } = holder;
    const simNo = '1440312345603';
    await submitCardLogin(card, journey.baseUrl, simNo);
    await card.getByTestId('iot-home').waitFor();
    await dismissCardDialogs(card);
    await card.goto(`${journey.baseUrl}/shop/#/pages/iot/index/realnameAuth/index`);
    await card.getByTestId('realname-hub').waitFor();
    await card.getByTestId('realname-go-official').click();
    await card.getByTestId('official-go').click();
    await card.locator('input[name=name]').waitFor();
    await card.locator('input[name=name]').fill('张三');
    await card.locator('input[name=idCard]').fill('11010519491231002X');
    await card.getByTestId('operator-submit').click();
    await card.getByTestId('operator-done').waitFor();
    await card.getByTestId('operator-return').click();
    await card.getByTestId('official-done').waitFor({ timeout: 30_000 });
    await card.goto(`${journey.baseUrl}/shop/#/pages/iot/index/realnameAuth/index`);
    await card.getByTestId('realname-hub').waitFor();
    await card.getByTestId('realname-go-platform').click();
    await card.getByTestId('platform-form').waitFor();
    await card.getByTestId('platform-name').locator('input').fill('张三');
    await card.getByTestId('platform-id').locator('input').fill('11010519491231002X');
    for (const side of ['frontImage', 'backImage'] as const) {
      await card
        .getByTestId(`photo-input-${side}`)
        .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: tinyPng([0x99, 0x99, 0x99]) });
      await expect.poll(() => card.getByTestId(`photo-${side}`).getAttribute('data-status')).toBe('done');
    }
    await card.getByTestId('platform-submit').click();
    await card.getByTestId('platform-reviewing').waitFor();

    // The operator reviews the queue: the photos, then the rejection with its reason.
    const operator = await consoleWindow(journey.browser);
    await signInStaff(operator.page, staff.opal, STAFF_PASSWORDS.opal);
    await openPage(operator.page, '实名审核');
    const row = operator.page.getByRole('row').filter({ hasText: simNo });
    await row.getByRole('button', { name: '查看照片' }).click();
    const photos = operator.page.locator('.ant-modal').filter({ hasText: '证件照片' });
    await photos.getByRole('img', { name: '身份证人像面' }).waitFor();
    await expectConsoleAccessible(operator.page, 'ID-photo viewer');
    await photos.getByRole('button', { name: '关闭' }).last().click();
    await row.getByRole('button', { name: '驳回' }).click();
    const reject = operator.page.locator('.ant-modal').filter({ hasText: `驳回卡 ${simNo} 的实名认证` });
    const reason = '身份证照片不清晰，请重新拍摄';
    await reject.getByLabel('原因').fill(reason);
    await reject.getByRole('button', { name: '驳回' }).click();
    await operator.page.getByText('已驳回').first().waitFor();
    await operator.context.close();

    await card.reload();
    await card.getByTestId('platform-rejected').waitFor();
    expect(await card.getByTestId('platform-rejected').textContent()).toContain(reason);
    await holder.context.close();
  });
});

/** The newest login code the outbox SMS gateway "sent" to `mobile`. */
async function smsLoginCode(mobile: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await fetch(`${journey.baseUrl}/api/dev/sms-outbox?mobile=${mobile}`)).json()) as {
        data: { list: { scene: string; code: string; createdAt: string }[] };
      };
      code =
        body.data.list.filter((m) => m.scene === 'login').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
          ?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
