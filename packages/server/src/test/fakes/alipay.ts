/**
 * A local Alipay for the tests (PROVIDERS.md "Alipay", "Fake"): a `node:http` server on a random port
 * speaking the v2 gateway protocol on its own, without the SDK. It generates the app's key pair and its
 * own "Alipay" key pair; it checks every request's RSA2 signature with the app's public key (refusing a
 * wrong one with Alipay's `isv.invalid-signature` answer), signs its answers with its own key, renders a
 * cashier for `alipay.trade.wap.pay` whose "pay" posts a signed form notify to `notify_url` and redirects
 * to `return_url`, and answers query / close / refund from its own trade table.
 */
import { createPrivateKey, createSign, createVerify, generateKeyPairSync, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const FAKE_ALIPAY_APP_ID = '2021000000000001';
export const FAKE_ALIPAY_SELLER_ID = '2088000000000001';

export interface FakeAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  gmtCreate: string;
  gmtPayment?: string | undefined;
  /** Refunds by out_request_no: a repeated request is the same refund. */
  refunds: Map<string, string>;
}

export interface FakeAlipay {
  /** The gateway URL (ALIPAY_GATEWAY). */
  gateway: string;
  appId: string;
  /** PEM key files for the server: the app's private key and the fake's ("Alipay's") public key. */
  privateKeyFile: string;
  publicKeyFile: string;
  /** The fake's own private key, to sign notifies as Alipay does. */
  alipayPrivateKey: string;
  trades: Map<string, FakeAlipayTrade>;
  /** Every request the gateway received, with its method and whether its signature held. */
  requests: { method: string; signatureOk: boolean }[];
  /** When false, a payment on the cashier is not notified (a dropped notify). */
  deliverNotifies: boolean;
  /** When true, the gateway never answers (a provider that times out). */
  stalled: boolean;
  /** The next this-many connections are cut before any answer (a network that drops them). */
  dropNext: number;
  /** The shopper pays a trade opened on the cashier; returns the notify answer's body, if delivered. */
  pay(outTradeNo: string): Promise<string | undefined>;
  /** The form body Alipay would post for `trade`, signed with `key` (default: the fake's own key). */
  notifyBody(trade: FakeAlipayTrade, change?: Record<string, string>, key?: string): string;
  close(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Alipay's clock: "yyyy-MM-dd HH:mm:ss" in Beijing time. */
function beijingNow(at = Date.now()): string {
  const d = new Date(at + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Alipay's v2 signing content: every parameter but sign (and, for notifies, sign_type), sorted, raw values. */
function signingContent(params: Record<string, string>, drop: string[]): string {
  return Object.keys(params)
    .filter((key) => !drop.includes(key))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

const rsa2 = (content: string, privateKey: string) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeAlipay(dir: string): Promise<FakeAlipay> {
  const pair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const app = pair();
  const alipay = pair();
  const privateKeyFile = join(dir, 'alipay-app-private-key.txt');
  const publicKeyFile = join(dir, 'alipay-public-key.pem');
  // The app's private key as Alipay's key tool writes it for non-Java servers (bare base64 PKCS#1), and
  // Alipay's public key as a PEM file.
  const pkcs1 = createPrivateKey(app.privateKey).export({ type: 'pkcs1', format: 'der' });
  writeFileSync(privateKeyFile, `${pkcs1.toString('base64')}\n`);
  writeFileSync(publicKeyFile, alipay.publicKey);

  const trades = new Map<string, FakeAlipayTrade>();
  const requests: FakeAlipay['requests'] = [];

  /** `{"<method>_response":{…},"sign":"…"}`, the signature over the exact JSON of the response object. */
  function answer(res: ServerResponse, method: string, body: Record<string, unknown>) {
    const json = JSON.stringify(body);
    const key = `${method.replaceAll('.', '_')}_response`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${key}":${json},"sign":"${rsa2(json, alipay.privateKey)}"}`);
  }

  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const notExist = {
    code: '40004',
    msg: 'Business Failed',
    sub_code: 'ACQ.TRADE_NOT_EXIST',
    sub_msg: '交易不存在',
  };

  function notifyBody(trade: FakeAlipayTrade, change: Record<string, string> = {}, key = alipay.privateKey): string {
    const params: Record<string, string> = {
      notify_time: beijingNow(),
      notify_type: 'trade_status_sync',
      notify_id: `${Date.now()}${randomInt(0, 1e9)}`,
      app_id: FAKE_ALIPAY_APP_ID,
      auth_app_id: FAKE_ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_id: '2088102534368455',
      buyer_logon_id: 'buy***@example.com',
      seller_id: FAKE_ALIPAY_SELLER_ID,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      invoice_amount: trade.totalAmount,
      point_amount: '0.00',
      subject: trade.subject,
      gmt_create: trade.gmtCreate,
      gmt_payment: trade.gmtPayment ?? beijingNow(),
      fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
      ...change,
    };
    const sign = rsa2(signingContent(params, ['sign', 'sign_type']), key);
    return new URLSearchParams({ ...params, sign }).toString();
  }

  async function deliver(trade: FakeAlipayTrade): Promise<string | undefined> {
    if (!fake.deliverNotifies) return undefined;
    const res = await fetch(trade.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: notifyBody(trade),
      signal: AbortSignal.timeout(10_000),
    });
    return res.text();
  }

  function payTrade(trade: FakeAlipayTrade) {
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = beijingNow();
    }
  }

  function cashier(res: ServerResponse, trade: FakeAlipayTrade) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Fake Alipay</title></head>` +
        `<body><p>${escapeHtml(trade.subject)}</p><p data-testid="alipay-amount">¥${trade.totalAmount}</p>` +
        `<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(trade.outTradeNo)}">` +
        `<button data-testid="alipay-pay">Pay</button></form></body></html>`,
    );
  }

  async function gatewayDo(req: IncomingMessage, res: ServerResponse, url: URL) {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    const method = params.method ?? '';
    const signatureOk =
      params.app_id === FAKE_ALIPAY_APP_ID &&
      params.sign_type === 'RSA2' &&
      Boolean(params.sign) &&
      createVerify('RSA-SHA256')
        .update(signingContent(params, ['sign']), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64');
    requests.push({ method, signatureOk });
    if (!signatureOk) {
      return answer(res, method || 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter' });
    }
    const trade = trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.wap.pay': {
        // Opening the cashier creates the trade, as at Alipay; a closed trade cannot be paid again.
        const opened =
          trade ??
          ({
            outTradeNo: biz.out_trade_no ?? '',
            tradeNo: `2026${Date.now()}${String(randomInt(0, 1e6)).padStart(6, '0')}`,
            totalAmount: biz.total_amount ?? '',
            subject: biz.subject ?? '',
            notifyUrl: params.notify_url ?? '',
            returnUrl: params.return_url ?? '',
            status: 'WAIT_BUYER_PAY',
            gmtCreate: beijingNow(),
            refunds: new Map(),
          } satisfies FakeAlipayTrade);
        trades.set(opened.outTradeNo, opened);
        return cashier(res, opened);
      }
      case 'alipay.trade.query':
        if (!trade) return answer(res, method, notExist);
        return answer(
          res,
          method,
          ok({
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
            ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
          }),
        );
      case 'alipay.trade.close':
        if (!trade) return answer(res, method, notExist);
        if (trade.status === 'TRADE_SUCCESS') {
          return answer(res, method, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
            sub_msg: '交易状态不合法',
          });
        }
        trade.status = 'TRADE_CLOSED';
        return answer(res, method, ok({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo }));
      case 'alipay.trade.refund': {
        if (!trade) return answer(res, method, notExist);
        const requestNo = biz.out_request_no ?? '';
        const repeated = trade.refunds.has(requestNo);
        if (!repeated) {
          if (trade.status !== 'TRADE_SUCCESS' || Number(biz.refund_amount) > Number(trade.totalAmount)) {
            return answer(res, method, {
              code: '40004',
              msg: 'Business Failed',
              sub_code: 'ACQ.TRADE_STATUS_ERROR',
              sub_msg: '交易状态不合法',
            });
          }
          trade.refunds.set(requestNo, biz.refund_amount ?? '');
          if (biz.refund_amount === trade.totalAmount) trade.status = 'TRADE_CLOSED';
        }
        return answer(
          res,
          method,
          ok({
            trade_no: trade.tradeNo,
            out_trade_no: trade.outTradeNo,
            refund_fee: trade.refunds.get(requestNo),
            fund_change: repeated ? 'N' : 'Y',
          }),
        );
      }
      default:
        return answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method' });
    }
  }

  const server: Server = createServer((req, res) => {
    if (fake.stalled) return; // never answers: the caller's timeout decides
    if (fake.dropNext > 0) {
      fake.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const handle = async () => {
      if (url.pathname === '/gateway.do') return gatewayDo(req, res, url);
      if (url.pathname === '/cashier/pay' && req.method === 'POST') {
        const outTradeNo = new URLSearchParams(await readBody(req)).get('out_trade_no') ?? '';
        const trade = trades.get(outTradeNo);
        if (!trade) {
          res.writeHead(404).end();
          return;
        }
        payTrade(trade);
        await deliver(trade);
        res.writeHead(302, { location: trade.returnUrl }).end();
        return;
      }
      res.writeHead(404).end();
    };
    handle().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeAlipay = {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    appId: FAKE_ALIPAY_APP_ID,
    privateKeyFile,
    publicKeyFile,
    alipayPrivateKey: alipay.privateKey,
    trades,
    requests,
    deliverNotifies: true,
    stalled: false,
    dropNext: 0,
    async pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`fake alipay: ${outTradeNo} was never opened on the cashier`);
      payTrade(trade);
      return deliver(trade);
    },
    notifyBody,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
