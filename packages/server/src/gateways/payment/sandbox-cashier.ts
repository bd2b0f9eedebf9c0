/**
 * The sandbox provider's cashier, served by the app itself (not enveloped: it is the "provider's" page):
 * GET /api/pay/sandbox/cashier shows the payment with 确认支付 / 取消; POST confirm pays and sends the
 * signed notify, then 303s the browser to the return URL; POST cancel only goes back.
 */
import { fenToYuan } from '@haoka/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxGateway, SandboxPayment } from './sandbox.js';

const PREPAY_ID_RE = /^sbx[0-9a-f]{32}$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f7;color:#222}
main{max-width:480px;margin:0 auto;padding:24px 16px calc(24px + env(safe-area-inset-bottom))}
.badge{display:inline-block;margin:0 0 16px;padding:2px 8px;border-radius:10px;background:#fff3e0;color:#e65100;font-size:12px}
.card{background:#fff;border-radius:12px;padding:24px 16px;text-align:center}
h1{margin:0 0 8px;font-size:16px;font-weight:500;color:#666}
.amount{margin:0 0 20px;font-size:36px;font-weight:600}.amount small{font-size:20px}
dl{margin:0;text-align:left;font-size:14px;border-top:1px solid #eee;padding-top:12px}
dt{color:#999;float:left;width:5em}dd{margin:0 0 8px 5em;word-break:break-all}
.msg{margin:16px 0 0;font-size:15px;color:#666}
form{margin-top:24px;display:flex;flex-direction:column;gap:12px}
button,a.btn{display:block;width:100%;padding:12px;border-radius:8px;font-size:17px;border:0;text-align:center;text-decoration:none}
.pay{background:#07c160;color:#fff}.cancel{background:#fff;color:#333;border:1px solid #ddd}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function cashierPage(payment: SandboxPayment, now: number): string {
  const open = payment.state === 'created' && payment.expire_at > now;
  const message =
    payment.state === 'paid'
      ? '该订单已支付'
      : payment.state === 'refunded'
        ? '该笔支付已退款'
        : open
          ? ''
          : '支付已关闭，请返回重新下单';
  const actions = open
    ? `<form method="post" action="confirm"><input type="hidden" name="prepayId" value="${escapeHtml(payment.prepay_id)}">` +
      `<button type="submit" class="pay" data-testid="sandbox-pay">确认支付</button>` +
      `<button type="submit" class="cancel" formaction="cancel" data-testid="sandbox-cancel">取消</button></form>`
    : `<p class="msg" data-testid="sandbox-message">${message}</p><form><a class="btn cancel" href="${escapeHtml(payment.return_url)}">返回商户</a></form>`;
  return page(
    '收银台',
    `<p class="badge">沙箱支付 · 不会真实扣款</p><section class="card"><h1>收银台</h1>` +
      `<p class="amount"><small>¥</small>${fenToYuan(payment.amount_fen)}</p>` +
      `<dl><dt>商品</dt><dd>${escapeHtml(payment.description)}</dd><dt>订单号</dt><dd>${escapeHtml(payment.out_trade_no)}</dd></dl>` +
      `${actions}</section>`,
  );
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'")
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(html);
}

const notFound = (reply: FastifyReply) =>
  sendHtml(reply, 404, page('收银台', '<section class="card"><p class="msg">支付单不存在或已失效</p></section>'));

function prepayIdOf(input: unknown): string | null {
  const value = (input as { prepayId?: unknown } | undefined)?.prepayId;
  return typeof value === 'string' && PREPAY_ID_RE.test(value) ? value : null;
}

export function registerSandboxCashier(app: FastifyInstance, sandbox: SandboxGateway): void {
  app.register(async (scope) => {
    // The cashier's buttons post an HTML form.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get('/api/pay/sandbox/cashier', async (req, reply) => {
      const prepayId = prepayIdOf(req.query);
      const payment = prepayId ? await sandbox.find(prepayId) : undefined;
      if (!payment) return notFound(reply);
      return sendHtml(reply, 200, cashierPage(payment, Date.now()));
    });

    scope.post('/api/pay/sandbox/confirm', async (req, reply) => {
      const prepayId = prepayIdOf(req.body);
      const result = prepayId ? await sandbox.confirm(prepayId) : { outcome: 'missing' as const };
      if (result.outcome === 'missing') return notFound(reply);
      if (result.outcome !== 'paid') return sendHtml(reply, 409, cashierPage(result.payment, Date.now()));
      return reply.redirect(result.payment.return_url, 303);
    });

    scope.post('/api/pay/sandbox/cancel', async (req, reply) => {
      const prepayId = prepayIdOf(req.body);
      const payment = prepayId ? await sandbox.find(prepayId) : undefined;
      if (!payment) return notFound(reply);
      return reply.redirect(payment.return_url, 303);
    });
  });
}
