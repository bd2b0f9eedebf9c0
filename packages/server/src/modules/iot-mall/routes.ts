/** Routes of the points mall. */
import type { FastifyInstance } from 'fastify';

export function registerIotMallRoutes(_app: FastifyInstance): void {}
