/** Routes of the vanity-number inventory: search and detail. */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { resolvePromoter } from '../site/service.js';
import type { NumberIndex } from './search-index.js';
import * as numbers from './service.js';

export function registerNumberRoutes(
  app: FastifyInstance,
  db: Db,
  options: { configCacheMs: number /** The app's index (the context's numberIndex). */; index: NumberIndex },
): void {
  const { index } = options;
  const cache = new numbers.SearchCache();
  const promoters = new TtlCache<Awaited<ReturnType<typeof resolvePromoter>>>(options.configCacheMs);
  // Load the inventory at start, so the first search does not pay for it.
  app.addHook('onReady', async () => {
    index.ready().catch((error: unknown) => app.log.error({ err: error }, 'number index load failed'));
  });

  bindEndpoint(app, db, browseApi.listNumbers, async (input, { req, reply }) => {
    const started = performance.now();
    const promoter = await promoters.getOrLoad(`${req.client.hostname}|${input.promoCode ?? ''}`, () =>
      resolvePromoter(db, input.promoCode, req.client.hostname),
    );
    const data = await numbers.searchNumbers(db, index, promoter.code, input, cache);
    reply.header('server-timing', `search;dur=${(performance.now() - started).toFixed(2)}`);
    return data;
  });

  bindEndpoint(app, db, browseApi.getNumberDetail, async (input, { req }) => {
    const promoter = await resolvePromoter(db, undefined, req.client.hostname);
    return numbers.getNumberDetail(db, promoter.code, input);
  });
}
