/**
 * What operators watch (docs/observability.md): the logger settings (JSON lines with the request id,
 * personal data masked), request counting for `GET /metrics`, and `GET /healthz` for load balancers.
 * Both endpoints answer plain JSON / text, outside the API envelope, because their readers are
 * machines that look at the HTTP status.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { CENSOR, type LineDestination, REDACTED_PATHS, redactingDestination } from '../observability/redact.js';
import { logMethod } from './log-hooks.js';

/** A dependency that has not answered within this time counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** What `/healthz` says while Redis is unreachable. */
export const REDIS_DOWN_REASON = "Redis unreachable: limits are counted in each instance's memory";

/** An incoming `x-request-id` is kept when it is this shape; otherwise the server makes one. */
export const REQUEST_ID_RE = /^[\w.:-]{8,64}$/;

/** Fastify's `logger` option: silent, or JSON lines at the configured level, redacted, into `destination`. */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  destination?: LineDestination,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    hooks: { logMethod },
    stream: redactingDestination(destination),
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Counts every answered request, and serves GET /healthz and GET /metrics. */
export function registerObservability(app: FastifyInstance): void {
  const { metrics } = app.ctx;

  app.addHook('onResponse', async (req, reply) => {
    // The route pattern keeps the label set small; requests no route matched share one label.
    const route = req.routeOptions.url ?? '(unmatched)';
    metrics.request(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // A stopping instance is not ready, whatever its dependencies say (http/draining.ts).
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    const db = await withTimeout(sql`select 1 as ok`.execute(app.ctx.db), HEALTH_CHECK_TIMEOUT_MS).then(
      () => 'ok' as const,
      (err: unknown) => {
        req.log.error({ err }, 'health check: database unreachable');
        return 'down' as const;
      },
    );
    // Redis down is not fatal: limits are counted in this instance's memory meanwhile (http/rate-limit.ts).
    const { redis } = await withTimeout(app.ctx.limiter.health(), HEALTH_CHECK_TIMEOUT_MS).catch(() => ({
      redis: 'down' as const,
    }));
    if (db === 'down') return reply.status(503).send({ status: 'down', db, redis });
    if (redis === 'down') {
      return reply.status(200).send({ status: 'degraded', db, redis, reason: REDIS_DOWN_REASON });
    }
    return reply.status(200).send({ status: 'ok', db, redis });
  });

  app.get('/metrics', async (req, reply) => {
    const token = app.ctx.config.metricsToken;
    if (token) {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(metrics.render());
  });
}
