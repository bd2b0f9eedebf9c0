/** Routes of shop orders: create, list, detail, pay, cancel, logistics, review. */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SimulatedCourier } from '../../gateways/courier/courier.js';
import { fail } from '../../http/app-error.js';
import { bindEndpoint } from '../../http/contract.js';
import { activeShopperMobile } from '../../http/sessions.js';
import { registerJob } from '../../jobs/runner.js';
import { cityDisplayName } from '../../lib/regions.js';
import { registerPayableKind } from '../payments/kinds.js';
import { closeOpenPayments, launchPayment, requestOrigin } from '../payments/service.js';
import { resolvePromoter, toBaseConfig } from '../site/service.js';
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

  bindEndpoint(app, db, orderApi.getShopOrder, async (input, { req }) => {
    const row = await orders.findOwnedOrder(db, input.orderSn, await callerOf(req));
    const promoter = await resolvePromoter(db, row.promo_code || undefined, req.client.hostname).catch(() =>
      resolvePromoter(db, undefined, req.client.hostname),
    );
    return { ...(await orders.ownOrderView(db, row)), payTypes: toBaseConfig(promoter).showPaymentType };
  });

  bindEndpoint(app, db, orderApi.reviewShopOrder, (input, { shopperMobile }) =>
    orders.reviewOrder(db, shopperMobile as string, input),
  );

  bindEndpoint(app, db, orderApi.payShopOrder, async (input, { req }) => {
    await orders.findOwnedOrder(db, input.orderSn, await callerOf(req));
    return launchPayment(app.ctx, {
      kind: 'shop',
      orderSn: input.orderSn,
      payType: input.payType,
      returnUrl: input.returnUrl,
      clientIp: req.ip,
      openId: req.client.platformOpenId,
      origin: requestOrigin(req),
    });
  });

  bindEndpoint(app, db, orderApi.cancelShopOrder, async (input, { req }) => {
    const row = await orders.findOwnedOrder(db, input.orderSn, await callerOf(req));
    if (row.order_status === 5) return { orderStatus: 5 as const };
    if (row.order_status !== 0 || !(await orders.cancelUnpaid(db, row, input.reason ?? 'user'))) {
      throw fail('notCancellable');
    }
    if (row.number_id !== null) app.ctx.numberIndex.markStale();
    await closeOpenPayments(app.ctx, row.order_sn);
    return { orderStatus: 5 as const };
  });

  bindEndpoint(app, db, orderApi.getShopOrderLogistics, async (input, { req }) => {
    const row = await orders.findOwnedOrder(db, input.orderSn, await callerOf(req));
    if (row.order_status < 3 || row.order_status > 4 || !row.tracking_no || row.shipped_at === null) {
      throw fail('notShipped');
    }
    return courier.track({
      company: row.express_company,
      trackingNo: row.tracking_no,
      shippedAt: row.shipped_at,
      cityName: cityDisplayName(row.city_code),
    });
  });
}
