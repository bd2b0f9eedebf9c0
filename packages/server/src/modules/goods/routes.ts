/** Route of the goods catalogue: goodsList (list and single-item form). */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import { resolvePromoter } from '../site/service.js';
import * as goods from './service.js';

export function registerGoodsRoutes(app: FastifyInstance, db: Db): void {
  bindEndpoint(app, db, browseApi.listGoods, async (input, { req }) => {
    const promoter = await resolvePromoter(db, input.promoCode, req.client.hostname);
    return goods.listGoods(db, promoter.code, input);
  });
}
