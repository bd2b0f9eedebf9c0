/** Routes of the card's upstream sync: simRefresh. */
import { iotCoreApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import { refreshSim } from './service.js';

export function registerIotSyncRoutes(app: FastifyInstance, db: Db): void {
  const deps = app.ctx;
  bindEndpoint(app, db, iotCoreApi.refreshSim, async (input, ctx) => {
    const { info, syncing } = await refreshSim(deps, ctx.card, input.force);
    if (syncing) ctx.reason = 'dataSyncing';
    return info;
  });
}
