/** Routes of tasks, sign-in, protocols and coupon exchange. */
import type { FastifyInstance } from 'fastify';

export function registerIotRewardsRoutes(_app: FastifyInstance): void {}
