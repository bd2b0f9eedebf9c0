/**
 * Schemas of the console's dashboard and jobs pages (endpoints/admin-dashboard.ts), shared by the server
 * and the console. Days are China's calendar days (Asia/Shanghai, UTC+8 all year); times are epoch
 * milliseconds; money is yuan with two decimals, as in the shop.
 */
import { z } from 'zod';
import type { StaffPermission } from '../domain/staff.js';
import { CARD_BATCH_KINDS } from './admin-cards.js';
import { money } from './common.js';

/** The longest period the dashboard answers, in days; the default is the last 14 days. */
export const DASHBOARD_MAX_DAYS = 92;
export const DASHBOARD_DEFAULT_DAYS = 14;

/** A calendar day in China, `YYYY-MM-DD`. */
export const dashboardDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What happened on one day (or, summed, over the period). */
export const dashboardFigures = z.object({
  /** Shop orders created. */
  orders: z.number().int().min(0),
  /** Shop orders paid that day, and their amount (an order refunded later still counts on the day it was paid). */
  paidOrders: z.number().int().min(0),
  paid: money,
  /** Payments of any order kind whose refund the provider confirmed that day, and their amount. */
  refunds: z.number().int().min(0),
  refunded: money,
  /** IoT cards added. */
  newCards: z.number().int().min(0),
  /** Balance recharges paid, and their amount. */
  recharges: z.number().int().min(0),
  recharged: money,
  /** Card packages paid, and their amount. */
  packageSales: z.number().int().min(0),
  packageSold: money,
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

export const dashboardSeries = z.object({
  from: dashboardDay,
  to: dashboardDay,
  /** The promoter the figures are limited to; null for the whole shop. */
  promoCode: z.string().nullable(),
  /** One entry per day from `from` to `to`, both included, days without activity as zeros. */
  days: z.array(dashboardFigures.extend({ day: dashboardDay })),
  totals: dashboardFigures,
});
export type DashboardSeries = z.infer<typeof dashboardSeries>;

/** A background job as `jobs status` shows it (jobs/status.ts). */
export const adminJob = z.object({
  job: z.string(),
  everyMs: z.number().int().nullable(),
  lastStartedAt: z.number().int().nullable(),
  lastFinishedAt: z.number().int().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  lastError: z.string().nullable(),
  nextRunAt: z.number().int().nullable(),
  /** The instance holding the job's lease now; null when nobody holds it. */
  holder: z.string().nullable(),
  runs: z.number().int().min(0),
  failures: z.number().int().min(0),
  /** Failed runs in the last 24 hours. */
  recentFailures: z.number().int().min(0),
  lastFailureAt: z.number().int().nullable(),
  lastFailure: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;

/**
 * The kinds of the console's batch jobs (one table on the server, `console_jobs`): the inventory import and
 * the card batches (`card.<action>`). Each is read with its own page's permission.
 */
export const INVENTORY_IMPORT_JOB = 'inventory.import';
export const cardBatchJobKind = (kind: (typeof CARD_BATCH_KINDS)[number]) => `card.${kind}`;
export const BATCH_JOB_KINDS: readonly string[] = [INVENTORY_IMPORT_JOB, ...CARD_BATCH_KINDS.map(cardBatchJobKind)];

/** The permission that reads a batch job of `kind` (its own page's); null for a kind this release does not know. */
export function batchJobPermission(kind: string): StaffPermission | null {
  if (kind === INVENTORY_IMPORT_JOB) return 'inventory.read';
  if (kind.startsWith('card.')) return 'cards.read';
  return null;
}

/** A console batch job as the jobs page lists it; its result is read from its own page's endpoint. */
export const adminBatchJob = z.object({
  id: z.number().int(),
  /** One of BATCH_JOB_KINDS. */
  kind: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Why it failed as a whole (`jobInterrupted` when the server stopped while it ran); null otherwise. */
  reason: z.string().nullable(),
  progress: z.number().int().min(0),
  total: z.number().int().min(0),
  staff: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type AdminBatchJob = z.infer<typeof adminBatchJob>;

/** How many batch jobs the jobs page lists, newest first. */
export const BATCH_JOBS_LISTED = 50;

export const ADAPTER_AREAS = ['payment', 'sms', 'carrier'] as const;

export const dashboardHealth = z.object({
  /**
   * How the payments paid over the period (`from` to `to`, China days; the dashboard's, by default the last
   * 14 days) were settled, from the payment callback log: by the provider's callback (`notify`), or by
   * asking the provider (the reconciliation job, the shopper's status poll or a pay-type switch).
   */
  settlement: z.object({
    from: dashboardDay,
    to: dashboardDay,
    byCallback: z.number().int().min(0),
    byReconciliation: z.number().int().min(0),
  }),
  /** Jobs whose last run failed or that failed in the last 24 hours. */
  failedJobs: z.array(adminJob),
  cardSync: z.object({
    /** The upstream-sync job; null when it is not registered. */
    job: adminJob.nullable(),
    /** Enabled cards that are not closed: the ones the sync keeps fresh. */
    activeCards: z.number().int().min(0),
    /** Of those, never synced yet. */
    neverSynced: z.number().int().min(0),
    /** The oldest sync time among the synced ones; null when none was synced. */
    oldestSyncedAt: z.number().int().nullable(),
  }),
  /** The adapters this server runs with; `builtIn` for the sandbox, the SMS outbox and the carrier simulator. */
  adapters: z.array(z.object({ area: z.enum(ADAPTER_AREAS), name: z.string(), builtIn: z.boolean() })),
  /** When the answer was made (epoch ms). */
  at: z.number().int(),
});
export type DashboardHealth = z.infer<typeof dashboardHealth>;
