/** Routes of the points mall: the shelf, the card's addresses, ordering and the mall's orders. */
import { iotMallApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { type CourierGateway, SimulatedCourier } from '../../gateways/courier/courier.js';
import { bindEndpoint } from '../../http/contract.js';
import { registerJob } from '../../jobs/runner.js';
import { registerPayableKind } from '../payments/kinds.js';
import { launchClientOf } from '../payments/service.js';
import * as addresses from './addresses.js';
import * as catalogue from './catalogue.js';
import { MALL_JOBS } from './jobs.js';
import { integralKind } from './kind.js';
import * as orders from './orders.js';

export function registerIotMallRoutes(app: FastifyInstance, courier: CourierGateway = new SimulatedCourier()): void {
  const { db } = app.ctx;
  registerPayableKind(integralKind);
  for (const job of MALL_JOBS) registerJob(job);

  bindEndpoint(app, db, iotMallApi.getMallIndex, (input, ctx) => catalogue.getMallIndex(db, ctx.card, input));
  bindEndpoint(app, db, iotMallApi.getMallGoods, (input, ctx) => catalogue.getMallGoods(db, ctx.card, input.goodsId));
  bindEndpoint(app, db, iotMallApi.listGoodsStores, (input, ctx) =>
    catalogue.listGoodsStores(db, ctx.card, input.goodsId),
  );

  bindEndpoint(app, db, iotMallApi.listSimAddresses, (_input, ctx) => addresses.listAddresses(db, ctx.card));
  bindEndpoint(app, db, iotMallApi.saveSimAddress, (input, ctx) => addresses.saveAddress(db, ctx.card, input));
  bindEndpoint(app, db, iotMallApi.deleteSimAddress, (input, ctx) => addresses.deleteAddress(db, ctx.card, input.id));
  bindEndpoint(app, db, iotMallApi.setDefaultSimAddress, (input, ctx) =>
    addresses.setDefaultAddress(db, ctx.card, input.id),
  );

  bindEndpoint(app, db, iotMallApi.buyMallGoods, (input, ctx) => orders.buyGoods(app.ctx, ctx.card, input));
  bindEndpoint(app, db, iotMallApi.listMallOrders, (input, ctx) => orders.listOrders(db, ctx.card, input));
  bindEndpoint(app, db, iotMallApi.getMallOrder, (input, ctx) =>
    orders.getOrder(db, courier, ctx.card, input.orderSn, app.ctx.payments.payTypes),
  );
  bindEndpoint(app, db, iotMallApi.cancelMallOrder, (input, ctx) =>
    orders.cancelOrder(app.ctx, ctx.card, input.orderSn, input.reason),
  );
  bindEndpoint(app, db, iotMallApi.repayMallOrder, (input, ctx) =>
    orders.repayOrder(app.ctx, ctx.card, input, { ...launchClientOf(ctx.req), returnUrl: input.returnUrl }),
  );
  bindEndpoint(app, db, iotMallApi.confirmMallOrder, (input, ctx) => orders.confirmOrder(db, ctx.card, input.orderSn));
}
