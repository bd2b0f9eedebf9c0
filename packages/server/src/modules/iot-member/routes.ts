/** Routes of VIP and acceleration (API.md §4), their payment kinds and jobs. */
import { iotMemberApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { registerJob } from '../../jobs/runner.js';
import type { PayContext } from '../iot-buy/index.js';
import { registerPayableKind } from '../payments/kinds.js';
import { launchClientOf } from '../payments/service.js';
import * as buying from './buying.js';
import { MEMBER_JOBS } from './jobs.js';
import { accelerateKind, vipKind } from './kinds.js';

const payContext = (req: FastifyRequest, returnUrl: string | undefined): PayContext => ({
  ...launchClientOf(req),
  returnUrl,
});

export function registerIotMemberRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  registerPayableKind(vipKind);
  registerPayableKind(accelerateKind);
  for (const job of MEMBER_JOBS) registerJob(job);

  bindEndpoint(app, db, iotMemberApi.listVip, (_input, ctx) => buying.listVip(app.ctx, ctx.card));
  bindEndpoint(app, db, iotMemberApi.createVipOrder, (input, ctx) =>
    buying.createVipOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );
  bindEndpoint(app, db, iotMemberApi.listAccelerate, (_input, ctx) => buying.listAccelerate(app.ctx, ctx.card));
  bindEndpoint(app, db, iotMemberApi.createAccelerateOrder, (input, ctx) =>
    buying.createAccelerateOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );
  bindEndpoint(app, db, iotMemberApi.listAccelerateOrders, (input, ctx) =>
    buying.listAccelerateOrders(app.ctx, ctx.card, input),
  );
  bindEndpoint(app, db, iotMemberApi.payMemberOrder, (input, ctx) =>
    buying.payMemberOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );
}
