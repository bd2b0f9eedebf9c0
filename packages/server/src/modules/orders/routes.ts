/** Routes of shop orders: create, list, detail, pay, cancel, logistics, review. */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SimulatedCourier } from '../../gateways/courier/courier.js';
import { bindEndpoint } from '../../http/contract.js';
import { activeShopperMobile } from '../../http/sessions.js';
import { registerJob } from '../../jobs/runner.js';
import { registerPayableKind } from '../payments/kinds.js';
import { launchClientOf } from '../payments/service.js';
import { closeExpiredOrders } from './jobs.js';
import { shopKind } from './kind.js';
import * as orders from './service.js';

async function callerOf(req: FastifyRequest): Promise<orders.Caller> {
  return { orderSessionId: req.client.orderSessionId, shopperMobile: activeShopperMobile(await req.loadSession()) };
}

export function registerOrderRoutes(app: FastifyInstance): void {
  const db = app.ctx.db;
  const courier = new SimulatedCourier();
  registerPayableKind(shopKind);
  registerJob({
    name: 'shop-order-timeout',
    everyMs: 60_000,
    run: async (a) => {
      await closeExpiredOrders(a);
    },
  });

  bindEndpoint(app, db, orderApi.createShopOrder, async (input, { req }) =>
    orders.createOrder(app.ctx, input, await callerOf(req)),
  );

  bindEndpoint(app, db, orderApi.listShopOrders, (input, { shopperMobile }) =>
    orders.listOrders(db, shopperMobile as string, input.status, input.page, input.pageSize),
  );

  bindEndpoint(app, db, orderApi.getShopOrder, async (input, { req }) =>
    orders.getOwnOrder(app.ctx, input.orderSn, await callerOf(req), req.client.hostname),
  );

  bindEndpoint(app, db, orderApi.reviewShopOrder, (input, { shopperMobile }) =>
    orders.reviewOrder(db, shopperMobile as string, input),
  );

  bindEndpoint(app, db, orderApi.payShopOrder, async (input, { req }) =>
    orders.payOrder(app.ctx, input, await callerOf(req), launchClientOf(req)),
  );

  bindEndpoint(app, db, orderApi.cancelShopOrder, async (input, { req }) =>
    orders.cancelOwnOrder(app.ctx, input.orderSn, await callerOf(req), input.reason ?? 'user'),
  );

  bindEndpoint(app, db, orderApi.getShopOrderLogistics, async (input, { req }) =>
    orders.trackOrder(db, courier, input.orderSn, await callerOf(req)),
  );
}
