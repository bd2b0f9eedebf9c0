/** Routes of tasks, sign-in, protocols, coupon exchange and the points and coin ledgers. */
import { iotRewardsApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import * as exchange from './exchange.js';
import * as ledgers from './ledgers.js';
import { getProtocol } from './protocols.js';
import * as tasks from './tasks.js';

export function registerIotRewardsRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;

  bindEndpoint(app, db, iotRewardsApi.getTaskCenter, (_input, ctx) => tasks.getTaskCenter(db, ctx.card));
  bindEndpoint(app, db, iotRewardsApi.generalSignIn, (input, ctx) => tasks.generalSignIn(db, ctx.card, input));
  bindEndpoint(app, db, iotRewardsApi.startTaskVideo, (input, ctx) =>
    tasks.startTaskVideo(db, ctx.card, input.taskCode),
  );
  bindEndpoint(app, db, iotRewardsApi.getProtocol, (input) => getProtocol(db, input.type));

  bindEndpoint(app, db, iotRewardsApi.listCouponExchange, (input, ctx) =>
    exchange.listCouponExchange(db, ctx.card, input),
  );
  bindEndpoint(app, db, iotRewardsApi.exchangeCoupon, (input, ctx) => exchange.exchangeCoupon(db, ctx.card, input));

  bindEndpoint(app, db, iotRewardsApi.listSimIntegralLogs, (input, ctx) =>
    ledgers.listIntegralLogs(db, ctx.card, input),
  );
  bindEndpoint(app, db, iotRewardsApi.listCouponCoinLogs, (input, ctx) => ledgers.listCoinLogs(db, ctx.card, input));
}
