/**
 * Payment providers (ARCHITECTURE.md "External systems"): WeChat Pay v3, Alipay, and the built-in sandbox
 * all sit behind this one interface, so the payment core launches, verifies, queries, closes and refunds
 * the same way whatever the provider. docs/design.md "Payment core" maps each method onto the real APIs.
 */

import type { Reason } from '@haoka/contract';

export type OnlinePayType = 'wxpay' | 'alipay';

/** The providers PAYMENT_PROVIDER may name; real adapters add their names here. */
export const PAYMENT_PROVIDERS = ['sandbox', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export interface PrepayRequest {
  /** Our order number, sent to the provider as out_trade_no. */
  orderSn: string;
  amountFen: number;
  /** Shown on the provider's cashier (WeChat `description`, Alipay `subject`). */
  description: string;
  payType: OnlinePayType;
  /** Where the provider posts the payment result: `${base}/api/pay/notify/${channel}`. */
  notifyUrl: string;
  /** Where the browser goes after paying: `${base}/api/pay/return?orderSn=…`. */
  returnUrl: string;
  /** Epoch ms; the provider refuses payment after it (WeChat `time_expire`, Alipay `time_expire`). */
  expireAt: number;
  clientIp: string;
  /** WeChat openid: with it a WeChat adapter launches JSAPI instead of H5. */
  openId?: string | undefined;
  /** This server's origin as the browser reached it (`https://host`), used when PUBLIC_URL is unset. */
  origin?: string | undefined;
}

export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA' | 'MD5';
  paySign: string;
}

export interface PrepayResult {
  /** The provider's handle of this payment (WeChat prepay_id, Alipay trade token, sandbox id). */
  prepayId: string;
  /** A page the browser opens to pay (H5 / wap). */
  payUrl?: string | undefined;
  /** Parameters for WeixinJSBridge `getBrandWCPayRequest` inside WeChat. */
  jsapi?: JsapiParams | undefined;
}

/** A payment result the provider told us about, after its signature was verified. */
export interface VerifiedNotify {
  orderSn: string;
  /** The provider's transaction number (WeChat transaction_id, Alipay trade_no). */
  tradeNo: string;
  amountFen: number;
  /** Epoch ms. */
  paidAt: number;
  /** '' when the provider does not send it back (Alipay). */
  prepayId: string;
}

export interface ProviderPayment {
  state: 'paid' | 'unpaid' | 'closed' | 'refunded';
  tradeNo?: string | undefined;
  amountFen?: number | undefined;
  paidAt?: number | undefined;
}

export interface RefundRequest {
  orderSn: string;
  /** Our refund number; providers treat a repeated refundSn as the same refund (idempotent). */
  refundSn: string;
  amountFen: number;
  reason: string;
}

/** What the notify endpoint answers, in the provider's own format (never the envelope). */
export interface NotifyAck {
  status: number;
  body: string;
  contentType: string;
}

/** A notify that must not be trusted: bad signature, stale timestamp, malformed body. */
export class NotifyRejected extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`notify rejected: ${reason}`);
    this.name = 'NotifyRejected';
    this.reason = reason;
  }
}

/** The provider refused a call; `reason` is what the shopper is told (30003 dialog). */
export class PaymentProviderError extends Error {
  readonly reason: Reason;
  constructor(message: string, reason: Reason = 'payChannelUnavailable') {
    super(message);
    this.name = 'PaymentProviderError';
    this.reason = reason;
  }
}

/** A notify older (or newer) than this is refused, whatever its signature. */
export const NOTIFY_MAX_AGE_MS = 5 * 60_000;

export interface PaymentGateway {
  /** The `{channel}` of its notify URL and the `channel` column of `payments`. */
  readonly channel: string;
  createPrepay(req: PrepayRequest): Promise<PrepayResult>;
  /** Throws NotifyRejected on a bad signature, a stale timestamp (> 5 min) or a malformed body. */
  verifyNotify(headers: Record<string, string | undefined>, rawBody: string): Promise<VerifiedNotify>;
  query(orderSn: string): Promise<ProviderPayment>;
  /** Closes the provider's open payment(s) of the order; a paid one is left alone. */
  close(orderSn: string): Promise<void>;
  refund(req: RefundRequest): Promise<void>;
  ackNotify(ok: boolean): NotifyAck;
}

/** The gateways of this server: which one takes a pay type, and which one owns a notify channel. */
export interface PaymentGateways {
  forPayType(payType: OnlinePayType): PaymentGateway;
  byChannel(channel: string): PaymentGateway | undefined;
}

export function paymentGatewaysOf(gateways: PaymentGateway[], byPayType: Record<OnlinePayType, string>) {
  const channels = new Map(gateways.map((g) => [g.channel, g]));
  return {
    forPayType(payType: OnlinePayType): PaymentGateway {
      const gateway = channels.get(byPayType[payType]);
      if (!gateway) throw new PaymentProviderError(`no payment gateway for ${payType}`, 'payTypeUnsupported');
      return gateway;
    },
    byChannel: (channel: string) => channels.get(channel),
  } satisfies PaymentGateways;
}
