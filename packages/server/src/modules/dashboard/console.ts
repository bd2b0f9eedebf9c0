/**
 * The console's dashboard (BACKOFFICE.md module 1, issue 23 item 5): the shop's figures per China day over
 * a period, optionally of one promoter, and its health (payment settlement, failed jobs, card-sync lag, the
 * adapters that are live). Read-only.
 */
import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type DashboardFigures,
  type DashboardHealth,
  type DashboardSeries,
  fenToYuan,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { CarrierGatewayKind } from '../../gateways/carrier/carrier-gateway.js';
import { SANDBOX_CHANNEL } from '../../gateways/payment/sandbox.js';
import { OUTBOX_GATEWAY } from '../../gateways/sms/outbox.js';
import { fail } from '../../http/app-error.js';
import { registeredJobs } from '../../jobs/runner.js';
import { jobsStatus } from '../../jobs/status.js';
import { UPSTREAM_SYNC_JOB } from '../../jobs/upstream-sync.js';
import * as repo from './repository.js';

/** The China day (days since 1970-01-01 in UTC+8) of a time. */
export function chinaDay(epochMs: number): number {
  return Math.floor((epochMs + repo.CHINA_OFFSET_MS) / repo.DAY_MS);
}

/** `YYYY-MM-DD` of a China day number. */
export function dayText(day: number): string {
  return new Date(day * repo.DAY_MS).toISOString().slice(0, 10);
}

function parseDay(text: string, field: 'from' | 'to'): number {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const day = ms / repo.DAY_MS;
  // 2026-02-30 parses as March 2nd: refused as a format error rather than read as another day.
  if (!Number.isInteger(day) || dayText(day) !== text) throw fail('paramFormat', { field });
  return day;
}

interface Bucket {
  orders: number;
  paidOrders: number;
  paidFen: number;
  refunds: number;
  refundedFen: number;
  newCards: number;
  recharges: number;
  rechargedFen: number;
  packageSales: number;
  packageSoldFen: number;
}

const emptyBucket = (): Bucket => ({
  orders: 0,
  paidOrders: 0,
  paidFen: 0,
  refunds: 0,
  refundedFen: 0,
  newCards: 0,
  recharges: 0,
  rechargedFen: 0,
  packageSales: 0,
  packageSoldFen: 0,
});

const figuresOf = (b: Bucket): DashboardFigures => ({
  orders: b.orders,
  paidOrders: b.paidOrders,
  paid: fenToYuan(b.paidFen),
  refunds: b.refunds,
  refunded: fenToYuan(b.refundedFen),
  newCards: b.newCards,
  recharges: b.recharges,
  recharged: fenToYuan(b.rechargedFen),
  packageSales: b.packageSales,
  packageSold: fenToYuan(b.packageSoldFen),
});

/** The period's China days: `to` (default today) and `from` (default 13 days before), at most 92 days. */
function periodOf(ctx: AppContext, input: { from?: string | undefined; to?: string | undefined }) {
  const to = input.to ? parseDay(input.to, 'to') : chinaDay(ctx.clock.now());
  const from = input.from ? parseDay(input.from, 'from') : to - (DASHBOARD_DEFAULT_DAYS - 1);
  if (from > to || to - from + 1 > DASHBOARD_MAX_DAYS) throw fail('paramRange', { field: 'from' });
  return { from, to };
}

/** The epoch-ms bounds of China days `from` to `to`, both included. */
const windowOf = (from: number, to: number) => ({
  from: from * repo.DAY_MS - repo.CHINA_OFFSET_MS,
  to: (to + 1) * repo.DAY_MS - repo.CHINA_OFFSET_MS,
});

/**
 * The figures per day from `from` to `to` (China days, both included; default the last 14 days up to
 * today, at most 92). An impossible date is `paramFormat`, a reversed or too long period `paramRange`.
 */
export async function dashboardSeries(
  ctx: AppContext,
  input: { from?: string | undefined; to?: string | undefined; promoCode?: string | undefined },
): Promise<DashboardSeries> {
  const { from, to } = periodOf(ctx, input);
  const promoCode = input.promoCode ? input.promoCode : null;
  const window: repo.DashboardWindow = { ...windowOf(from, to), promoCode };
  const db = ctx.db;
  const [created, paid, refunds, cards, recharges, packages] = await Promise.all([
    repo.ordersCreatedPerDay(db, window),
    repo.ordersPaidPerDay(db, window),
    repo.refundsPerDay(db, window),
    repo.cardsAddedPerDay(db, window),
    repo.rechargesPerDay(db, window),
    repo.packageSalesPerDay(db, window),
  ]);
  const buckets = new Map<number, Bucket>();
  for (let day = from; day <= to; day++) buckets.set(day, emptyBucket());
  const add = (rows: repo.DayFigure[], fill: (b: Bucket, row: repo.DayFigure) => void) => {
    for (const row of rows) {
      const bucket = buckets.get(row.day);
      if (bucket) fill(bucket, row);
    }
  };
  add(created, (b, r) => {
    b.orders += r.n;
  });
  add(paid, (b, r) => {
    b.paidOrders += r.n;
    b.paidFen += r.fen;
  });
  add(refunds, (b, r) => {
    b.refunds += r.n;
    b.refundedFen += r.fen;
  });
  add(cards, (b, r) => {
    b.newCards += r.n;
  });
  add(recharges, (b, r) => {
    b.recharges += r.n;
    b.rechargedFen += r.fen;
  });
  add(packages, (b, r) => {
    b.packageSales += r.n;
    b.packageSoldFen += r.fen;
  });
  const total = emptyBucket();
  for (const b of buckets.values()) {
    for (const key of Object.keys(total) as (keyof Bucket)[]) total[key] += b[key];
  }
  return {
    from: dayText(from),
    to: dayText(to),
    promoCode,
    days: [...buckets.entries()].map(([day, b]) => ({ day: dayText(day), ...figuresOf(b) })),
    totals: figuresOf(total),
  };
}

const BUILT_IN_CARRIER: CarrierGatewayKind = 'simulator';

/** The adapters this server was built with (app.ts), and whether each is a built-in stand-in. */
function liveAdapters(ctx: AppContext): DashboardHealth['adapters'] {
  const channels = [...new Set(ctx.payments.payTypes.map((type) => ctx.payments.forPayType(type).channel))];
  return [
    ...channels.map((name) => ({ area: 'payment' as const, name, builtIn: name === SANDBOX_CHANNEL })),
    { area: 'sms', name: ctx.sms.name, builtIn: ctx.sms.name === OUTBOX_GATEWAY },
    { area: 'carrier', name: ctx.carrier.name, builtIn: ctx.carrier.name === BUILT_IN_CARRIER },
  ];
}

/**
 * The shop's health: how the period's payments were settled (the callback log: by the provider's callback,
 * or by asking the provider), the failed jobs, the card sync's state and the live adapters.
 */
export async function dashboardHealth(
  ctx: AppContext,
  input: { from?: string | undefined; to?: string | undefined } = {},
): Promise<DashboardHealth> {
  const now = ctx.clock.now();
  const { from, to } = periodOf(ctx, input);
  const [jobs, sync, settled] = await Promise.all([
    jobsStatus(ctx.db, { now, jobs: registeredJobs() }),
    repo.cardSyncState(ctx.db),
    repo.settlementsBySource(ctx.db, windowOf(from, to)),
  ]);
  const byCallback = settled.filter((r) => r.source === 'notify').reduce((n, r) => n + r.n, 0);
  const byQuery = settled.filter((r) => r.source !== 'notify').reduce((n, r) => n + r.n, 0);
  return {
    settlement: { from: dayText(from), to: dayText(to), byCallback, byReconciliation: byQuery },
    failedJobs: jobs.filter((job) => job.lastOutcome === 'failed' || job.recentFailures > 0),
    cardSync: { job: jobs.find((job) => job.job === UPSTREAM_SYNC_JOB) ?? null, ...sync },
    adapters: liveAdapters(ctx),
    at: now,
  };
}
