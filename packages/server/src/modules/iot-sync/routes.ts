/** Routes of the card's upstream sync: simRefresh. */
import { iotCoreApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { CarrierGateway } from '../../gateways/carrier/carrier-gateway.js';
import { bindEndpoint } from '../../http/contract.js';
import { refreshSim } from './service.js';

export function registerIotSyncRoutes(app: FastifyInstance, db: Db, options: { carrier: CarrierGateway }): void {
  const deps = { db, limiter: app.ctx.limiter, carrier: options.carrier };
  bindEndpoint(app, db, iotCoreApi.refreshSim, async (input, ctx) => {
    const { info, syncing } = await refreshSim(deps, ctx.card, input.force);
    if (syncing) ctx.reason = 'dataSyncing';
    return info;
  });
}
