/**
 * Graceful shutdown for rolling deploys (docs/deploy.md "Rolling deploys"). On SIGTERM the instance first
 * says it is not ready (`GET /healthz` → 503 `draining`) for a grace period (SHUTDOWN_GRACE_MS) while it
 * keeps serving, so a proxy or load balancer stops sending it traffic. Every answer from then on carries
 * `Connection: close`, so keep-alive clients open their next connection elsewhere. Then it stops
 * accepting connections, answers every request it has received (Fastify's `return503OnClosing` is off),
 * closes each connection after its answer, stops its jobs and hands their leases back, and closes the
 * database.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the shutdown signal on: not ready for new traffic, still answering. */
    draining: boolean;
  }
}

export function registerDraining(app: FastifyInstance): void {
  app.decorate('draining', false);
  app.addHook('onRequest', async (_req, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
}

/** Drains for `graceMs`, then closes the app once every received request is answered. */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  if (app.draining) return;
  app.draining = true;
  app.log.info({ graceMs }, 'draining: /healthz answers 503 until the grace period ends, then the server closes');
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  app.log.info('grace period over: no new connections; answering the requests received');
  await app.close();
}
