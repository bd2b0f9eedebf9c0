/**
 * Payment providers (ARCHITECTURE.md "External systems"): WeChat Pay v3, Alipay, and the built-in sandbox
 * all sit behind this one interface, so the payment core launches, verifies, queries, closes and refunds
 * the same way whatever the provider. docs/design.md "Payment core" maps each method onto the real APIs.
 */

import type { Reason } from '@haoka/contract';

export type OnlinePayType = 'wxpay' | 'alipay';
export const ONLINE_PAY_TYPES: readonly OnlinePayType[] = ['wxpay', 'alipay'];

/** The providers PAYMENT_PROVIDER may list (comma-separated); real adapters add their names here. */
export const PAYMENT_PROVIDERS = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The pay type each real provider takes; the sandbox takes whichever no listed real provider takes. */
const PAY_TYPE_OF: Record<Exclude<PaymentProviderName, 'sandbox'>, OnlinePayType> = {
  wechat: 'wxpay',
  alipay: 'alipay',
};

/**
 * Which listed provider takes each pay type: a real provider its own, the sandbox (when listed) the
 * rest. A pay type nobody takes is absent, and the shop does not offer it.
 */
export function payTypeProviders(
  providers: readonly PaymentProviderName[],
): Partial<Record<OnlinePayType, PaymentProviderName>> {
  const routes: Partial<Record<OnlinePayType, PaymentProviderName>> = {};
  for (const provider of providers) if (provider !== 'sandbox') routes[PAY_TYPE_OF[provider]] = provider;
  if (providers.includes('sandbox')) for (const type of ONLINE_PAY_TYPES) routes[type] ??= 'sandbox';
  return routes;
}

/** The online pay types some listed provider takes, in the shop's usual order. */
export function offeredPayTypes(providers: readonly PaymentProviderName[]): OnlinePayType[] {
  const routes = payTypeProviders(providers);
  return ONLINE_PAY_TYPES.filter((type) => routes[type] !== undefined);
}

/**
 * What a promoter shows (its showPaymentType) narrowed to what the providers take; when nothing of its
 * choice is left, everything the providers take, so a shop is never left without a way to pay.
 */
export function narrowPayTypes(shown: readonly OnlinePayType[], offered: readonly OnlinePayType[]): OnlinePayType[] {
  const kept = shown.filter((type) => offered.includes(type));
  return kept.length > 0 ? kept : [...offered];
}

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

/** A refund result the provider told us about (WeChat `REFUND.*`), after its signature was verified. */
export interface VerifiedRefundNotify {
  refund: {
    orderSn: string;
    /** Our refund number (out_refund_no). */
    refundSn: string;
    /** SUCCESS, or CLOSED / ABNORMAL: the money did not reach the shopper and someone must act. */
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
    amountFen: number;
  };
}

/**
 * A provider's verified word that a trade closed unpaid (Alipay `TRADE_CLOSED`: timed out or closed, or
 * closed after a full refund). It pays nothing; the open launch of the order on that channel is closed.
 */
export interface VerifiedClosedNotify {
  closed: { orderSn: string };
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
  /**
   * How long a `payUrl` it answered may be handed out again (WeChat's h5_url expires after about 5
   * minutes); after that a repeated launch asks the provider anew. Undefined: until the order expires.
   */
  readonly payUrlReusableMs?: number | undefined;
  createPrepay(req: PrepayRequest): Promise<PrepayResult>;
  /**
   * Throws NotifyRejected on a bad signature, a stale timestamp (> 5 min) or a malformed body. A provider
   * that notifies refunds too answers those as a VerifiedRefundNotify, one that notifies closed trades
   * as a VerifiedClosedNotify.
   */
  verifyNotify(
    headers: Record<string, string | undefined>,
    rawBody: string,
  ): Promise<VerifiedNotify | VerifiedRefundNotify | VerifiedClosedNotify>;
  query(orderSn: string): Promise<ProviderPayment>;
  /** Closes the provider's open payment(s) of the order; a paid one is left alone. */
  close(orderSn: string): Promise<void>;
  refund(req: RefundRequest): Promise<void>;
  ackNotify(ok: boolean): NotifyAck;
}

/** The gateways of this server: which one takes a pay type, and which one owns a notify channel. */
export interface PaymentGateways {
  /** The online pay types some provider takes: the most the shop may offer. */
  readonly payTypes: readonly OnlinePayType[];
  forPayType(payType: OnlinePayType): PaymentGateway;
  byChannel(channel: string): PaymentGateway | undefined;
}

export function paymentGatewaysOf(gateways: PaymentGateway[], byPayType: Partial<Record<OnlinePayType, string>>) {
  const channels = new Map(gateways.map((g) => [g.channel, g]));
  return {
    payTypes: ONLINE_PAY_TYPES.filter((type) => byPayType[type] !== undefined && channels.has(byPayType[type])),
    forPayType(payType: OnlinePayType): PaymentGateway {
      const channel = byPayType[payType];
      const gateway = channel === undefined ? undefined : channels.get(channel);
      if (!gateway) throw new PaymentProviderError(`no payment gateway for ${payType}`, 'payTypeUnsupported');
      return gateway;
    },
    byChannel: (channel: string) => channels.get(channel),
  } satisfies PaymentGateways;
}
