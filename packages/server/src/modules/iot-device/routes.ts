/** Routes of device management (Wi-Fi settings, restart, power-off, reset). */
import type { FastifyInstance } from 'fastify';

export function registerIotDeviceRoutes(_app: FastifyInstance): void {}
