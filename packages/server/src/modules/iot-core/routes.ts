/** Routes of the IoT card core: card login, its page settings and agreement, card state and its actions (simRefresh is modules/iot-sync). */
import { iotCoreApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint, registerCardAccess } from '../../http/contract.js';
import { loadSim, requireModule } from './card.js';
import * as iot from './service.js';

export function registerIotCoreRoutes(app: FastifyInstance, db: Db): void {
  const deps = app.ctx;
  registerCardAccess({ load: loadSim, requireModule });

  bindEndpoint(app, db, iotCoreApi.simLogin, async (input, { req }) =>
    iot.loginSim(deps, input, {
      ip: req.ip,
      session: await req.loadSession(),
      orderSessionId: req.client.orderSessionId,
      openId: req.client.platformOpenId,
    }),
  );
  bindEndpoint(app, db, iotCoreApi.getSimLoginConfig, (input, { req }) =>
    iot.getSimLoginConfig(db, input.promoCode, req.client.hostname),
  );
  bindEndpoint(app, db, iotCoreApi.getIotLoginProtocol, () => iot.getIotLoginProtocol(db));

  bindEndpoint(app, db, iotCoreApi.getSimInfo, (_input, ctx) => iot.toSimInfo(db, ctx.card));
  bindEndpoint(app, db, iotCoreApi.bindSimMobile, (input, ctx) => iot.bindSimMobile(db, ctx.card, input));
  bindEndpoint(app, db, iotCoreApi.removeSimBreak, (input, ctx) =>
    iot.removeSimBreak(deps, ctx.card, input.breakRuleId),
  );
  bindEndpoint(app, db, iotCoreApi.switchSimNet, (input, ctx) => iot.switchSimNet(deps, ctx.card, input));
  bindEndpoint(app, db, iotCoreApi.getSimHistoryLine, (input, ctx) => iot.getSimHistoryLine(db, ctx.card, input));
}
