/** Route of the caller's location: ipLocation. */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { GeoIpGateway } from '../../gateways/geoip/geoip-gateway.js';
import { bindEndpoint } from '../../http/contract.js';
import * as geo from './service.js';

export function registerGeoRoutes(app: FastifyInstance, db: Db, gateways: { geoIp: GeoIpGateway }): void {
  bindEndpoint(app, db, browseApi.getIpLocation, (_input, { req }) => geo.locateIp(gateways.geoIp, req.ip, req.log));
}
