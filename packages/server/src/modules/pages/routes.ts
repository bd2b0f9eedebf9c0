/** Route of the landing pages: singlePageInfo. */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import { resolvePromoter } from '../site/service.js';
import * as pages from './service.js';

export function registerPagesRoutes(app: FastifyInstance, db: Db): void {
  bindEndpoint(app, db, browseApi.getSinglePage, async (input, { req }) => {
    const promoter = await resolvePromoter(db, input.promoCode, req.client.hostname);
    return pages.getSinglePage(db, input.pageCode, promoter.code);
  });
}
