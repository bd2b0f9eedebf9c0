/** Routes of card buying: packages, recharge, recharge activities, renew, volume, the card's orders and ledger, pay password. */
import type { FastifyInstance } from 'fastify';

export function registerIotBuyRoutes(_app: FastifyInstance): void {}
