/**
 * The console's payments page (BACKOFFICE.md module 7, issue 23 item 4): payment records, the callback log
 * (whose `reconcile` lines are the reconciliation results) and refunds with who made them. Read-only.
 */
import type {
  AdminPaymentCallback,
  AdminPaymentCallbackDetail,
  AdminPaymentRecord,
  AdminRefund,
  CallbackOutcome,
  CallbackSource,
} from '@haoka/contract';
import { fenToYuan } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { fail } from '../../http/app-error.js';
import { latestActorsOf } from '../staff/repository.js';
import * as repo from './repository.js';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

interface Paging {
  page: number;
  pageSize: number;
}

/** The audit actions that refund an order through the provider (orders/back-office.ts). */
const REFUND_ACTIONS = ['order.refund', 'order.reject'];
const orderTarget = (orderSn: string) => `order:${orderSn}`;

export async function listPayments(
  ctx: AppContext,
  query: repo.PaymentFilter & Paging,
): Promise<Page<AdminPaymentRecord>> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await repo.pagePayments(ctx.db, filter, page, pageSize);
  return {
    list: rows.map((r) => ({
      id: r.id,
      orderSn: r.order_sn,
      kind: r.kind,
      channel: r.channel,
      payType: r.pay_type,
      amount: fenToYuan(r.amount_fen),
      status: r.status,
      tradeNo: r.trade_no,
      refundSn: r.refund_sn,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
    total,
    page,
    pageSize,
  };
}

function toCallback(r: Omit<repo.PaymentCallbackRow, 'headers_json' | 'body'>): AdminPaymentCallback {
  return {
    id: r.id,
    source: r.source as CallbackSource,
    channel: r.channel,
    orderSn: r.order_sn,
    verified: r.verified === 1,
    outcome: r.outcome as CallbackOutcome,
    reason: r.reason,
    amount: r.amount_fen === null ? null : fenToYuan(Number(r.amount_fen)),
    tradeNo: r.trade_no,
    at: Number(r.created_at),
  };
}

export async function listCallbacks(
  ctx: AppContext,
  query: repo.CallbackFilter & Paging,
): Promise<Page<AdminPaymentCallback>> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await repo.pagePaymentCallbacks(ctx.db, filter, page, pageSize);
  return { list: rows.map(toCallback), total, page, pageSize };
}

function parseHeaders(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') out[name] = value;
    return out;
  } catch {
    return {};
  }
}

export async function callbackDetail(ctx: AppContext, id: number): Promise<AdminPaymentCallbackDetail> {
  const row = await repo.findPaymentCallback(ctx.db, id);
  if (!row) throw fail('callbackNotFound');
  return { ...toCallback(row), headers: parseHeaders(row.headers_json), body: row.body ?? '' };
}

export async function listRefunds(
  ctx: AppContext,
  query: { orderSn?: string | undefined; from?: number | undefined; to?: number | undefined } & Paging,
): Promise<Page<AdminRefund>> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await repo.pageRefunds(ctx.db, filter, page, pageSize);
  const actors = await latestActorsOf(ctx.db, [...new Set(rows.map((r) => orderTarget(r.order_sn)))], REFUND_ACTIONS);
  return {
    list: rows.map((r) => ({
      paymentId: r.id,
      orderSn: r.order_sn,
      kind: r.kind,
      channel: r.channel,
      amount: fenToYuan(r.amount_fen),
      status: r.status,
      refundSn: r.refund_sn ?? '',
      tradeNo: r.trade_no,
      updatedAt: r.updated_at,
      refundedBy: actors.get(orderTarget(r.order_sn)) ?? null,
    })),
    total,
    page,
    pageSize,
  };
}
