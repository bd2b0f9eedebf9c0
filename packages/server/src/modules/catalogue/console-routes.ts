/** Routes of the console's catalogue and content (endpoints/admin-catalogue.ts) through `bindEndpoint`. */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../db/database.js';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as catalogue from './console.js';

export function registerCatalogueConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listCatalogue, (input) => catalogue.listCatalogue(db, input));
  bindEndpoint(app, db, adminApi.listMallCategories, () => catalogue.listMallCategories(db));
  bindEndpoint(app, db, adminApi.getCatalogueItem, (input) => catalogue.getCatalogueItem(db, input.kind, input.id));
  bindEndpoint(app, db, adminApi.saveCatalogueItem, async (input, { staff, req }) => {
    const { id } = await inTransaction(db, (tx) =>
      catalogue.saveCatalogueItem(tx, staffActor(staff, req.ip), input, ctx.clock.now()),
    );
    return { id };
  });
  bindEndpoint(app, db, adminApi.setCatalogueEnabled, async (input, { staff, req }) => {
    await inTransaction(db, (tx) =>
      catalogue.setCatalogueEnabled(tx, staffActor(staff, req.ip), input, ctx.clock.now()),
    );
    return null;
  });
}
