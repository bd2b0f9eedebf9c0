/**
 * Routes of the payment core: the provider notify (raw body, provider-format answer), the status poll,
 * the browser return, and the sandbox provider's cashier when it is the configured provider.
 */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context/app-context.js';
import type { SandboxGateway } from '../../gateways/payment/sandbox.js';
import { registerSandboxCashier } from '../../gateways/payment/sandbox-cashier.js';
import { bindEndpoint } from '../../http/contract.js';
import { refusalEnvelope } from '../../http/errors.js';
import { paymentReconcileJob } from '../../jobs/payment-reconcile.js';
import { registerJob } from '../../jobs/runner.js';
import * as payments from './service.js';

/** A provider notify is small; anything bigger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export function registerPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: {
    /** The sandbox provider, when it is the configured one: its cashier page is served here. */ sandbox?: SandboxGateway;
  },
): void {
  if (options.sandbox) registerSandboxCashier(app, options.sandbox);

  // The signature covers the exact bytes, so this scope keeps every body as the raw string.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => {
      done(null, body);
    });
    scope.post<{ Params: { channel: string } }>('/api/pay/notify/:channel', async (req, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        headers[name] = Array.isArray(value) ? value.join(',') : value;
      }
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const ack = await payments.handleNotify(ctx, req.params.channel, headers, rawBody);
      if (!ack) return reply.status(404).send(refusalEnvelope(-1, 'apiNotFound'));
      return reply.status(ack.status).header('cache-control', 'no-store').type(ack.contentType).send(ack.body);
    });
  });

  bindEndpoint(app, ctx.db, orderApi.getPayStatus, (input, { req }) => payments.getPayStatus(ctx, input.orderSn, req));

  app.get('/api/pay/return', async (req, reply) => {
    return reply.redirect(payments.returnLocation(req.query as Record<string, unknown>), 302);
  });

  registerJob(paymentReconcileJob);
}
