/** Routes of the console's jobs page (endpoints/admin-dashboard.ts): the list and the batch jobs (`system.read`), run now (owner). */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../http/audit.js';
import { bindEndpoint } from '../http/contract.js';
import { listBatchJobs, listJobs, runJobNow } from './console.js';

export function registerJobConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  bindEndpoint(app, ctx.db, adminApi.listJobs, () => listJobs(ctx));
  bindEndpoint(app, ctx.db, adminApi.listBatchJobs, (_input, { staff }) => listBatchJobs(ctx, staff.role));
  bindEndpoint(app, ctx.db, adminApi.runJob, (input, { staff, req }) =>
    runJobNow(ctx, staffActor(staff, req.ip), input.job),
  );
}
