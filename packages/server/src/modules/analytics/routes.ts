/** Route of the analytics beacon: pointReport. */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ConversionGateway } from '../../gateways/conversion/conversion-gateway.js';
import { bindEndpoint } from '../../http/contract.js';
import * as analytics from './service.js';

export function registerAnalyticsRoutes(app: FastifyInstance, db: Db, gateways: { conversion: ConversionGateway }) {
  bindEndpoint(app, db, browseApi.reportPoint, (input, { req }) =>
    analytics.reportPoint(
      db,
      gateways.conversion,
      input,
      { ip: req.ip, orderSessionId: req.client.orderSessionId, pageUrl: req.client.pageUrl },
      req.log,
    ),
  );
}
