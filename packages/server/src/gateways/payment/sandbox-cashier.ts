/**
 * The sandbox provider's cashier, served by the app itself (not enveloped: it is the "provider's" page):
 * GET /api/pay/sandbox/cashier shows the payment with 确认支付 / 取消; POST confirm pays and sends the
 * signed notify, then 303s the browser to the return URL; POST cancel only goes back.
 *
 * The page speaks the shopper's language: the `lang` the web adds to the address (and the forms carry
 * on), else the browser's `Accept-Language`, else English (SPEC §1). It has no script; its CSP allows
 * nothing but its inline style.
 */
import { fenToYuan, type Locale, localeOfAcceptLanguage, supportedLocale } from '@haoka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

interface CashierTexts {
  title: string;
  badge: string;
  goods: string;
  orderSn: string;
  pay: string;
  cancel: string;
  paid: string;
  refunded: string;
  closed: string;
  back: string;
  missing: string;
}

const TEXTS: Record<Locale, CashierTexts> = {
  'zh-Hans': {
    title: '收银台',
    badge: '沙箱支付 · 不会真实扣款',
    goods: '商品',
    orderSn: '订单号',
    pay: '确认支付',
    cancel: '取消',
    paid: '该订单已支付',
    refunded: '该笔支付已退款',
    closed: '支付已关闭，请返回重新下单',
    back: '返回商户',
    missing: '支付单不存在或已失效',
  },
  'zh-Hant': {
    title: '收銀台',
    badge: '沙箱支付 · 不會真實扣款',
    goods: '商品',
    orderSn: '訂單號',
    pay: '確認支付',
    cancel: '取消',
    paid: '該訂單已支付',
    refunded: '該筆支付已退款',
    closed: '支付已關閉，請返回重新下單',
    back: '返回商戶',
    missing: '支付單不存在或已失效',
  },
  en: {
    title: 'Checkout',
    badge: 'Sandbox payment · no real charge',
    goods: 'Item',
    orderSn: 'Order no.',
    pay: 'Confirm payment',
    cancel: 'Cancel',
    paid: 'This order is already paid.',
    refunded: 'This payment has been refunded.',
    closed: 'This payment is closed. Please go back and order again.',
    back: 'Back to the shop',
    missing: 'This payment does not exist or is no longer valid.',
  },
  fr: {
    title: 'Caisse',
    badge: 'Paiement de test · aucun débit réel',
    goods: 'Article',
    orderSn: 'N° de commande',
    pay: 'Confirmer le paiement',
    cancel: 'Annuler',
    paid: 'Cette commande est déjà payée.',
    refunded: 'Ce paiement a été remboursé.',
    closed: 'Ce paiement est fermé. Veuillez revenir en arrière et commander à nouveau.',
    back: 'Retour à la boutique',
    missing: 'Ce paiement n’existe pas ou n’est plus valide.',
  },
  es: {
    title: 'Caja',
    badge: 'Pago de prueba · sin cargo real',
    goods: 'Artículo',
    orderSn: 'N.º de pedido',
    pay: 'Confirmar el pago',
    cancel: 'Cancelar',
    paid: 'Este pedido ya está pagado.',
    refunded: 'Este pago se ha reembolsado.',
    closed: 'Este pago está cerrado. Vuelve atrás y haz el pedido de nuevo.',
    back: 'Volver a la tienda',
    missing: 'Este pago no existe o ya no es válido.',
  },
};

/**
 * The kinds of order subject the shop gives the provider (`<kind>：<name>`, payments' kinds.ts; a vanity
 * number's `靓号 <number>`), said in each language; the name is the shop's own and stays as given.
 */
const SUBJECT_KINDS: Record<string, Record<Exclude<Locale, 'zh-Hans'>, string>> = {
  套餐订购: { 'zh-Hant': '套餐訂購', en: 'Package', fr: 'Forfait', es: 'Paquete' },
  余额充值: { 'zh-Hant': '餘額儲值', en: 'Balance top-up', fr: 'Recharge du solde', es: 'Recarga de saldo' },
  充值活动: { 'zh-Hant': '儲值活動', en: 'Top-up offer', fr: 'Offre de recharge', es: 'Oferta de recarga' },
  积分商城: { 'zh-Hant': '積分商城', en: 'Points mall', fr: 'Boutique de points', es: 'Tienda de puntos' },
  开通会员: { 'zh-Hant': '開通會員', en: 'Membership', fr: 'Abonnement membre', es: 'Membresía' },
  网络加速: { 'zh-Hant': '網路加速', en: 'Speed boost', fr: 'Boost de vitesse', es: 'Acelerador' },
  靓号: { 'zh-Hant': '靚號', en: 'Vanity number', fr: 'Numéro spécial', es: 'Número especial' },
};

/** The order subject in the page's language: its kind translated, the shop's name as given. */
export function subjectIn(description: string, locale: Locale): string {
  const match = /^([^：\s]+)(：| )(.*)$/s.exec(description);
  const kind = match?.[1] ? SUBJECT_KINDS[match[1]] : undefined;
  if (locale === 'zh-Hans' || !match || !kind) return description;
  return locale === 'zh-Hant' ? `${kind[locale]}${match[2]}${match[3]}` : `${kind[locale]}: ${match[3]}`;
}

/** The page's language: the `lang` given (query or form), else the browser's, else English. */
export function cashierLocale(lang: unknown, acceptLanguage: string | undefined): Locale {
  return (typeof lang === 'string' && supportedLocale(lang)) || localeOfAcceptLanguage(acceptLanguage);
}

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function cashierPage(payment: SandboxPayment, now: number, locale: Locale): string {
  const t = TEXTS[locale];
  const open = payment.state === 'created' && payment.expire_at > now;
  const message = payment.state === 'paid' ? t.paid : payment.state === 'refunded' ? t.refunded : open ? '' : t.closed;
  const actions = open
    ? `<form method="post" action="confirm"><input type="hidden" name="prepayId" value="${escapeHtml(payment.prepay_id)}">` +
      `<input type="hidden" name="lang" value="${locale}">` +
      `<button type="submit" class="pay" data-testid="sandbox-pay">${escapeHtml(t.pay)}</button>` +
      `<button type="submit" class="cancel" formaction="cancel" data-testid="sandbox-cancel">${escapeHtml(t.cancel)}</button></form>`
    : `<p class="msg" data-testid="sandbox-message">${escapeHtml(message)}</p><form><a class="btn cancel" href="${escapeHtml(payment.return_url)}">${escapeHtml(t.back)}</a></form>`;
  // The item is the order's subject as the shop gave it to the provider: its kind in the page's language.
  return page(
    locale,
    t.title,
    `<p class="badge">${escapeHtml(t.badge)}</p><section class="card"><h1>${escapeHtml(t.title)}</h1>` +
      `<p class="amount"><small>¥</small>${fenToYuan(payment.amount_fen)}</p>` +
      `<dl><dt>${escapeHtml(t.goods)}</dt><dd>${escapeHtml(subjectIn(payment.description, locale))}</dd><dt>${escapeHtml(t.orderSn)}</dt><dd>${escapeHtml(payment.out_trade_no)}</dd></dl>` +
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

const notFound = (reply: FastifyReply, locale: Locale) =>
  sendHtml(
    reply,
    404,
    page(
      locale,
      TEXTS[locale].title,
      `<section class="card"><p class="msg">${escapeHtml(TEXTS[locale].missing)}</p></section>`,
    ),
  );

const localeOf = (req: FastifyRequest, input: unknown) =>
  cashierLocale((input as { lang?: unknown } | undefined)?.lang, req.headers['accept-language']);

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
      const locale = localeOf(req, req.query);
      const prepayId = prepayIdOf(req.query);
      const payment = prepayId ? await sandbox.find(prepayId) : undefined;
      if (!payment) return notFound(reply, locale);
      return sendHtml(reply, 200, cashierPage(payment, Date.now(), locale));
    });

    scope.post('/api/pay/sandbox/confirm', async (req, reply) => {
      const locale = localeOf(req, req.body);
      const prepayId = prepayIdOf(req.body);
      const result = prepayId ? await sandbox.confirm(prepayId) : { outcome: 'missing' as const };
      if (result.outcome === 'missing') return notFound(reply, locale);
      if (result.outcome !== 'paid') return sendHtml(reply, 409, cashierPage(result.payment, Date.now(), locale));
      return reply.redirect(result.payment.return_url, 303);
    });

    scope.post('/api/pay/sandbox/cancel', async (req, reply) => {
      const prepayId = prepayIdOf(req.body);
      const payment = prepayId ? await sandbox.find(prepayId) : undefined;
      if (!payment) return notFound(reply, localeOf(req, req.body));
      return reply.redirect(payment.return_url, 303);
    });
  });
}
