/**
 * Routes of the console's payments page (endpoints/admin-payments.ts): read-only, through `bindEndpoint`,
 * permission `payments.read`. The SMS log's route is the SMS module's (sms/console-routes.ts).
 */
import { adminApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { bindEndpoint } from '../../http/contract.js';
import * as consolePayments from './console.js';

export function registerPaymentConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listPayments, (input) => consolePayments.listPayments(ctx, input));
  bindEndpoint(app, db, adminApi.listPaymentCallbacks, (input) => consolePayments.listCallbacks(ctx, input));
  bindEndpoint(app, db, adminApi.paymentCallback, (input) => consolePayments.callbackDetail(ctx, input.id));
  bindEndpoint(app, db, adminApi.listRefunds, (input) => consolePayments.listRefunds(ctx, input));
}
