/** Routes of the shopper login: shop/login, shop/logout and the login agreement (site/loginProtocol). */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import * as auth from './service.js';

export function registerAuthRoutes(app: FastifyInstance, db: Db): void {
  bindEndpoint(app, db, orderApi.shopLogin, async (input, { req }) =>
    auth.loginShopper(app.ctx, input, {
      ip: req.ip,
      orderSessionId: req.client.orderSessionId,
      session: await req.loadSession(),
    }),
  );

  bindEndpoint(app, db, orderApi.shopLogout, async (_input, { req }) =>
    auth.logoutShopper(db, await req.loadSession()),
  );

  bindEndpoint(app, db, orderApi.getLoginProtocol, () => auth.getLoginProtocol(db));
}
