/** Routes of shareable Wi-Fi codes. */
import type { FastifyInstance } from 'fastify';

export function registerWifiRoutes(_app: FastifyInstance): void {}
