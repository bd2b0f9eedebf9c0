/**
 * WeChat Pay API v3 (PAYMENT_PROVIDER lists `wechat`; PROVIDERS.md "WeChat Pay API v3"): JSAPI inside
 * WeChat with the signed-in shopper's openid, H5 in other mobile browsers; query, close and refund; every
 * request signed with the merchant key, every response and callback verified with the key its
 * `Wechatpay-Serial` names — the WeChat Pay public key (`PUB_KEY_ID_…`) or a platform certificate, both
 * accepted at once for the 7-day migration — and the callback resource decrypted with the APIv3 key.
 */
import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import {
  type OutboundAnswer,
  OutboundFailure,
  type OutboundLog,
  type OutboundRequest,
  outboundCall,
} from '../outbound-http.js';
import {
  NOTIFY_MAX_AGE_MS,
  type NotifyAck,
  NotifyRejected,
  type PaymentGateway,
  PaymentProviderError,
  type PrepayRequest,
  type PrepayResult,
  type ProviderPayment,
  type RefundRequest,
  type VerifiedNotify,
  type VerifiedRefundNotify,
} from './payment-gateway.js';
import { authorization, decryptResource, jsapiPaySign, responseMessage, rsaVerify } from './wechatpay-crypto.js';

export const WECHATPAY_CHANNEL = 'wechat';
export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';
/** WeChat's h5_url works for about 5 minutes after it is made. */
export const WECHATPAY_H5_URL_VALID_MS = 5 * 60_000;
/** A stored h5_url is handed out again only while a minute of its validity is left for the shopper to reach it. */
const H5_URL_REUSABLE_MS = WECHATPAY_H5_URL_VALID_MS - 60_000;

export interface WechatPayConfig {
  mchId?: string | undefined;
  appId?: string | undefined;
  apiV3Key?: string | undefined;
  privateKeyFile?: string | undefined;
  certSerial?: string | undefined;
  publicKeyFile?: string | undefined;
  publicKeyId?: string | undefined;
  platformCertDir?: string | undefined;
  baseUrl: string;
}

/** The settings a configured `wechat` provider cannot do without, named by their variables. */
export function missingWechatPaySettings(c: Omit<WechatPayConfig, 'baseUrl'>): string[] {
  const missing: string[] = [];
  const need = (name: string, value: unknown) => value === undefined && missing.push(name);
  need('WECHATPAY_MCH_ID', c.mchId);
  need('WECHATPAY_APP_ID', c.appId);
  need('WECHATPAY_API_V3_KEY', c.apiV3Key);
  need('WECHATPAY_PRIVATE_KEY_FILE', c.privateKeyFile);
  need('WECHATPAY_CERT_SERIAL', c.certSerial);
  // One way to verify WeChat is enough; the public key comes with its id.
  if (c.platformCertDir === undefined) {
    need('WECHATPAY_PUBLIC_KEY_FILE', c.publicKeyFile);
    need('WECHATPAY_PUBLIC_KEY_ID', c.publicKeyId);
  } else if ((c.publicKeyFile === undefined) !== (c.publicKeyId === undefined)) {
    need('WECHATPAY_PUBLIC_KEY_FILE', c.publicKeyFile);
    need('WECHATPAY_PUBLIC_KEY_ID', c.publicKeyId);
  }
  return missing;
}

export interface WechatPayKeys {
  merchantKey: KeyObject;
  /** WeChat's verifying keys by the serial `Wechatpay-Serial` names (PUB_KEY_ID_… or a certificate serial). */
  verifiers: Map<string, KeyObject>;
}

/**
 * Reads and parses the key files at start, so a wrong path or a PEM that does not parse stops the server
 * with the variable named, instead of failing the first payment. Throws one line per problem.
 */
export function loadWechatPayKeys(c: WechatPayConfig): WechatPayKeys {
  const problems: string[] = [];
  const read = <T>(name: string, path: string, parse: (pem: Buffer) => T): T | undefined => {
    try {
      return parse(readFileSync(path));
    } catch (err) {
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'is not readable' : 'is not a PEM key';
      problems.push(`${name}: ${path} ${why}`);
      return undefined;
    }
  };
  const merchantKey = c.privateKeyFile
    ? read('WECHATPAY_PRIVATE_KEY_FILE', c.privateKeyFile, (pem) => createPrivateKey(pem))
    : undefined;
  const verifiers = new Map<string, KeyObject>();
  if (c.publicKeyFile && c.publicKeyId) {
    const key = read('WECHATPAY_PUBLIC_KEY_FILE', c.publicKeyFile, (pem) => createPublicKey(pem));
    if (key) verifiers.set(c.publicKeyId, key);
  }
  if (c.platformCertDir) {
    let names: string[] = [];
    try {
      names = readdirSync(c.platformCertDir).filter((name) => name.endsWith('.pem'));
    } catch {
      problems.push(`WECHATPAY_PLATFORM_CERT_DIR: ${c.platformCertDir} is not a readable directory`);
    }
    if (names.length === 0 && problems.length === 0) {
      problems.push(`WECHATPAY_PLATFORM_CERT_DIR: ${c.platformCertDir} holds no <serial>.pem certificate`);
    }
    for (const name of names) {
      // createPublicKey takes a certificate PEM as well as a bare public key.
      const key = read('WECHATPAY_PLATFORM_CERT_DIR', join(c.platformCertDir, name), (pem) => createPublicKey(pem));
      if (key) verifiers.set(basename(name, '.pem').toUpperCase(), key);
    }
  }
  if (problems.length > 0 || !merchantKey) throw new Error(problems.join('\n') || 'WECHATPAY_PRIVATE_KEY_FILE unset');
  return { merchantKey, verifiers };
}

export interface WechatPayOptions {
  config: WechatPayConfig;
  keys: WechatPayKeys;
  /** config.publicUrl: the refund's notify address (without it WeChat sends no REFUND callback). */
  publicUrl: () => string | undefined;
  log: OutboundLog;
  /** The bound of one HTTP call; the gateway is bounded again as a whole where it is built. */
  timeoutMs: number;
}

const amount = z.object({ total: z.number().int().nonnegative(), currency: z.string().optional() });
const transaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1).max(32),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  amount: amount.optional(),
});
const refundResult = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_status: z.enum(['SUCCESS', 'CLOSED', 'ABNORMAL']),
  amount: z.object({ refund: z.number().int().nonnegative() }),
});
const callback = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional().default(''),
  }),
});

/** WeChat limits texts in UTF-8 bytes (description 127, refund reason 80): whole characters that fit. */
export function clipBytes(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

/** WeChat's `time_expire`: RFC 3339 in China time. */
function chinaTime(epochMs: number): string {
  return `${new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * The order number `providers check` queries: no order of the shop is numbered so, so WeChat's signed
 * ORDER_NOT_EXIST answer is the proof.
 */
export const WECHATPAY_CHECK_ORDER_SN = 'haokaproviderscheck0000000000000';

/** The gateway with the check `haoka providers check` runs (create-payment-gateways.ts). */
export interface WechatPayGateway extends PaymentGateway {
  /**
   * Queries an order number that cannot exist: WeChat's signed `ORDER_NOT_EXIST` (404) proves the
   * merchant key, its serial, the mchid and WeChat's verifying key at once. Rejects with WeChat's code
   * otherwise (SIGN_ERROR for a wrong merchant key or serial), or when its answer's signature fails.
   */
  check(): Promise<void>;
}

const header = (headers: Record<string, string | undefined>, name: string) =>
  headers[name] ?? headers[name.toLowerCase()];

export function createWechatPayGateway(options: WechatPayOptions): WechatPayGateway {
  const { config, keys, log } = options;
  const mchId = config.mchId as string;
  const appId = config.appId as string;
  const apiV3Key = config.apiV3Key as string;
  const base = config.baseUrl.replace(/\/+$/, '');

  /** WeChat's signature over a response or callback, by the key its serial names, within 5 minutes. */
  function verifySigned(headers: Record<string, string | undefined>, body: string): string | undefined {
    const serial = header(headers, 'wechatpay-serial');
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!serial || !timestamp || !nonce || !signature) return 'missing signature headers';
    const key = keys.verifiers.get(serial.toUpperCase()) ?? keys.verifiers.get(serial);
    if (!key) return `unknown serial ${serial}`;
    if (!rsaVerify(key, responseMessage(timestamp, nonce, body), signature)) return 'bad signature';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp) * 1000) > NOTIFY_MAX_AGE_MS) {
      return 'stale timestamp';
    }
    return undefined;
  }

  /** The request of one attempt: freshly signed (a new timestamp and nonce). */
  function signed(method: 'GET' | 'POST', pathAndQuery: string, body: string, hasBody: boolean): OutboundRequest {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: authorization({
        mchId,
        serialNo: config.certSerial as string,
        key: keys.merchantKey,
        method,
        pathAndQuery,
        body,
      }),
    };
    if (hasBody) headers['content-type'] = 'application/json';
    // Responses are signed with the WeChat Pay public key only when the request names it.
    if (config.publicKeyId) headers['wechatpay-serial'] = config.publicKeyId;
    return { method, url: `${base}${pathAndQuery}`, headers, ...(hasBody ? { body } : {}) };
  }

  /**
   * One signed call; a 2xx answer is returned only once its signature is verified. A connection cut before
   * any answer is tried once more, freshly signed (`whenCut`: every call is idempotent at WeChat — same
   * out_trade_no, same out_refund_no); a timeout is not, since the deadline around the gateway would not
   * allow it. The log has the path without the query, and no header or body: no signature, key or payer
   * data reaches it.
   */
  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: object, verifyAny = false) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const path = pathAndQuery.split('?')[0];
    let res: OutboundAnswer;
    try {
      res = await outboundCall({ provider: 'wechatpay', log, timeoutMs: options.timeoutMs, retry: 'whenCut' }, () =>
        signed(method, pathAndQuery, body, payload !== undefined),
      );
    } catch (err) {
      if (!(err instanceof OutboundFailure)) throw err;
      throw new PaymentProviderError(`wechatpay ${method} ${path}: ${err.kind === 'timeout' ? 'timeout' : err.detail}`);
    }
    const text = res.text;
    // `verifyAny`: the check's proof is a refusal (404), so that answer's signature is verified as well.
    if (verifyAny || (res.status >= 200 && res.status < 300)) {
      const refused = verifySigned(Object.fromEntries(res.headers), text);
      if (refused) {
        log.warn({ path, status: res.status, refused }, 'wechatpay response not trusted');
        throw new PaymentProviderError(`wechatpay response refused: ${refused}`);
      }
    }
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new PaymentProviderError(`wechatpay ${path}: answer is not JSON`);
    }
    return { status: res.status, json };
  }

  function refusal(what: string, answer: { status: number; json: Record<string, unknown> }): PaymentProviderError {
    const code = String(answer.json.code ?? '');
    log.warn({ what, status: answer.status, code, message: answer.json.message }, 'wechatpay refused');
    // WeChat never reopens a closed out_trade_no (wxpay → alipay → wxpay on one order): the shopper orders again.
    const reason = code === 'ORDER_CLOSED' || code === 'ORDERCLOSED' ? 'orderClosed' : 'payChannelUnavailable';
    return new PaymentProviderError(`wechatpay ${what}: ${answer.status} ${code}`, reason);
  }

  const gateway: WechatPayGateway = {
    channel: WECHATPAY_CHANNEL,
    payUrlReusableMs: H5_URL_REUSABLE_MS,

    async check(): Promise<void> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${WECHATPAY_CHECK_ORDER_SN}?mchid=${encodeURIComponent(mchId)}`,
        undefined,
        true,
      );
      if (answer.status === 404 && answer.json.code === 'ORDER_NOT_EXIST') return;
      throw refusal('check', answer);
    },

    async createPrepay(req: PrepayRequest): Promise<PrepayResult> {
      const order = {
        appid: appId,
        mchid: mchId,
        description: clipBytes(req.description, 127),
        out_trade_no: req.orderSn,
        time_expire: chinaTime(req.expireAt),
        notify_url: req.notifyUrl,
        amount: { total: req.amountFen, currency: 'CNY' },
      };
      if (req.openId) {
        const answer = await call('POST', '/v3/pay/transactions/jsapi', { ...order, payer: { openid: req.openId } });
        const prepayId = answer.json.prepay_id;
        if (answer.status !== 200 || typeof prepayId !== 'string') throw refusal('jsapi', answer);
        const timeStamp = String(Math.floor(Date.now() / 1000));
        const nonceStr = randomBytes(16).toString('hex');
        const pkg = `prepay_id=${prepayId}`;
        return {
          prepayId,
          jsapi: {
            appId,
            timeStamp,
            nonceStr,
            package: pkg,
            signType: 'RSA',
            paySign: jsapiPaySign(keys.merchantKey, appId, timeStamp, nonceStr, pkg),
          },
        };
      }
      const answer = await call('POST', '/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: req.clientIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = answer.json.h5_url;
      if (answer.status !== 200 || typeof h5Url !== 'string') throw refusal('h5', answer);
      const url = new URL(h5Url);
      // WeChat sends the browser back to redirect_url after paying (or giving up).
      url.searchParams.set('redirect_url', req.returnUrl);
      return { prepayId: url.searchParams.get('prepay_id') ?? '', payUrl: url.toString() };
    },

    async verifyNotify(headers, rawBody): Promise<VerifiedNotify | VerifiedRefundNotify> {
      const refused = verifySigned(headers, rawBody);
      if (refused) throw new NotifyRejected(refused);
      let event: z.infer<typeof callback>;
      let resource: unknown;
      try {
        event = callback.parse(JSON.parse(rawBody));
        resource = JSON.parse(decryptResource(apiV3Key, event.resource));
      } catch {
        throw new NotifyRejected('malformed body');
      }
      if (event.event_type.startsWith('REFUND.')) {
        const refund = refundResult.safeParse(resource);
        if (!refund.success) throw new NotifyRejected('malformed refund');
        if (refund.data.mchid !== mchId) throw new NotifyRejected('another merchant');
        return {
          refund: {
            orderSn: refund.data.out_trade_no,
            refundSn: refund.data.out_refund_no,
            status: refund.data.refund_status,
            amountFen: refund.data.amount.refund,
          },
        };
      }
      const paid = transaction.safeParse(resource);
      if (!paid.success) throw new NotifyRejected('malformed transaction');
      const t = paid.data;
      if (t.mchid !== mchId || t.appid !== appId) throw new NotifyRejected('another merchant');
      if (event.event_type !== 'TRANSACTION.SUCCESS' || t.trade_state !== 'SUCCESS') {
        throw new NotifyRejected(`not a payment: ${event.event_type} ${t.trade_state}`);
      }
      if (!t.transaction_id || !t.amount || (t.amount.currency ?? 'CNY') !== 'CNY') {
        throw new NotifyRejected('no transaction id, amount or CNY currency');
      }
      return {
        orderSn: t.out_trade_no,
        tradeNo: t.transaction_id,
        amountFen: t.amount.total,
        paidAt: t.success_time ? Date.parse(t.success_time) || Date.now() : Date.now(),
        // The callback does not carry the prepay id; the core settles the channel's newest launch.
        prepayId: '',
      };
    },

    async query(orderSn: string): Promise<ProviderPayment> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}?mchid=${encodeURIComponent(mchId)}`,
      );
      // Never launched there (or launched and expired before WeChat kept it): nothing can be paid.
      if (answer.status === 404) return { state: 'closed' };
      if (answer.status !== 200) throw refusal('query', answer);
      const parsed = transaction.safeParse(answer.json);
      if (!parsed.success) throw new PaymentProviderError('wechatpay query: malformed answer');
      const t = parsed.data;
      if (t.mchid !== mchId || t.appid !== appId || t.out_trade_no !== orderSn) {
        throw new PaymentProviderError('wechatpay query: the answer is about another merchant or order');
      }
      if ((t.amount?.currency ?? 'CNY') !== 'CNY') throw new PaymentProviderError('wechatpay query: not CNY');
      const paid = {
        tradeNo: t.transaction_id,
        amountFen: t.amount?.total,
        paidAt: t.success_time ? Date.parse(t.success_time) || undefined : undefined,
      };
      if (t.trade_state === 'SUCCESS') return { state: 'paid', ...paid };
      if (t.trade_state === 'REFUND') return { state: 'refunded', ...paid };
      if (t.trade_state === 'NOTPAY' || t.trade_state === 'USERPAYING') return { state: 'unpaid' };
      return { state: 'closed' };
    },

    async close(orderSn: string): Promise<void> {
      const answer = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderSn)}/close`, {
        mchid: mchId,
      });
      // A paid order is left alone (the caller queries next); one WeChat never had is closed already.
      if (answer.status === 204 || answer.json.code === 'ORDERPAID' || answer.status === 404) return;
      throw refusal('close', answer);
    },

    async refund(req: RefundRequest): Promise<void> {
      // WeChat wants the payment's total with the refund; the query says it, verified.
      const payment = await gateway.query(req.orderSn);
      if (payment.amountFen === undefined) throw new PaymentProviderError(`wechatpay: ${req.orderSn} has no payment`);
      const publicUrl = options.publicUrl();
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: req.orderSn,
        out_refund_no: req.refundSn,
        reason: clipBytes(req.reason, 80),
        ...(publicUrl ? { notify_url: `${publicUrl.replace(/\/+$/, '')}/api/pay/notify/${WECHATPAY_CHANNEL}` } : {}),
        amount: { refund: req.amountFen, total: payment.amountFen, currency: 'CNY' },
      });
      const status = answer.json.status;
      if (answer.status !== 200 || (status !== 'SUCCESS' && status !== 'PROCESSING')) throw refusal('refund', answer);
    },

    ackNotify(ok: boolean): NotifyAck {
      // 204 stops WeChat's retries; anything else makes it retry for about a day.
      return ok
        ? { status: 204, body: '', contentType: 'application/json; charset=utf-8' }
        : {
            status: 400,
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
            contentType: 'application/json; charset=utf-8',
          };
    },
  };
  return gateway;
}
