/**
 * The payment core (API.md §0 PayLaunch, §6 pay/status, pay/notify, pay/return; SCREENS §6 payStatus):
 * launches payments with a provider for any order kind, and settles them — from a verified notify, a
 * status poll or the reconciliation job, all through `settlePayment` — with the kind's conditional
 * `markPaid`, so a payment takes effect exactly once. A payment for a closed order is refunded.
 */

import { createHash } from 'node:crypto';
import {
  ErrorCode,
  fenToYuan,
  KEPT_QUERY_PARAMS,
  type OrderKind,
  orderKindOf,
  type PayLaunch,
  PayStatus,
  payTypeWorksIn,
} from '@haoka/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction } from '../../db/database.js';
import {
  type NotifyAck,
  NotifyRejected,
  type OnlinePayType,
  type PaymentGateway,
  PaymentProviderError,
  type PrepayResult,
  type ProviderPayment,
  type VerifiedClosedNotify,
  type VerifiedNotify,
  type VerifiedRefundNotify,
} from '../../gateways/payment/payment-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import { type CallbackNote, logCallback, newCallbackNote } from './callback-log.js';
import { type PayableKind, type PayableOrder, payableKind } from './kinds.js';
import * as repo from './repository.js';

/** GET /api/pay/status asks the provider at most this often per launch (API.md §6). */
export const STATUS_QUERY_AFTER_MS = 10_000;
/** The reconciliation job leaves launches younger than this to the notify. */
export const RECONCILE_AFTER_MS = 30_000;
export const RECONCILE_BATCH = 200;
/** One reconciliation run works through the backlog batch by batch for at most this long. */
const RECONCILE_RUN_MS = 20_000;

export interface LaunchRequest {
  kind: OrderKind;
  orderSn: string;
  payType: OnlinePayType;
  /** The page the client pays from; only its kept query parameters (spec §2) are carried over. */
  returnUrl?: string | undefined;
  clientIp: string;
  /** platform-open-id ('' or null when unknown): WeChat JSAPI needs it. */
  openId?: string | null | undefined;
  /** `${protocol}://${host}` of the request, used when PUBLIC_URL is unset. */
  origin: string;
  /** The browser's User-Agent: Alipay is refused inside WeChat, which blocks its pages. */
  userAgent?: string | undefined;
}

/** What a launch needs to know of the request it comes from (every pay endpoint passes it on). */
export type LaunchClient = Pick<LaunchRequest, 'clientIp' | 'openId' | 'origin' | 'userAgent'>;

type Source = 'notify' | 'query' | 'reconcile' | 'launch';

export type SettleOutcome =
  /** This call moved the order to paid. */
  | 'paid'
  /** Already paid (a replay, or another caller won), or already refunded: nothing changed. */
  | 'already'
  /** A payment for a closed order, refunded now. */
  | 'refunded'
  /** A payment for a closed order whose refund the provider has not taken yet (the job retries). */
  | 'refund-pending'
  | 'amount-mismatch'
  | 'unknown-order';

function kindOf(orderSn: string): PayableKind | undefined {
  const kind = orderKindOf(orderSn);
  return kind ? payableKind(kind) : undefined;
}

/** The origin the browser used to reach this server (behind a proxy: with TRUST_PROXY). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** The launch facts of a request: its address, WeChat openid, origin and browser. */
export function launchClientOf(req: FastifyRequest): LaunchClient {
  return {
    clientIp: req.ip,
    openId: req.client.platformOpenId,
    origin: requestOrigin(req),
    userAgent: req.headers['user-agent'],
  };
}

/** Where the app is reached: PUBLIC_URL, else the request's own origin. */
function baseUrl(ctx: AppContext, origin: string): string {
  return (ctx.config.publicUrl ?? origin).replace(/\/+$/, '');
}

/** The spec §2 kept query parameters found anywhere in a URL (including after the hash). */
export function keptParams(source: string | Record<string, unknown> | undefined): URLSearchParams {
  const found = new URLSearchParams();
  const take = (key: string, value: unknown) => {
    if ((KEPT_QUERY_PARAMS as readonly string[]).includes(key) && typeof value === 'string' && value !== '') {
      if (value.length <= 256 && !found.has(key)) found.set(key, value);
    }
  };
  if (typeof source === 'string') {
    for (const part of source.split('?').slice(1)) {
      for (const [key, value] of new URLSearchParams(part.split('#')[0])) take(key, value);
    }
  } else if (source) {
    for (const key of KEPT_QUERY_PARAMS) take(key, source[key]);
  }
  return found;
}

function isPayable(order: PayableOrder, now: number): boolean {
  return (
    (order.payStatus === PayStatus.UNPAID || order.payStatus === PayStatus.PAYING) &&
    order.expireAt !== null &&
    order.expireAt > now
  );
}

function toLaunch(order: PayableOrder, payType: OnlinePayType, prepay: Partial<PrepayResult>): PayLaunch {
  const paid = order.payStatus === PayStatus.PAID;
  return {
    orderSn: order.orderSn,
    payAmount: fenToYuan(order.amountFen),
    payType,
    payStatus: paid ? PayStatus.PAID : PayStatus.PAYING,
    paid,
    expireAt: order.expireAt === null ? null : formatDateTime(order.expireAt),
    ...(prepay.payUrl ? { payUrl: prepay.payUrl } : {}),
    ...(prepay.jsapi ? { jsapi: prepay.jsapi } : {}),
  };
}

function providerRefusal(ctx: AppContext, err: unknown, orderSn: string): AppError {
  ctx.log.warn({ err, orderSn }, 'payment provider refused');
  return new AppError(ErrorCode.ORDER_REJECTED, err instanceof PaymentProviderError ? err.reason : 'payLaunchFailed');
}

/**
 * Launches (or re-launches) the online payment of an order: payStatus → 1 and a provider prepay.
 * Within validity, the same payType reuses the open prepay; another payType closes it first.
 */
export async function launchPayment(ctx: AppContext, request: LaunchRequest): Promise<PayLaunch> {
  const { db } = ctx;
  const { orderSn, payType } = request;
  const kind = payableKind(request.kind);
  if (!kind || orderKindOf(orderSn) !== request.kind) throw fail('orderNotFound');
  // WeChat's browser blocks Alipay's pages: a launch from there could never be paid (the web does not
  // offer it there either, by the same rule).
  if (!payTypeWorksIn(payType, request.userAgent)) throw new AppError(ErrorCode.ORDER_REJECTED, 'alipayInWechat');
  let order = await kind.find(db, orderSn);
  if (!order) throw fail('orderNotFound');
  if (!isPayable(order, ctx.clock.now())) throw new AppError(ErrorCode.ORDER_REJECTED, 'orderClosed');
  if (order.amountFen <= 0) throw fail('noPaymentNeeded');
  const expireAt = order.expireAt as number;

  let gateway: PaymentGateway;
  try {
    gateway = ctx.payments.forPayType(payType);
  } catch (err) {
    throw providerRefusal(ctx, err, orderSn);
  }

  const open = await repo.findOpenPayments(db, orderSn);
  const amountFen = order.amountFen;
  const isSame = (p: repo.PaymentRow) =>
    p.pay_type === payType && p.channel === gateway.channel && p.amount_fen === amountFen;
  const same = open.find(isSame);
  // A provider's page address may expire before the order does (WeChat's h5_url): past that, the provider
  // is asked again below and the launch keeps the new address.
  const reusable = gateway.payUrlReusableMs;
  if (same?.pay_url && (reusable === undefined || Date.now() - same.created_at < reusable)) {
    await inTransaction(db, (tx) => kind.markPaying(tx, orderSn, payType));
    return toLaunch(order, payType, { payUrl: same.pay_url });
  }

  // Switching type: close the provider's other open orders first, and make sure the shopper did not pay
  // one of them in the meantime. (A same-type JSAPI launch has no URL to reuse: the provider is asked
  // again with the same parameters and answers the same prepay, freshly signed.)
  for (const channel of new Set(open.filter((p) => !isSame(p)).map((p) => p.channel))) {
    const previous = ctx.payments.byChannel(channel);
    if (!previous) continue;
    let state: ProviderPayment;
    try {
      await previous.close(orderSn);
      state = await previous.query(orderSn);
    } catch (err) {
      throw providerRefusal(ctx, err, orderSn);
    }
    if (state.state === 'paid') {
      await settleFromQuery(ctx, previous, order, state, 'launch');
      order = (await kind.find(db, orderSn)) ?? order;
      if (order.payStatus === PayStatus.PAID) return toLaunch(order, payType, {});
    }
    await repo.markPaymentsClosed(db, orderSn, channel, ctx.clock.now());
  }

  const base = baseUrl(ctx, request.origin);
  const returnQuery = keptParams(request.returnUrl);
  returnQuery.set('orderSn', orderSn);
  let prepay: PrepayResult;
  try {
    prepay = await gateway.createPrepay({
      orderSn,
      amountFen: order.amountFen,
      description: order.description,
      payType,
      notifyUrl: `${base}/api/pay/notify/${gateway.channel}`,
      returnUrl: `${base}/api/pay/return?${returnQuery}`,
      expireAt,
      clientIp: request.clientIp,
      openId: request.openId || undefined,
      origin: request.origin,
    });
  } catch (err) {
    throw providerRefusal(ctx, err, orderSn);
  }

  const launched = await inTransaction(db, async (tx) => {
    const now = ctx.clock.now();
    await kind.markPaying(tx, orderSn, payType);
    const current = await kind.find(tx, orderSn);
    // Cancelled or paid while the provider was being asked: do not keep this launch.
    if (!current || current.payStatus !== PayStatus.PAYING) return current;
    if (same?.prepay_id === prepay.prepayId) {
      // The same prepay, asked again (JSAPI, or a page address that had expired): keep its new address.
      if (prepay.payUrl && prepay.payUrl !== same.pay_url) await repo.renewPayUrl(tx, same.id, prepay.payUrl, now);
      return current;
    }
    await repo.insertPayment(tx, {
      order_sn: orderSn,
      kind: request.kind,
      channel: gateway.channel,
      pay_type: payType,
      amount_fen: current.amountFen,
      prepay_id: prepay.prepayId,
      pay_url: prepay.payUrl ?? null,
      status: repo.PaymentRowStatus.OPEN,
      trade_no: null,
      refund_sn: null,
      created_at: now,
      updated_at: now,
    });
    return current;
  });
  if (!launched || launched.payStatus !== PayStatus.PAYING) {
    await gateway.close(orderSn).catch((err) => ctx.log.warn({ err, orderSn }, 'payment close failed'));
    if (launched?.payStatus === PayStatus.PAID) return toLaunch(launched, payType, {});
    throw new AppError(ErrorCode.ORDER_REJECTED, 'orderClosed');
  }
  ctx.log.info({ orderSn, payType, channel: gateway.channel }, 'payment launched');
  return toLaunch(launched, payType, prepay);
}

/**
 * Closes every open provider order of an order (cancel and timeout call it after their own transaction).
 * A provider that cannot be reached is logged; the reconciliation job closes it later, and a payment
 * that still arrives is refunded.
 */
export async function closeOpenPayments(ctx: AppContext, orderSn: string): Promise<void> {
  const open = await repo.findOpenPayments(ctx.db, orderSn);
  for (const channel of new Set(open.map((p) => p.channel))) {
    const gateway = ctx.payments.byChannel(channel);
    if (!gateway) continue;
    try {
      await gateway.close(orderSn);
      await repo.markPaymentsClosed(ctx.db, orderSn, channel, ctx.clock.now());
    } catch (err) {
      ctx.log.warn({ err, orderSn, channel }, 'payment close failed; the reconciliation job retries');
    }
  }
}

/** Deterministic per payment, so a repeated refund is the same refund at the provider. */
function refundSnOf(orderSn: string, tradeNo: string): string {
  return `RF${orderSn}${createHash('sha256').update(tradeNo).digest('hex').slice(0, 8)}`;
}

/** The provider took a claimed refund: the launch and the order say so, once. */
async function recordRefund(
  ctx: AppContext,
  kind: PayableKind,
  row: { id: number; orderSn: string; refundSn: string },
) {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await repo.markPaymentRefunded(tx, row.id, ctx.clock.now()))) return;
    if (kind.markRefunded) await kind.markRefunded(tx, row.orderSn, row.refundSn);
    else ctx.log.warn({ orderSn: row.orderSn, kind: kind.kind }, 'order kind cannot record a refund');
  });
}

async function completeRefund(
  ctx: AppContext,
  gateway: PaymentGateway,
  kind: PayableKind,
  row: { id: number; orderSn: string; amountFen: number; refundSn: string },
  reason = '订单已关闭，自动退款',
): Promise<boolean> {
  try {
    await gateway.refund({
      orderSn: row.orderSn,
      refundSn: row.refundSn,
      amountFen: row.amountFen,
      reason,
    });
  } catch (err) {
    ctx.log.error({ err, orderSn: row.orderSn, refundSn: row.refundSn }, 'late payment refund failed; retried later');
    return false;
  }
  await recordRefund(ctx, kind, row);
  ctx.log.warn({ orderSn: row.orderSn, refundSn: row.refundSn }, 'late payment for a closed order refunded');
  return true;
}

/**
 * Refunds the settled payment of a paid order (back office: audit rejected, refund). Idempotent: the
 * refund is claimed once per payment; false when there is nothing (more) to refund or the provider has
 * not taken it yet (the reconciliation job retries claimed refunds).
 */
export async function refundPaidOrder(ctx: AppContext, kindName: OrderKind, orderSn: string, reason: string) {
  const kind = payableKind(kindName);
  if (!kind) throw new Error(`no payable kind ${kindName}`);
  const row = await repo.findPaidPayment(ctx.db, orderSn);
  const gateway = row ? ctx.payments.byChannel(row.channel) : undefined;
  if (!row?.trade_no || !gateway) return false;
  const refundSn = refundSnOf(orderSn, row.trade_no);
  if (!(await repo.claimRefund(ctx.db, row.id, refundSn, row.trade_no, ctx.clock.now()))) return false;
  return completeRefund(ctx, gateway, kind, { id: row.id, orderSn, amountFen: row.amount_fen, refundSn }, reason);
}

async function refundLatePayment(
  ctx: AppContext,
  gateway: PaymentGateway,
  kind: PayableKind,
  paid: VerifiedNotify,
): Promise<SettleOutcome> {
  const row = await repo.findSettledPayment(ctx.db, {
    orderSn: paid.orderSn,
    channel: gateway.channel,
    prepayId: paid.prepayId,
  });
  if (!row) {
    ctx.log.error({ orderSn: paid.orderSn, channel: gateway.channel }, 'late payment without a launch: not refunded');
    return 'refund-pending';
  }
  const refundSn = refundSnOf(paid.orderSn, paid.tradeNo);
  if (!(await repo.claimRefund(ctx.db, row.id, refundSn, paid.tradeNo, ctx.clock.now()))) return 'already';
  const done = await completeRefund(ctx, gateway, kind, {
    id: row.id,
    orderSn: paid.orderSn,
    amountFen: paid.amountFen,
    refundSn,
  });
  return done ? 'refunded' : 'refund-pending';
}

/**
 * Applies a payment the provider reported (verified notify, query or reconciliation): the amount must be
 * the order's; then, in one transaction, the kind's conditional markPaid and the launch row. A payment
 * for a closed order is refunded. Replays and concurrent calls change nothing after the first.
 */
export async function settlePayment(
  ctx: AppContext,
  gateway: PaymentGateway,
  paid: VerifiedNotify,
  source: Source,
): Promise<SettleOutcome> {
  const { orderSn } = paid;
  const kind = kindOf(orderSn);
  const order = kind ? await kind.find(ctx.db, orderSn) : undefined;
  if (!kind || !order) {
    ctx.log.warn({ orderSn, channel: gateway.channel, source }, 'payment for an unknown order');
    return 'unknown-order';
  }
  if (paid.amountFen !== order.amountFen) {
    ctx.log.warn(
      { orderSn, channel: gateway.channel, source, amountFen: paid.amountFen, expectedFen: order.amountFen },
      'payment amount does not match the order; order left unchanged',
    );
    return 'amount-mismatch';
  }
  const result = await inTransaction(ctx.db, async (tx) => {
    const won = await kind.markPaid(tx, orderSn, {
      tradeNo: paid.tradeNo,
      paidAt: paid.paidAt,
      amountFen: paid.amountFen,
    });
    if (won) {
      const row = await repo.findSettledPayment(tx, { orderSn, channel: gateway.channel, prepayId: paid.prepayId });
      if (row) await repo.markPaymentPaid(tx, row.id, paid.tradeNo, ctx.clock.now());
      return 'paid' as const;
    }
    const current = await kind.find(tx, orderSn);
    return current?.payStatus === PayStatus.CLOSED ? ('late' as const) : ('already' as const);
  });
  if (result === 'paid') {
    ctx.log.info({ orderSn, channel: gateway.channel, source }, 'order paid');
    await kind
      .afterPaid?.(ctx, orderSn)
      .catch((err: unknown) => ctx.log.error({ err, orderSn }, 'after-payment work failed'));
  }
  if (result !== 'late') return result;
  return refundLatePayment(ctx, gateway, kind, paid);
}

async function settleFromQuery(
  ctx: AppContext,
  gateway: PaymentGateway,
  order: PayableOrder,
  state: ProviderPayment,
  source: Source,
): Promise<SettleOutcome> {
  // The callback log keeps each settlement a query found (source `reconcile`, `query`, `launch`).
  const note: CallbackNote = {
    ...newCallbackNote(),
    verified: true,
    orderSn: order.orderSn,
    amountFen: state.amountFen ?? null,
    tradeNo: state.tradeNo ?? null,
  };
  const body = JSON.stringify(state);
  const logSource = source === 'notify' ? 'query' : source;
  if (state.amountFen === undefined || !state.tradeNo) {
    ctx.log.warn({ orderSn: order.orderSn, channel: gateway.channel }, 'provider query without amount or trade no');
    note.reason = 'incompleteAnswer';
    await logCallback(ctx, { source: logSource, channel: gateway.channel, note, body });
    return 'amount-mismatch';
  }
  try {
    const outcome = await settlePayment(
      ctx,
      gateway,
      {
        orderSn: order.orderSn,
        tradeNo: state.tradeNo,
        amountFen: state.amountFen,
        paidAt: state.paidAt ?? ctx.clock.now(),
        prepayId: '',
      },
      source,
    );
    noteSettlement(note, outcome);
    return outcome;
  } catch (err) {
    note.reason = 'error';
    throw err;
  } finally {
    await logCallback(ctx, { source: logSource, channel: gateway.channel, note, body });
  }
}

/** What a settlement's outcome means in the callback log. */
function noteSettlement(note: CallbackNote, outcome: SettleOutcome): void {
  switch (outcome) {
    case 'paid':
      note.outcome = 'paid';
      return;
    case 'already':
      note.outcome = 'duplicate';
      return;
    case 'refunded':
      note.outcome = 'refunded';
      return;
    case 'refund-pending':
      note.outcome = 'refunded';
      note.reason = 'refundPending';
      return;
    case 'amount-mismatch':
    case 'unknown-order':
      note.outcome = 'refused';
      note.reason = outcome;
      return;
  }
}

/**
 * POST /api/pay/notify/{channel}: verify, then settle. Answers in the provider's format; null for an
 * unknown channel. A rejected notify (forged, stale, malformed) or one that cannot be applied is acked as
 * a failure and changes nothing.
 */
export async function handleNotify(
  ctx: AppContext,
  channel: string,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<NotifyAck | null> {
  const gateway = ctx.payments.byChannel(channel);
  if (!gateway) return null;
  // Every notify of a known channel is written to the callback log, whatever came of it (callback-log.ts).
  const note = newCallbackNote();
  try {
    return await verifyAndApply(ctx, gateway, headers, rawBody, note);
  } finally {
    await logCallback(ctx, { source: 'notify', channel, note, headers, body: rawBody });
  }
}

async function verifyAndApply(
  ctx: AppContext,
  gateway: PaymentGateway,
  headers: Record<string, string | undefined>,
  rawBody: string,
  note: CallbackNote,
): Promise<NotifyAck> {
  const channel = gateway.channel;
  let paid: VerifiedNotify;
  try {
    const verified = await gateway.verifyNotify(headers, rawBody);
    note.verified = true;
    if ('refund' in verified) return await refundNotified(ctx, gateway, verified.refund, note);
    if ('closed' in verified) return await closedNotified(ctx, gateway, verified.closed, note);
    paid = verified;
  } catch (err) {
    if (err instanceof NotifyRejected) ctx.log.warn({ channel, reason: err.reason }, 'payment notify rejected');
    else ctx.log.error({ err, channel }, 'payment notify could not be verified');
    ctx.metrics.paymentNotify(err instanceof NotifyRejected ? 'rejected' : 'error');
    note.outcome = 'refused';
    note.reason = err instanceof NotifyRejected ? err.reason : 'error';
    return gateway.ackNotify(false);
  }
  note.orderSn = paid.orderSn;
  note.amountFen = paid.amountFen;
  note.tradeNo = paid.tradeNo;
  try {
    const outcome = await settlePayment(ctx, gateway, paid, 'notify');
    ctx.metrics.paymentNotify(outcome);
    noteSettlement(note, outcome);
    return gateway.ackNotify(outcome !== 'amount-mismatch' && outcome !== 'unknown-order');
  } catch (err) {
    ctx.log.error({ err, channel, orderSn: paid.orderSn }, 'payment notify failed');
    ctx.metrics.paymentNotify('error');
    note.outcome = 'refused';
    note.reason = 'error';
    return gateway.ackNotify(false);
  }
}

/**
 * A provider's verified word that a trade closed unpaid (Alipay TRADE_CLOSED): the order's open launches on
 * that channel are closed, as the reconciliation job does when the provider answers `closed`; the order
 * itself is not touched (it stays payable until it expires, and a paid or refunded launch stays as it is).
 * Acknowledged, since the provider would otherwise send it again.
 */
async function closedNotified(
  ctx: AppContext,
  gateway: PaymentGateway,
  closed: VerifiedClosedNotify['closed'],
  note: CallbackNote,
): Promise<NotifyAck> {
  note.orderSn = closed.orderSn;
  note.outcome = 'closed';
  await repo.markPaymentsClosed(ctx.db, closed.orderSn, gateway.channel, Date.now());
  ctx.log.info({ orderSn: closed.orderSn, channel: gateway.channel }, 'provider closed the trade');
  ctx.metrics.paymentNotify('closed');
  return gateway.ackNotify(true);
}

/**
 * A provider's verified refund result (WeChat REFUND.*). Success records a claimed refund the refund call
 * could not confirm (it timed out after the provider took it); a closed or abnormal refund means the money
 * did not reach the shopper, which only a person can resolve, so it is logged as an error.
 */
async function refundNotified(
  ctx: AppContext,
  gateway: PaymentGateway,
  refund: VerifiedRefundNotify['refund'],
  note: CallbackNote,
): Promise<NotifyAck> {
  const { orderSn, refundSn, status } = refund;
  note.orderSn = orderSn;
  note.outcome = 'refund';
  note.reason = `${refundSn}: ${status}`;
  const row = await repo.findPaymentByRefund(ctx.db, { orderSn, channel: gateway.channel, refundSn });
  const kind = kindOf(orderSn);
  if (!row || !kind) {
    ctx.log.warn({ orderSn, refundSn, channel: gateway.channel }, 'refund notify for an unknown refund');
    ctx.metrics.paymentNotify('unknown-refund');
    note.outcome = 'refused';
    note.reason = `unknownRefund: ${refundSn}`;
    return gateway.ackNotify(false);
  }
  if (status === 'SUCCESS') {
    await recordRefund(ctx, kind, { id: row.id, orderSn, refundSn });
    ctx.log.info({ orderSn, refundSn, channel: gateway.channel }, 'refund confirmed by the provider');
  } else {
    ctx.log.error({ orderSn, refundSn, status, channel: gateway.channel }, 'refund failed at the provider');
  }
  ctx.metrics.paymentNotify(`refund-${status.toLowerCase()}`);
  return gateway.ackNotify(true);
}

/**
 * GET /api/pay/status: the order's payment state. While paying, and at least 10 s after the launch (or
 * the previous query), the provider is asked once; a payment found there settles like a notify.
 */
export async function getPayStatus(ctx: AppContext, orderSn: string, req: FastifyRequest) {
  const kindName = orderKindOf(orderSn);
  const kind = kindName ? payableKind(kindName) : undefined;
  if (!kindName || !kind?.canRead || !(await kind.canRead(ctx.db, orderSn, req))) throw fail('orderNotFound');
  let order = await kind.find(ctx.db, orderSn);
  if (!order) throw fail('orderNotFound');

  if (order.payStatus === PayStatus.PAYING) {
    const [latest] = await repo.findOpenPayments(ctx.db, orderSn);
    const now = ctx.clock.now();
    const gateway = latest && ctx.payments.byChannel(latest.channel);
    if (
      latest &&
      gateway &&
      now - latest.updated_at >= STATUS_QUERY_AFTER_MS &&
      (await repo.claimProviderQuery(ctx.db, latest.id, latest.updated_at, now))
    ) {
      try {
        const state = await gateway.query(orderSn);
        if (state.state === 'paid') {
          await settleFromQuery(ctx, gateway, order, state, 'query');
          order = (await kind.find(ctx.db, orderSn)) ?? order;
        }
      } catch (err) {
        ctx.log.warn({ err, orderSn }, 'payment status query failed');
      }
    }
  }
  return {
    orderSn,
    kind: kindName,
    payStatus: order.payStatus,
    orderStatus: order.orderStatus,
    payAmount: fenToYuan(order.amountFen),
    paidAt: order.paidAt === null ? null : formatDateTime(order.paidAt),
    expireAt: order.expireAt === null ? null : formatDateTime(order.expireAt),
  };
}

/** GET /api/pay/return: the app page the browser goes back to, with the kept query parameters. */
export function returnLocation(query: Record<string, unknown>): string {
  const orderSn = typeof query.orderSn === 'string' ? query.orderSn : '';
  const kind = kindOf(orderSn);
  const path = kind ? kind.returnPath(orderSn) : '/';
  const kept = keptParams(query).toString();
  return `/shop/#${path}${kept ? (path.includes('?') ? '&' : '?') + kept : ''}`;
}

/**
 * The reconciliation job (every 60 s): launches still open after 30 s are checked with the provider.
 * Paid there → settled like a notify (a lost notify). For an order no longer paying, leftover provider
 * orders are closed (and a payment found on a closed order is refunded). Refunds the provider did not
 * take are retried.
 */
export async function reconcilePayments(ctx: AppContext): Promise<void> {
  const startedAt = ctx.clock.now();
  // Batch after batch until the backlog is done (a long outage leaves more than one batch): every
  // payment taken is marked checked, and a batch takes only payments not checked in this run.
  for (;;) {
    const stale = await repo.findStaleOpenPayments(ctx.db, startedAt - RECONCILE_AFTER_MS, startedAt, RECONCILE_BATCH);
    const seen = new Set<string>();
    for (const row of stale) {
      const key = `${row.order_sn}|${row.channel}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const gateway = ctx.payments.byChannel(row.channel);
      const kind = kindOf(row.order_sn);
      const order = kind ? await kind.find(ctx.db, row.order_sn) : undefined;
      if (gateway && kind && order) {
        try {
          await reconcileOrder(ctx, gateway, order);
        } catch (err) {
          ctx.log.warn({ err, orderSn: row.order_sn, channel: row.channel }, 'payment reconciliation failed');
        }
      }
      await repo.touchOpenPayments(ctx.db, row.order_sn, row.channel, Math.max(ctx.clock.now(), startedAt));
    }
    if (stale.length < RECONCILE_BATCH || ctx.clock.now() - startedAt >= RECONCILE_RUN_MS) break;
  }

  for (const row of await repo.findPendingRefunds(ctx.db, 50)) {
    const gateway = ctx.payments.byChannel(row.channel);
    const kind = kindOf(row.order_sn);
    if (!gateway || !kind || !row.refund_sn) continue;
    await completeRefund(ctx, gateway, kind, {
      id: row.id,
      orderSn: row.order_sn,
      amountFen: row.amount_fen,
      refundSn: row.refund_sn,
    });
  }
}

async function reconcileOrder(ctx: AppContext, gateway: PaymentGateway, order: PayableOrder): Promise<void> {
  const { orderSn } = order;
  const paying = order.payStatus === PayStatus.UNPAID || order.payStatus === PayStatus.PAYING;
  if (paying || order.payStatus === PayStatus.CLOSED) {
    const state = await gateway.query(orderSn);
    if (state.state === 'paid') {
      await settleFromQuery(ctx, gateway, order, state, 'reconcile');
      return;
    }
    // Still payable and still open at the provider: the shopper may yet pay.
    if (paying && state.state === 'unpaid') return;
  }
  // Closed or expired at the provider, or the order is no longer paying: nothing is left to pay.
  if (!paying) await gateway.close(orderSn);
  await repo.markPaymentsClosed(ctx.db, orderSn, gateway.channel, ctx.clock.now());
}
