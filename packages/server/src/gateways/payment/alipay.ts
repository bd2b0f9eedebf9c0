/**
 * Alipay mobile web payments (PAYMENT_PROVIDER=alipay; PROVIDERS.md "Alipay"), on the official
 * `alipay-sdk`: `alipay.trade.wap.pay` is a signed URL the shopper is sent to, query / close / refund are
 * signed calls to the gateway whose signed answers are verified, and the asynchronous notify is a form
 * signed with Alipay's own key (not the app's), checked over the raw form values.
 */
import { createPrivateKey, createPublicKey, type KeyObject, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fenToYuan, yuanToFen } from '@haoka/contract';
import { AlipaySdk } from 'alipay-sdk';
import type { GatewayLogger as Logger } from '../../lib/logger.js';
import { formatDateTime } from '../../lib/time.js';
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
  type VerifiedClosedNotify,
  type VerifiedNotify,
} from './payment-gateway.js';

export const ALIPAY_CHANNEL = 'alipay';
export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** ALIPAY_* settings (docs/configuration.md, docs/providers.md "Alipay"). */
export interface AlipayConfig {
  appId?: string | undefined;
  /** The app's RSA2 private key (PEM, or the bare base64 Alipay's key tool writes). */
  privateKeyFile?: string | undefined;
  /** Alipay's public key, downloaded from the open platform: it signs notifies and answers. */
  publicKeyFile?: string | undefined;
  gateway: string;
}

/** The order number `providers check` queries: no order of the shop is numbered so. */
export const ALIPAY_CHECK_ORDER_SN = 'haokaproviderscheck0000000000000';

/** The gateway with the check `haoka providers check` runs (create-payment-gateways.ts). */
export interface AlipayGateway extends PaymentGateway {
  /**
   * `alipay.trade.query` of an order number that cannot exist: Alipay's signed ACQ.TRADE_NOT_EXIST
   * proves the app id, the app's key and Alipay's public key. Rejects with Alipay's code otherwise
   * (isv.invalid-signature for a wrong app key), or when its answer's signature fails.
   */
  check(): Promise<void>;
}

export interface AlipayGatewayDeps {
  config: AlipayConfig | undefined;
  log: Logger;
  /** GATEWAY_TIMEOUT_MS, also given to the SDK so a late answer does not hold a socket. */
  timeoutMs: number;
  /** The clock notifies are judged by (tests replay a published notify at its own time). */
  now?: () => number;
}

/** Trade states in which Alipay holds the shopper's money for the order. */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const YUAN_RE = /^\d{1,10}(\.\d{1,2})?$/;
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** A key file as a key object; the name of the setting and the file are in the error. */
function readKey(variable: string, file: string | undefined, kind: 'private' | 'public', problems: string[]) {
  if (!file) {
    problems.push(`${variable} is not set`);
    return undefined;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    problems.push(`${variable}: cannot read ${file}`);
    return undefined;
  }
  try {
    return parseKey(text, kind);
  } catch {
    problems.push(`${variable}: ${file} is not an RSA ${kind} key (PEM or base64 DER)`);
    return undefined;
  }
}

/** Alipay's key tool writes bare base64 (PKCS#8 or PKCS#1 for the private key); PEM files have headers. */
function parseKey(text: string, kind: 'private' | 'public'): KeyObject {
  const parse = kind === 'private' ? createPrivateKey : createPublicKey;
  if (text.includes('-----BEGIN')) return parse(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * Reads and checks every setting at once, so a server that is misconfigured refuses to start and
 * names each problem, instead of failing at the first payment.
 */
function loadAlipaySettings(config: AlipayConfig | undefined) {
  const problems: string[] = [];
  const appId = config?.appId;
  if (!appId) problems.push('ALIPAY_APP_ID is not set');
  const privateKey = readKey('ALIPAY_PRIVATE_KEY_FILE', config?.privateKeyFile, 'private', problems);
  const publicKey = readKey('ALIPAY_PUBLIC_KEY_FILE', config?.publicKeyFile, 'public', problems);
  if (problems.length > 0 || !appId || !privateKey || !publicKey) {
    throw new Error(`PAYMENT_PROVIDER=alipay cannot start: ${problems.join('; ')} (see docs/providers.md "Alipay")`);
  }
  if (privateKey.asymmetricKeyType !== 'rsa' || publicKey.asymmetricKeyType !== 'rsa') {
    throw new Error('PAYMENT_PROVIDER=alipay cannot start: Alipay keys must be RSA (RSA2 signatures)');
  }
  return {
    appId,
    privateKey: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    alipayPublicKey: String(publicKey.export({ type: 'spki', format: 'pem' })),
    gateway: config?.gateway ?? ALIPAY_DEFAULT_GATEWAY,
  };
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time (Alipay's clock) as epoch ms. */
function parseBeijingTime(value: string | undefined): number | undefined {
  const m = value?.match(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h - 8, mi, s);
}

function fenOf(value: unknown): number | undefined {
  return typeof value === 'string' && YUAN_RE.test(value) ? yuanToFen(value) : undefined;
}

export function createAlipayGateway(deps: AlipayGatewayDeps): AlipayGateway {
  const settings = loadAlipaySettings(deps.config);
  const { log } = deps;
  const now = deps.now ?? Date.now;
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    timeout: deps.timeoutMs,
    // Alipay's own field names, as its documentation spells them.
    camelcase: false,
  });

  /**
   * One signed call whose signed answer is verified; the log carries no key, nor the signature. The
   * SDK's HTTP client (urllib) retries once a connection cut before any answer (`socketErrorRetry: 1`):
   * that is the bounded retry, safe because every call here is idempotent at Alipay (query, close, and
   * refund by out_request_no). A timeout is not retried.
   */
  async function call(method: string, bizContent: Record<string, string>): Promise<Record<string, unknown>> {
    let result: Record<string, unknown>;
    try {
      result = (await sdk.exec(method, { bizContent }, { validateSign: true })) as Record<string, unknown>;
    } catch (err) {
      log.warn({ method, orderSn: bizContent.out_trade_no, err: (err as Error).message }, 'alipay call failed');
      throw new PaymentProviderError(`alipay: ${method} failed: ${(err as Error).message}`);
    }
    log.info(
      { method, orderSn: bizContent.out_trade_no, code: result.code, subCode: result.sub_code },
      'alipay call answered',
    );
    return result;
  }

  const refuse = (method: string, result: Record<string, unknown>) =>
    new PaymentProviderError(`alipay: ${method} refused: ${String(result.code)} ${String(result.sub_code ?? '')}`);

  return {
    channel: ALIPAY_CHANNEL,

    async check(): Promise<void> {
      const result = await call('alipay.trade.query', { out_trade_no: ALIPAY_CHECK_ORDER_SN });
      if (result.sub_code !== TRADE_NOT_EXIST) throw refuse('alipay.trade.query', result);
    },

    async createPrepay(req: PrepayRequest): Promise<PrepayResult> {
      // The trade only exists at Alipay once the shopper opens this URL; nothing is sent from here.
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: req.orderSn,
          total_amount: fenToYuan(req.amountFen),
          subject: req.description.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
          time_expire: formatDateTime(req.expireAt),
          quit_url: req.returnUrl,
        },
        notifyUrl: req.notifyUrl,
        returnUrl: req.returnUrl,
      });
      return { prepayId: `ali${randomBytes(16).toString('hex')}`, payUrl };
    },

    async verifyNotify(_headers, rawBody): Promise<VerifiedNotify | VerifiedClosedNotify> {
      const form = new URLSearchParams(rawBody);
      const fields: Record<string, string> = {};
      for (const [key, value] of form) {
        if (key in fields) throw new NotifyRejected(`repeated field ${key}`);
        fields[key] = value;
      }
      if (!fields.sign) throw new NotifyRejected('missing signature');
      // checkNotifySignV2: sign and sign_type dropped, keys sorted, the form's values as sent (no second
      // URL-decoding), RSA2 with Alipay's public key.
      if (!sdk.checkNotifySignV2(fields)) throw new NotifyRejected('bad signature');
      if (fields.app_id !== settings.appId) throw new NotifyRejected('notify for another app');
      // Each delivery carries its own notify_time; an old one is a replay. A genuine retry that kept an
      // old time is left to the reconciliation job, which asks Alipay (docs/design.md "Payment core").
      const sentAt = parseBeijingTime(fields.notify_time);
      if (sentAt === undefined) throw new NotifyRejected('malformed body');
      if (Math.abs(now() - sentAt) > NOTIFY_MAX_AGE_MS) throw new NotifyRejected('stale notify_time');
      // A genuine TRADE_CLOSED (the trade timed out or was closed, or closed after a full refund) is not
      // a payment; it is acknowledged, or Alipay would send it again for a day.
      if (fields.trade_status === 'TRADE_CLOSED') {
        if (!fields.out_trade_no) throw new NotifyRejected('malformed body');
        return { closed: { orderSn: fields.out_trade_no } };
      }
      if (!PAID_STATES.has(fields.trade_status ?? '')) {
        throw new NotifyRejected(`trade not paid: ${fields.trade_status ?? 'no trade_status'}`);
      }
      const amountFen = fenOf(fields.total_amount);
      if (!fields.out_trade_no || !fields.trade_no || amountFen === undefined) {
        throw new NotifyRejected('malformed body');
      }
      return {
        orderSn: fields.out_trade_no,
        tradeNo: fields.trade_no,
        amountFen,
        paidAt: parseBeijingTime(fields.gmt_payment) ?? sentAt,
        prepayId: '',
      };
    },

    async query(orderSn: string): Promise<ProviderPayment> {
      const result = await call('alipay.trade.query', { out_trade_no: orderSn });
      // Not opened at Alipay yet: the shopper has not reached the cashier, the order may still be paid.
      if (result.sub_code === TRADE_NOT_EXIST) return { state: 'unpaid' };
      if (result.code !== '10000') throw refuse('alipay.trade.query', result);
      const status = String(result.trade_status ?? '');
      if (PAID_STATES.has(status)) {
        return {
          state: 'paid',
          tradeNo: typeof result.trade_no === 'string' ? result.trade_no : undefined,
          amountFen: fenOf(result.total_amount),
          paidAt: parseBeijingTime(result.send_pay_date as string | undefined),
        };
      }
      return { state: status === 'WAIT_BUYER_PAY' ? 'unpaid' : 'closed' };
    },

    async close(orderSn: string): Promise<void> {
      const result = await call('alipay.trade.close', { out_trade_no: orderSn });
      // Never opened: nothing to close. A paid trade refuses (ACQ.TRADE_STATUS_ERROR) and is left alone.
      if (result.code === '10000' || result.sub_code === TRADE_NOT_EXIST) return;
      if (result.sub_code === 'ACQ.TRADE_STATUS_ERROR') return;
      throw refuse('alipay.trade.close', result);
    },

    async refund(req: RefundRequest): Promise<void> {
      // out_request_no makes a repeated refund the same refund at Alipay.
      const result = await call('alipay.trade.refund', {
        out_trade_no: req.orderSn,
        refund_amount: fenToYuan(req.amountFen),
        out_request_no: req.refundSn,
        refund_reason: req.reason.slice(0, 256),
      });
      if (result.code !== '10000') throw refuse('alipay.trade.refund', result);
    },

    ackNotify(ok: boolean): NotifyAck {
      // Alipay stops resending on the exact text `success`; anything else is retried.
      return ok
        ? { status: 200, body: 'success', contentType: 'text/plain; charset=utf-8' }
        : { status: 400, body: 'fail', contentType: 'text/plain; charset=utf-8' };
    },
  };
}
