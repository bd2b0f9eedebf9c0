/**
 * The console's dashboard (BACKOFFICE.md module 1, issue 23 item 5) and its jobs page (item 6): the figures
 * per day over a period, optionally of one promoter; the shop's health; every background job with its runs
 * and a run now for the owner. Part of `adminApi` (endpoints/admin.ts). The jobs page reads the same
 * service as the CLI's `jobs status`.
 */
import { z } from 'zod';
import { adminBatchJob, adminJob, dashboardDay, dashboardHealth, dashboardSeries } from '../schemas/admin-dashboard.js';
import { defineEndpoint } from './define.js';

/**
 * Figures per China day from `from` to `to` (both included): by default the last 14 days up to today, at
 * most 92 days (a longer or reversed period is refused with `paramRange`, `data.field` 'from').
 */
export const dashboard = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard',
  input: z.object({
    from: dashboardDay.optional(),
    to: dashboardDay.optional(),
    /** A promoter's code: only its orders and cards. */
    promoCode: z.string().trim().max(32).optional(),
  }),
  data: dashboardSeries,
  auth: 'staff',
  permission: 'dashboard.read',
});

/** The shop's health; the settlement share over `from` to `to` (as `dashboard`'s period, default and bounds). */
export const health = defineEndpoint({
  method: 'GET',
  path: '/api/admin/dashboard/health',
  input: z.object({ from: dashboardDay.optional(), to: dashboardDay.optional() }),
  data: dashboardHealth,
  auth: 'staff',
  permission: 'dashboard.read',
});

export const listJobs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/jobs/list',
  input: z.object({}),
  data: z.object({ list: z.array(adminJob) }),
  auth: 'staff',
  permission: 'system.read',
});

/**
 * The latest batch jobs (BATCH_JOBS_LISTED, newest first) of the kinds the member may read on their own
 * pages (the inventory import with `inventory.read`, the card batches with `cards.read`). A job left running
 * by a stopped server is answered failed (`jobInterrupted`).
 */
export const listBatchJobs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/jobs/batches',
  input: z.object({}),
  data: z.object({ list: z.array(adminBatchJob) }),
  auth: 'staff',
  permission: 'system.read',
});

/**
 * Runs a job now, through its lease (owner only: `staff.write`), and answers once the run is over. `ran`
 * is false when another instance holds the job's lease (it runs there at its next tick). Audited
 * (`job.run`). An unknown job is refused with `jobNotFound`.
 */
export const runJob = defineEndpoint({
  method: 'POST',
  path: '/api/admin/jobs/run',
  input: z.object({ job: z.string().trim().min(1).max(64) }),
  data: z.object({ ran: z.boolean(), job: adminJob }),
  auth: 'staff',
  permission: 'staff.write',
});
