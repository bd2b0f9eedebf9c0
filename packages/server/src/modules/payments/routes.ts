/**
 * Routes of the payment core: the provider notify (raw body, provider-format answer), the status poll,
 * the browser return, and the sandbox provider's cashier when it is the configured provider.
 */
import { orderApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPaymentGateways } from '../../gateways/payment/create-payment-gateways.js';
import type { PaymentGateway } from '../../gateways/payment/payment-gateway.js';
import { registerSandboxCashier } from '../../gateways/payment/sandbox-cashier.js';
import { bindEndpoint } from '../../http/contract.js';
import { refusalEnvelope } from '../../http/errors.js';
import { paymentReconcileJob } from '../../jobs/payment-reconcile.js';
import { registerJob } from '../../jobs/runner.js';
import * as payments from './service.js';

/** A provider notify is small; anything bigger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export function registerPaymentRoutes(app: FastifyInstance, db: Db, options: { provider?: PaymentGateway } = {}): void {
  const { gateways, sandbox } = createPaymentGateways(app.config.paymentProviders ?? ['sandbox'], {
    wechatPay: app.config.wechatPay,
    db,
    sandboxSecret: app.secrets.sandboxSecret,
    publicUrl: () => app.config.publicUrl,
    log: app.log,
    timeoutMs: app.config.gatewayTimeoutMs,
    alipay: app.config.alipay,
    ...(options.provider ? { replacement: options.provider } : {}),
  });
  app.decorate('paymentGateways', gateways);
  if (sandbox) registerSandboxCashier(app, sandbox);

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
      const ack = await payments.handleNotify(app, req.params.channel, headers, rawBody);
      if (!ack) return reply.status(404).send(refusalEnvelope(-1, 'apiNotFound'));
      return reply.status(ack.status).header('cache-control', 'no-store').type(ack.contentType).send(ack.body);
    });
  });

  bindEndpoint(app, db, orderApi.getPayStatus, (input, { req }) => payments.getPayStatus(app, input.orderSn, req));

  app.get('/api/pay/return', async (req, reply) => {
    return reply.redirect(payments.returnLocation(req.query as Record<string, unknown>), 302);
  });

  registerJob(paymentReconcileJob);
}
