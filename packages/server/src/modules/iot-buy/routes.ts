/** Routes of card buying: packages, recharge, recharge activities, renew, volume, the card's orders and ledger, pay password. */
import { iotBuyApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { revokeCard } from '../../http/sessions.js';
import { registerJob } from '../../jobs/runner.js';
import type { SyncCard } from '../iot-core/card.js';
import { registerPayableKind } from '../payments/kinds.js';
import { launchClientOf } from '../payments/service.js';
import * as activities from './activities.js';
import { IOT_JOBS } from './jobs.js';
import { balanceKind, couponKind, packageKind } from './kinds.js';
import * as orders from './orders.js';
import * as buying from './package-buying.js';
import * as choice from './package-choice.js';
import { type PayPassInput, updatePayPassword } from './pay-password.js';
import * as recharge from './recharge.js';
import * as renew from './renew.js';
import type { PayContext } from './shared.js';

const payContext = (req: FastifyRequest, returnUrl: string | undefined): PayContext => ({
  ...launchClientOf(req),
  returnUrl,
});

/** `syncCard` is modules/iot-sync's (which depends on this module, so it is handed in by app.ts). */
export function registerIotBuyRoutes(app: FastifyInstance, options: { syncCard: SyncCard }): void {
  const { db } = app.ctx;
  for (const kind of [packageKind, balanceKind(options.syncCard), couponKind]) registerPayableKind(kind);
  for (const job of IOT_JOBS) registerJob(job);

  bindEndpoint(app, db, iotBuyApi.choosePackage, (input, ctx) =>
    choice.choosePackages(app.ctx, ctx.card, input.packageType),
  );
  bindEndpoint(app, db, iotBuyApi.getPackageDetails, (input, ctx) =>
    choice.getPackageDetails(app.ctx, ctx.card, input.packageId),
  );
  bindEndpoint(app, db, iotBuyApi.buyPackage, (input, ctx) =>
    buying.buyPackage(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );

  bindEndpoint(app, db, iotBuyApi.chooseBalance, (_input, ctx) => recharge.chooseBalance(app.ctx, ctx.card));
  bindEndpoint(app, db, iotBuyApi.createBalanceOrder, (input, ctx) =>
    recharge.createBalanceOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );

  bindEndpoint(app, db, iotBuyApi.chooseCouponActivity, (_input, ctx) =>
    activities.chooseActivities(app.ctx, ctx.card),
  );
  bindEndpoint(app, db, iotBuyApi.createCouponOrder, (input, ctx) =>
    activities.createCouponOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );

  bindEndpoint(app, db, iotBuyApi.getIotOrder, (input, ctx) =>
    orders.getCashierOrder(app.ctx, ctx.card, input.orderSn),
  );
  bindEndpoint(app, db, iotBuyApi.payIotOrder, (input, ctx) =>
    orders.payCashierOrder(app.ctx, ctx.card, input, payContext(ctx.req, input.returnUrl)),
  );
  bindEndpoint(app, db, iotBuyApi.listSimPackages, (input, ctx) => orders.listPackageOrders(db, ctx.card, input));
  bindEndpoint(app, db, iotBuyApi.listSimBalanceOrders, (input, ctx) => orders.listBalanceOrders(db, ctx.card, input));
  bindEndpoint(app, db, iotBuyApi.listSimBalanceLogs, (input, ctx) => orders.listBalanceLogs(db, ctx.card, input));

  bindEndpoint(app, db, iotBuyApi.getRenewPackageOption, (_input, ctx) => renew.getRenewOptions(app.ctx, ctx.card));
  bindEndpoint(app, db, iotBuyApi.updateRenewPackage, (input, ctx) =>
    renew.setRenewPackage(app.ctx, ctx.card, input.packageId),
  );
  bindEndpoint(app, db, iotBuyApi.closeVolumePackage, (input, ctx) =>
    renew.closeVolume(app.ctx, ctx.card, input.volumePackageId),
  );

  bindEndpoint(app, db, iotBuyApi.updatePayPassword, (input, ctx) =>
    updatePayPassword(db, ctx.card, input as PayPassInput),
  );

  // SPEC §4 logout: the card leaves this session too, so the session id alone no longer reaches it.
  bindEndpoint(app, db, iotBuyApi.logoutSim, async (_input, { req }) => {
    const session = await req.loadSession();
    if (session && req.client.simNo) await revokeCard(db, session.id, req.client.simNo);
    return null;
  });
}
