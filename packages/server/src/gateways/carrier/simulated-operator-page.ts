/**
 * The carrier simulator's operator real-name page, served by the app itself (not enveloped: it stands for
 * the operator's own site). `GET /api/carrier-sim/realname?token=` shows a form (姓名, 身份证号); the POST
 * records the operator real-name in `carrier_sim_auth`, which the simulator's `syncSim` then reports,
 * and offers 返回 to the shop page carried inside the signed token.
 *
 * The token is `<payload>.<signature>`: base64url JSON signed with an HMAC under the lookup key
 * (lib/personal-data `lookupHash`, its own purpose), valid 30 minutes. Pages carry no script; the CSP
 * forbids everything but inline styles and posting the form to this origin.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIdCard, maskIdCard, OPERATOR_NAMES, type OperatorType, PERSON_NAME_RE } from '@haoka/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { lookupHash } from '../../lib/personal-data.js';

export const OPERATOR_PAGE_PATH = '/api/carrier-sim/realname';
export const OPERATOR_TOKEN_TTL_MS = 30 * 60_000;
const TOKEN_PURPOSE = 'carrier-sim-realname-token';
/** Where the browser goes back when the token's return URL is not a page of the shop. */
const FALLBACK_RETURN_PATH = '/shop/';

/** What an operator page link stands for: one card (or vice SIM) to authenticate, and where to go back. */
export interface OperatorTicket {
  /** The card (a device's main number for a vice SIM). */
  simNo: string;
  /** The number being authenticated: the card itself or one of the device's vice SIMs. */
  authSimNo: string;
  operatorType: number;
  /** Absolute URL of the shop page to return to. */
  returnUrl: string;
  /** Epoch ms. */
  expiresAt: number;
}

const signatureOf = (payload: string) => Buffer.from(lookupHash(TOKEN_PURPOSE, payload), 'hex').toString('base64url');

export function signOperatorTicket(ticket: OperatorTicket): string {
  const payload = Buffer.from(
    JSON.stringify([ticket.simNo, ticket.authSimNo, ticket.operatorType, ticket.returnUrl, ticket.expiresAt]),
  ).toString('base64url');
  return `${payload}.${signatureOf(payload)}`;
}

/** The ticket of a token with a valid signature that has not expired, else null. */
export function verifyOperatorTicket(token: unknown, now = Date.now()): OperatorTicket | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [simNo, authSimNo, operatorType, returnUrl, expiresAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      typeof simNo !== 'string' ||
      typeof authSimNo !== 'string' ||
      typeof operatorType !== 'number' ||
      typeof returnUrl !== 'string' ||
      typeof expiresAt !== 'number'
    ) {
      return null;
    }
    if (expiresAt <= now) return null;
    return { simNo, authSimNo, operatorType, returnUrl, expiresAt };
  } catch {
    return null;
  }
}

/** The absolute operator page URL for a ticket, on the origin of the shop's return URL. */
export function operatorPageUrl(ticket: OperatorTicket): string {
  const url = new URL(OPERATOR_PAGE_PATH, ticket.returnUrl);
  url.search = new URLSearchParams({ token: signOperatorTicket(ticket) }).toString();
  return url.href;
}

/**
 * The same-origin path the 返回 link may use: only a page under `/shop/` (path, query and hash of the
 * return URL). Anything else goes to the shop's home, so the page is never an open redirect.
 */
export function safeReturnPath(returnUrl: string): string {
  try {
    const url = new URL(returnUrl);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.startsWith('/shop/')) {
      return `${url.pathname}${url.search}${url.hash}`;
    }
  } catch {
    // not a URL: fall through
  }
  return FALLBACK_RETURN_PATH;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f7;color:#222}
main{max-width:480px;margin:0 auto;padding:24px 16px calc(24px + env(safe-area-inset-bottom))}
.badge{display:inline-block;margin:0 0 16px;padding:2px 8px;border-radius:10px;background:#fff3e0;color:#e65100;font-size:12px}
.card{background:#fff;border-radius:12px;padding:24px 16px}
h1{margin:0 0 4px;font-size:18px;font-weight:600;text-align:center}
.sub{margin:0 0 20px;font-size:13px;color:#999;text-align:center}
label{display:block;margin:0 0 14px;font-size:14px;color:#666}
input{display:block;width:100%;margin-top:6px;padding:11px 12px;border:1px solid #ddd;border-radius:8px;font-size:16px}
.error{margin:0 0 14px;padding:8px 12px;border-radius:8px;background:#fff1f0;color:#cf1322;font-size:14px}
.msg{margin:8px 0 20px;font-size:15px;color:#666;text-align:center;line-height:1.6}
.ok{font-size:40px;text-align:center;color:#07c160;margin:0}
.note{margin:16px 0 0;font-size:12px;color:#999;line-height:1.6}
button,a.btn{display:block;width:100%;padding:12px;border-radius:8px;font-size:17px;border:0;text-align:center;text-decoration:none;background:#1677ff;color:#fff}`;

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><p class="badge">模拟运营商 · 演示环境</p>${body}</main></body></html>`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

const operatorName = (type: number) => OPERATOR_NAMES[type as OperatorType] ?? '运营商';

function formPage(ticket: OperatorTicket, token: string, error = '', name = ''): string {
  const title = `${operatorName(ticket.operatorType)}实名认证`;
  return page(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1><p class="sub">号码 ${escapeHtml(ticket.authSimNo)}</p>` +
      (error ? `<p class="error" data-testid="operator-error">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="realname"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<label>姓名<input name="name" value="${escapeHtml(name)}" maxlength="20" autocomplete="name" required></label>` +
      `<label>身份证号<input name="idCard" maxlength="18" autocomplete="off" required></label>` +
      `<button type="submit" data-testid="operator-submit">提交认证</button></form>` +
      `<p class="note">请使用本人身份证完成认证。本页面为运营商实名的模拟环境，提交后即时生效。</p></section>`,
  );
}

function donePage(ticket: OperatorTicket, message: string): string {
  return page(
    '认证成功',
    `<section class="card"><p class="ok">✓</p><h1>认证成功</h1><p class="msg" data-testid="operator-done">${escapeHtml(message)}</p>` +
      `<a class="btn" href="${escapeHtml(safeReturnPath(ticket.returnUrl))}" data-testid="operator-return">返回</a></section>`,
  );
}

const invalidPage = () =>
  page(
    '链接已失效',
    '<section class="card"><h1>链接已失效</h1><p class="msg" data-testid="operator-invalid">认证链接无效或已过期，请返回重新发起实名认证</p>' +
      `<a class="btn" href="${FALLBACK_RETURN_PATH}">返回</a></section>`,
  );

const field = (input: unknown, name: string): string => {
  const value = (input as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

async function authStatusOf(db: DbOrTx, simNo: string): Promise<number | undefined> {
  const row = await db.selectFrom('carrier_sim_auth').select('status').where('sim_no', '=', simNo).executeTakeFirst();
  return row?.status;
}

/** Registers the page; only while the carrier gateway is the built-in simulator. */
export function registerSimulatedOperatorPage(app: FastifyInstance, db: DbOrTx): void {
  app.register(async (scope) => {
    // The page's button posts an HTML form.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    scope.get(OPERATOR_PAGE_PATH, async (req, reply) => {
      const token = field(req.query, 'token');
      const ticket = verifyOperatorTicket(token);
      if (!ticket) return sendHtml(reply, 400, invalidPage());
      if ((await authStatusOf(db, ticket.authSimNo)) === 1) {
        return sendHtml(reply, 200, donePage(ticket, '该号码已完成实名认证'));
      }
      return sendHtml(reply, 200, formPage(ticket, token));
    });

    scope.post(OPERATOR_PAGE_PATH, async (req, reply) => {
      const token = field(req.body, 'token');
      const ticket = verifyOperatorTicket(token);
      if (!ticket) return sendHtml(reply, 400, invalidPage());
      const name = field(req.body, 'name');
      const idCard = field(req.body, 'idCard').toUpperCase();
      if (!PERSON_NAME_RE.test(name))
        return sendHtml(reply, 200, formPage(ticket, token, '请输入2-20位真实姓名', name));
      if (!isIdCard(idCard)) return sendHtml(reply, 200, formPage(ticket, token, '身份证号格式不正确', name));
      const now = Date.now();
      await db
        .insertInto('carrier_sim_auth')
        .values({ sim_no: ticket.authSimNo, status: 1, id_card_hmac: lookupHash('idcard', idCard), updated_at: now })
        .onConflict((oc) =>
          oc.column('sim_no').doUpdateSet({ status: 1, id_card_hmac: lookupHash('idcard', idCard), updated_at: now }),
        )
        .execute();
      req.log.info({ authSimNo: ticket.authSimNo, idCard: maskIdCard(idCard) }, 'carrier simulator: real-name done');
      return sendHtml(reply, 200, donePage(ticket, '实名信息已登记，返回后刷新即可查看认证状态'));
    });
  });
}
