/** Routes of the console's IoT cards (endpoints/admin-cards.ts), bound with `bindEndpoint`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as cards from './console.js';

export function registerCardConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listCards, (input) => cards.listCards(ctx, input));
  bindEndpoint(app, db, adminApi.cardDetail, (input) => cards.cardDetail(ctx, input.simNo));
  bindEndpoint(app, db, adminApi.adjustCardBalance, (input, { staff, req }) =>
    cards.adjustCardBalance(ctx, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.suspendCard, (input, { staff, req }) =>
    cards.suspendCard(ctx, staffActor(staff, req.ip), input.simNo),
  );
  bindEndpoint(app, db, adminApi.resumeCard, (input, { staff, req }) =>
    cards.resumeCard(ctx, staffActor(staff, req.ip), input.simNo),
  );
  bindEndpoint(app, db, adminApi.resyncCard, (input, { staff, req }) =>
    cards.resyncCard(ctx, staffActor(staff, req.ip), input.simNo),
  );
  bindEndpoint(app, db, adminApi.startCardBatch, (input, { staff, req }) =>
    cards.startCardBatch(ctx, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.cardJob, (input) => cards.cardJob(ctx, input.id));
}
