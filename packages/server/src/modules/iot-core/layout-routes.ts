/** Routes of the console's card layouts page (endpoints/admin-content.ts), bound with `bindEndpoint`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as layouts from './layouts.js';

export function registerLayoutConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listLayouts, (input) => layouts.listLayouts(ctx, input));
  bindEndpoint(app, db, adminApi.getLayout, (input) => layouts.getLayout(ctx, input.code));
  bindEndpoint(app, db, adminApi.saveLayout, async (input, { staff, req }) => {
    const result = await layouts.saveSimLayout(ctx, staffActor(staff, req.ip), input.code, input.layout);
    return { result, layout: await layouts.getLayout(ctx, input.code) };
  });
}
