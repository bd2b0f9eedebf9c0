/** Routes of shareable Wi-Fi codes. */
import { wifiApi } from '@haoka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import { requestOrigin } from '../payments/service.js';
import * as wifi from './service.js';

export function registerWifiRoutes(app: FastifyInstance): void {
  const { db } = app.ctx;
  const baseUrl = (req: FastifyRequest) => (app.ctx.config.publicUrl ?? requestOrigin(req)).replace(/\/+$/, '');

  bindEndpoint(app, db, wifiApi.wifiCreate, (input, { req }) =>
    wifi.createWifiCode(
      app.ctx,
      { orderSessionId: req.client.orderSessionId, ip: req.ip, baseUrl: baseUrl(req) },
      input,
    ),
  );

  bindEndpoint(app, db, wifiApi.getWifiCode, (input, { req }) => wifi.getWifiCode(db, input.code, baseUrl(req)));
}
