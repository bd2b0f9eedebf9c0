/** Routes of platform sign-in and authorisation (WeChat, Kuaishou, Douyin). */
import type { FastifyInstance } from 'fastify';

export function registerPlatformRoutes(_app: FastifyInstance): void {}
