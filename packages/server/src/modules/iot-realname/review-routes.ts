/**
 * The console's real-name review (adminApi `realname/*`, BACKOFFICE.md module 3): the queue, the signed
 * photo links (audited views) and the decision, over `review.ts`, shared with the CLI's `sim-auth`.
 */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as review from './review.js';

export function registerRealnameReviewRoutes(app: FastifyInstance): void {
  const { db, clock } = app.ctx;

  bindEndpoint(app, db, adminApi.listRealname, (input) => review.listSubmissions(db, input));

  bindEndpoint(app, db, adminApi.realnamePhotos, (input, ctx) =>
    review.photoLinks(db, input.id, staffActor(ctx.staff, ctx.req.ip), clock.now()),
  );

  bindEndpoint(app, db, adminApi.approveRealname, (input, ctx) =>
    review.decideSubmission(db, input.id, 'approve', '', staffActor(ctx.staff, ctx.req.ip), clock.now()),
  );

  bindEndpoint(app, db, adminApi.rejectRealname, (input, ctx) =>
    review.decideSubmission(db, input.id, 'reject', input.reason, staffActor(ctx.staff, ctx.req.ip), clock.now()),
  );
}
