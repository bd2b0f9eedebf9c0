/** Routes of the console's promoters page (endpoints/admin-content.ts), bound with `bindEndpoint`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as promoters from './promoters.js';

export function registerPromoterConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listPromoters, (input) => promoters.listPromoters(ctx, input));
  bindEndpoint(app, db, adminApi.getPromoter, (input) => promoters.getPromoter(ctx, input.code));
  bindEndpoint(app, db, adminApi.savePromoter, async (input, { staff, req }) => {
    const result = await promoters.savePromoter(
      ctx,
      staffActor(staff, req.ip),
      input.code,
      input.settings,
      input.create ? 'create' : 'update',
    );
    return { result, promoter: await promoters.getPromoter(ctx, input.code) };
  });
}
