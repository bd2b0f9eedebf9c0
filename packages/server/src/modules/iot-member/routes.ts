/** Routes of VIP and acceleration. */
import type { FastifyInstance } from 'fastify';

export function registerIotMemberRoutes(_app: FastifyInstance): void {}
