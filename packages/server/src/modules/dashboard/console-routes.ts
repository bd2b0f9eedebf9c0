/** Routes of the console's dashboard (endpoints/admin-dashboard.ts): read-only, `dashboard.read`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { dashboardHealth, dashboardSeries } from './console.js';

export function registerDashboardConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  bindEndpoint(app, ctx.db, adminApi.dashboard, (input) => dashboardSeries(ctx, input));
  bindEndpoint(app, ctx.db, adminApi.health, (input) => dashboardHealth(ctx, input));
}
