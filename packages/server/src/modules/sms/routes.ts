/** Routes of SMS codes: hk/sendCode (shop scenes), sms/send (card scenes), and the outbox for development. */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { OUTBOX_GATEWAY } from '../../gateways/sms/outbox.js';
import { bindEndpoint } from '../../http/contract.js';
import * as sms from './service.js';

export function registerSmsRoutes(app: FastifyInstance, db: Db): void {
  const deps: sms.SmsDeps = app.ctx;

  bindEndpoint(app, db, orderApi.sendShopCode, (input, { req }) => sms.sendCode(deps, { ...input, ip: req.ip }));

  bindEndpoint(app, db, orderApi.sendSimCode, (input, { req, simNo }) =>
    sms.sendCardCode(deps, { ...input, ip: req.ip, simNo }),
  );

  // Only while codes go to the outbox, and never in production: it hands out anyone's codes.
  if (app.ctx.sms.name !== OUTBOX_GATEWAY) return;
  if (app.ctx.config.env === 'production') {
    app.log.warn('SMS_GATEWAY is outbox in production: codes reach no phone, only sms_outbox and this log');
    return;
  }
  bindEndpoint(app, db, orderApi.getSmsOutbox, (input) => sms.listOutbox(db, input.mobile));
}
