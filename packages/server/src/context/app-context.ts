/**
 * The one way services get their dependencies (docs/decisions/0010-one-app-context.md): the
 * composition root (app.ts) builds one AppContext per app and hands it to every service and job.
 * Services never take the Fastify instance; repositories take only `db: DbOrTx`, so they run inside
 * a transaction. This file sits below the modules and imports none of them.
 */
import type { AppConfig } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import type { CarrierGateway } from '../gateways/carrier/carrier-gateway.js';
import type { ConversionGateway } from '../gateways/conversion/conversion-gateway.js';
import type { GeoIpGateway } from '../gateways/geoip/geoip-gateway.js';
import type { PaymentGateways } from '../gateways/payment/payment-gateway.js';
import type { SmsGateway } from '../gateways/sms/sms-gateway.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { Secrets } from '../lib/keys.js';
import type { Logger } from '../lib/logger.js';
import type { Metrics } from '../observability/metrics.js';

export type { Logger } from '../lib/logger.js';

/** What time it is for a business rule; tests and jobs may pass their own. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The vanity-number search index, as the rest of the server sees it (modules/numbers owns it). */
export interface NumberInventory {
  /** The inventory changed outside search (an order locked or freed numbers): catch up before the next search. */
  markStale(): void;
}

export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: AppConfig;
  log: Logger;
  clock: Clock;
  limiter: RateLimiter;
  secrets: Secrets;
  /** This instance's counters for GET /metrics. */
  metrics: Metrics;
  /** The SMS provider (codes and notices). */
  sms: SmsGateway;
  /** The operator platform behind the IoT cards (ARCHITECTURE.md "External systems"). */
  carrier: CarrierGateway;
  /** The payment providers, by pay type and by channel. */
  payments: PaymentGateways;
  conversion: ConversionGateway;
  geoIp: GeoIpGateway;
  numberIndex: NumberInventory;
  /**
   * Called after a card's sync wrote what the operator reported (modules/iot-sync), with the card's number;
   * never throws. The composition root hands in the card alerts' evaluation (modules/iot-alerts), so the
   * sync depends on no module above it.
   */
  cardSynced?: (simNo: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context: the HTTP plumbing and the routes hand it to services. */
    ctx: AppContext;
  }
}
