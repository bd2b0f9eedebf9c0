/**
 * A fake WeChat Pay API v3 on a random port (PROVIDERS.md "Fake"). It generates, at start, the merchant
 * key pair (the shop signs with the private half, written to a file like apiclient_key.pem), the WeChat Pay
 * public key (id PUB_KEY_ID_TEST…) and a platform-certificate key with its serial. It refuses any request
 * whose signature does not verify (401 SIGN_ERROR, WeChat's shape), signs every answer, keeps its own
 * books of the five calls it serves (jsapi, h5, query, close, refund), and delivers encrypted, signed
 * TRANSACTION.SUCCESS and REFUND.SUCCESS callbacks. Tests switch its key kind, make it slow, make it
 * tamper with its answers, or drop its callbacks.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WechatPayConfig } from '../../gateways/payment/wechatpay.js';
import {
  encryptResource,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from '../../gateways/payment/wechatpay-crypto.js';

export type FakeKeyKind = 'publicKey' | 'certificate';

interface FakeOrder {
  appid: string;
  mchid: string;
  out_trade_no: string;
  prepay_id: string;
  description: string;
  notify_url: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id?: string;
  success_time?: string;
  refunds: Map<string, { refund_id: string; refund: number; notify_url?: string }>;
}

/** The request fields the fake reads (WeChat's names). */
interface FakeInput {
  appid?: string;
  mchid?: string;
  description?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  notify_url?: string;
  payer?: { openid?: string };
  amount?: { total?: number; refund?: number };
}

export interface SignedCallback {
  headers: Record<string, string>;
  body: string;
}

const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

function pem(key: KeyObject): string {
  return String(
    key.export(key.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }),
  );
}

export async function startWechatPayFake() {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificatePair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyId = `PUB_KEY_ID_TEST${randomBytes(8).toString('hex').toUpperCase()}`;
  const certificateSerial = randomBytes(20).toString('hex').toUpperCase();
  const apiV3Key = randomBytes(16).toString('hex');
  const orders = new Map<string, FakeOrder>();
  /** The h5_url tickets issued and still valid (WeChat's h5_url expires about 5 minutes after it is made). */
  const h5Tickets = new Set<string>();
  const dir = mkdtempSync(join(tmpdir(), 'haoka-wechatpay-fake-'));

  const fake = {
    mchId: MCH_ID,
    appId: APP_ID,
    apiV3Key,
    publicKeyId,
    certificateSerial,
    /** Verifies the paySign the shop computes for WeixinJSBridge. */
    merchantPublicKey: merchant.publicKey,
    url: '',
    /** Which of WeChat's keys signs answers and callbacks (the migration switches it). */
    keyKind: 'publicKey' as FakeKeyKind,
    /** When false, payments and refunds are made but their callbacks never sent (dropped callbacks). */
    deliverCallbacks: true,
    /** Answers wait this long (a provider that does not answer in time). */
    delayMs: 0,
    /** The next this many requests have their connection cut before any answer. */
    cutConnections: 0,
    /** Answers are changed after signing (a response tampered with on the way). */
    tamperAnswers: false,
    /** Every request received: path, and the status answered. */
    requests: [] as { method: string; path: string; status: number }[],
    /** The status our notify endpoint answered to each callback delivered. */
    callbackAnswers: [] as { eventType: string; status: number }[],
    orders,
    /** Every h5_url issued so far expires now (as it does at WeChat about 5 minutes after it was made). */
    expireH5Urls() {
      h5Tickets.clear();
    },

    /** The shop's settings for this fake: both key modes at once, as during WeChat's migration. */
    config(): WechatPayConfig {
      const keyFile = join(dir, 'apiclient_key.pem');
      const publicKeyFile = join(dir, 'pub_key.pem');
      const certDir = join(dir, 'platform');
      mkdirSync(certDir, { recursive: true });
      writeFileSync(keyFile, pem(merchant.privateKey));
      writeFileSync(publicKeyFile, pem(publicKeyPair.publicKey));
      writeFileSync(join(certDir, `${certificateSerial}.pem`), pem(certificatePair.publicKey));
      return {
        mchId: MCH_ID,
        appId: APP_ID,
        apiV3Key,
        privateKeyFile: keyFile,
        certSerial: MERCHANT_SERIAL,
        publicKeyFile,
        publicKeyId,
        platformCertDir: certDir,
        baseUrl: fake.url,
      };
    },

    /** WeChat's signature headers over a body, by the current (or given) key kind. */
    sign(body: string, at: { keyKind?: FakeKeyKind; timestamp?: string } = {}): Record<string, string> {
      const kind = at.keyKind ?? fake.keyKind;
      const timestamp = at.timestamp ?? String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const key = kind === 'publicKey' ? publicKeyPair.privateKey : certificatePair.privateKey;
      return {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': kind === 'publicKey' ? publicKeyId : certificateSerial,
        'wechatpay-signature': rsaSign(key, responseMessage(timestamp, nonce, body)),
      };
    },

    /** An encrypted, signed callback as WeChat sends it (tests change its resource to forge one). */
    callback(
      eventType: 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS',
      resource: object,
      at: { keyKind?: FakeKeyKind; timestamp?: string } = {},
    ): SignedCallback {
      const refund = eventType.startsWith('REFUND.');
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary: refund ? '退款成功' : '支付成功',
        resource: {
          ...encryptResource(apiV3Key, JSON.stringify(resource), refund ? 'refund' : 'transaction'),
          original_type: refund ? 'refund' : 'transaction',
        },
      });
      return { headers: { 'content-type': 'application/json', ...fake.sign(body, at) }, body };
    },

    /** The decrypted transaction of a paid order, as WeChat puts it in TRANSACTION.SUCCESS. */
    transactionOf(order: FakeOrder) {
      return {
        appid: order.appid,
        mchid: order.mchid,
        out_trade_no: order.out_trade_no,
        transaction_id: order.transaction_id,
        trade_type: 'JSAPI',
        trade_state: order.trade_state,
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: order.success_time,
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' },
      };
    },

    async deliver(url: string, callback: SignedCallback, eventType: string): Promise<number> {
      const res = await fetch(url, { method: 'POST', headers: callback.headers, body: callback.body });
      await res.text();
      fake.callbackAnswers.push({ eventType, status: res.status });
      return res.status;
    },

    /** The shopper pays the open order: it is paid once, and its callback delivered (unless dropped). */
    async pay(outTradeNo: string): Promise<number | undefined> {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake wechatpay: no order ${outTradeNo}`);
      if (order.trade_state === 'NOTPAY') {
        order.trade_state = 'SUCCESS';
        order.transaction_id = `4200${Date.now()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
        order.success_time = new Date().toISOString();
      }
      if (order.trade_state !== 'SUCCESS' || !fake.deliverCallbacks) return undefined;
      return fake.deliver(
        order.notify_url,
        fake.callback('TRANSACTION.SUCCESS', fake.transactionOf(order)),
        'TRANSACTION.SUCCESS',
      );
    },

    async close(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      rmSync(dir, { recursive: true, force: true });
    },
  };

  function answer(res: ServerResponse, req: IncomingMessage, status: number, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    fake.requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] as string, status });
    const headers: Record<string, string> = { 'request-id': randomUUID(), ...fake.sign(body) };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    // Tampering happens after signing, as a man in the middle would: the first digit (an amount, an id) changes.
    const sent = fake.tamperAnswers ? body.replace(/\d/, (digit) => String((Number(digit) + 1) % 10)) : body;
    res.writeHead(status, headers).end(sent);
  }

  function refuse(res: ServerResponse, req: IncomingMessage, status: number, code: string, message: string) {
    answer(res, req, status, { code, message });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    if (fake.cutConnections > 0) {
      fake.cutConnections -= 1;
      fake.requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] as string, status: 0 });
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/h5pay') return h5Page(url, res);
    const auth = parseAuthorization(req.headers.authorization);
    const signed =
      auth?.mchid === MCH_ID &&
      auth.serial_no === MERCHANT_SERIAL &&
      rsaVerify(
        merchant.publicKey,
        requestMessage(
          req.method ?? '',
          `${url.pathname}${url.search}`,
          auth.timestamp ?? '',
          auth.nonce_str ?? '',
          body,
        ),
        auth.signature ?? '',
      );
    if (!signed) return refuse(res, req, 401, 'SIGN_ERROR', '签名错误，请检查后再试');
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const input = (body ? JSON.parse(body) : {}) as FakeInput;

    const launch = /^\/v3\/pay\/transactions\/(jsapi|h5)$/.exec(url.pathname);
    if (req.method === 'POST' && launch) {
      if (input.mchid !== MCH_ID || input.appid !== APP_ID) return refuse(res, req, 400, 'PARAM_ERROR', 'mchid/appid');
      if (launch[1] === 'jsapi' && !input.payer?.openid) return refuse(res, req, 400, 'PARAM_ERROR', '缺少openid');
      const { out_trade_no: outTradeNo, notify_url: notifyUrl, description } = input;
      const total = input.amount?.total;
      if (!outTradeNo || !notifyUrl || !description || total === undefined) {
        return refuse(res, req, 400, 'PARAM_ERROR', '缺少参数');
      }
      if (Buffer.byteLength(description) > 127) return refuse(res, req, 400, 'PARAM_ERROR', 'description过长');
      let order = orders.get(outTradeNo);
      if (order?.trade_state === 'CLOSED') return refuse(res, req, 400, 'ORDER_CLOSED', '订单已关闭');
      if (order && order.trade_state !== 'NOTPAY') return refuse(res, req, 400, 'ORDERPAID', '该订单已支付');
      if (!order) {
        order = {
          appid: APP_ID,
          mchid: MCH_ID,
          out_trade_no: outTradeNo,
          prepay_id: `wx${Date.now()}${randomBytes(8).toString('hex')}`,
          description,
          notify_url: notifyUrl,
          total,
          trade_state: 'NOTPAY',
          refunds: new Map(),
        };
        orders.set(order.out_trade_no, order);
      }
      if (launch[1] === 'jsapi') return answer(res, req, 200, { prepay_id: order.prepay_id });
      // Each H5 order answers a new h5_url (its own ticket), even for the same prepay.
      const ticket = randomBytes(8).toString('hex');
      h5Tickets.add(ticket);
      return answer(res, req, 200, { h5_url: `${fake.url}/h5pay?prepay_id=${order.prepay_id}&package=${ticket}` });
    }

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (byNo) {
      const order = orders.get(decodeURIComponent(byNo[1] as string));
      if (!order) return refuse(res, req, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (req.method === 'GET' && !byNo[2]) {
        if (url.searchParams.get('mchid') !== MCH_ID) return refuse(res, req, 400, 'PARAM_ERROR', 'mchid');
        return answer(res, req, 200, fake.transactionOf(order));
      }
      if (req.method === 'POST' && byNo[2]) {
        if (order.trade_state === 'SUCCESS' || order.trade_state === 'REFUND') {
          return refuse(res, req, 400, 'ORDERPAID', '订单已支付');
        }
        order.trade_state = 'CLOSED';
        return answer(res, req, 204);
      }
    }

    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const order = orders.get(input.out_trade_no ?? '');
      const refundSn = input.out_refund_no;
      const amount = input.amount?.refund;
      if (!refundSn || amount === undefined) return refuse(res, req, 400, 'PARAM_ERROR', '缺少参数');
      if (!order || (order.trade_state !== 'SUCCESS' && order.trade_state !== 'REFUND')) {
        return refuse(res, req, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      }
      if (input.amount?.total !== order.total || amount > order.total) {
        return refuse(res, req, 400, 'PARAM_ERROR', '退款金额错误');
      }
      let refund = order.refunds.get(refundSn);
      const fresh = !refund;
      if (!refund) {
        refund = {
          refund_id: `5030${Date.now()}`,
          refund: amount,
          ...(input.notify_url ? { notify_url: input.notify_url } : {}),
        };
        order.refunds.set(refundSn, refund);
        order.trade_state = 'REFUND';
      }
      answer(res, req, 200, {
        refund_id: refund.refund_id,
        out_refund_no: refundSn,
        transaction_id: order.transaction_id,
        out_trade_no: order.out_trade_no,
        channel: 'ORIGINAL',
        status: 'PROCESSING',
        create_time: new Date().toISOString(),
        amount: { total: order.total, refund: refund.refund, currency: 'CNY' },
      });
      // WeChat settles a refund later and tells the notify_url the refund named.
      if (fresh && refund.notify_url && fake.deliverCallbacks) {
        const notifyUrl = refund.notify_url;
        const resource = {
          mchid: MCH_ID,
          out_trade_no: order.out_trade_no,
          transaction_id: order.transaction_id,
          out_refund_no: refundSn,
          refund_id: refund.refund_id,
          refund_status: 'SUCCESS',
          success_time: new Date().toISOString(),
          amount: { total: order.total, refund: refund.refund, payer_total: order.total, payer_refund: refund.refund },
        };
        setTimeout(() => {
          void fake.deliver(notifyUrl, fake.callback('REFUND.SUCCESS', resource), 'REFUND.SUCCESS').catch(() => {});
        }, 20);
      }
      return;
    }
    refuse(res, req, 404, 'NOT_FOUND', 'no such call in the fake');
  }

  /** The H5 cashier: opening it pays, then the browser goes back to redirect_url. */
  async function h5Page(url: URL, res: ServerResponse) {
    const order = [...orders.values()].find((o) => o.prepay_id === url.searchParams.get('prepay_id'));
    if (!order) return res.writeHead(404).end('no such payment');
    if (!h5Tickets.has(url.searchParams.get('package') ?? '')) return res.writeHead(403).end('链接已失效');
    await fake.pay(order.out_trade_no);
    const back = url.searchParams.get('redirect_url');
    return back ? res.writeHead(302, { location: back }).end() : res.writeHead(200).end('paid');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export type WechatPayFake = Awaited<ReturnType<typeof startWechatPayFake>>;
