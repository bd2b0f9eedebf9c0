/** Routes of card alerts: settings and in-app notices. */
import { iotCareApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import * as alerts from './service.js';

export function registerIotAlertsRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db } = ctx;
  bindEndpoint(app, db, iotCareApi.getAlertSettings, (_input, { card }) => alerts.getAlertSettings(db, card));
  bindEndpoint(app, db, iotCareApi.saveAlertSettings, (input, { card }) =>
    alerts.saveAlertSettings(db, card, input, ctx.clock.now()),
  );
  bindEndpoint(app, db, iotCareApi.listAlertNotices, (input, { card }) => alerts.listAlertNotices(db, card, input));
  bindEndpoint(app, db, iotCareApi.markAlertNoticesRead, (input, { card }) =>
    alerts.markAlertNoticesRead(db, card, input.ids, ctx.clock.now()),
  );
}
