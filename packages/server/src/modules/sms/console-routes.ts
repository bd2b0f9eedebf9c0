/** Route of the console's SMS log page (endpoints/admin-payments.ts `listSmsLog`): read-only, `payments.read`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { listSmsLog } from './console.js';

export function registerSmsConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  bindEndpoint(app, ctx.db, adminApi.listSmsLog, (input) => listSmsLog(ctx, input));
}
