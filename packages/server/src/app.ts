/**
 * buildApp(config) → a Fastify instance: external plugins, then the request context and error path,
 * then the modules' routes, then the static web app. Tests call it and use `inject`.
 */
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { type AppContext, systemClock } from './context/app-context.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { type CarrierGateway, CarrierRefusal } from './gateways/carrier/carrier-gateway.js';
import { createCarrierGateway } from './gateways/carrier/create-carrier-gateway.js';
import type { PlatformClock } from './gateways/carrier/platform-http.js';
import type { ConversionGateway } from './gateways/conversion/conversion-gateway.js';
import { createConversionSimulator } from './gateways/conversion/simulator.js';
import { withDeadline } from './gateways/deadline.js';
import type { GeoIpGateway } from './gateways/geoip/geoip-gateway.js';
import { createIp2RegionGeoIp } from './gateways/geoip/ip2region.js';
import { createPaymentGateways } from './gateways/payment/create-payment-gateways.js';
import type { PaymentGateway } from './gateways/payment/payment-gateway.js';
import { createSmsGateway } from './gateways/sms/create-sms-gateway.js';
import type { SmsGateway } from './gateways/sms/sms-gateway.js';
import { registerRequestContext } from './http/context.js';
import { registerDraining } from './http/draining.js';
import { registerErrorHandling } from './http/errors.js';
import { loggerOptions, REQUEST_ID_RE, registerObservability } from './http/observability.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js';
import { registerAdminApp, registerWebApp } from './http/static.js';
import { alertSmsJob } from './jobs/alert-sms.js';
import { registerJobConsoleRoutes } from './jobs/console-routes.js';
import { logRetentionJob } from './jobs/log-retention.js';
import { numberLockSweepJob } from './jobs/number-lock-sweep.js';
import { registerJob, startJobs } from './jobs/runner.js';
import { upstreamSyncJob } from './jobs/upstream-sync.js';
import { loadSecrets } from './lib/keys.js';
import { registerAnalyticsRoutes } from './modules/analytics/routes.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerCatalogueConsoleRoutes } from './modules/catalogue/console-routes.js';
import { registerContentRoutes } from './modules/content/routes.js';
import { registerDashboardConsoleRoutes } from './modules/dashboard/console-routes.js';
import { registerGeoRoutes } from './modules/geo/routes.js';
import { registerGoodsRoutes } from './modules/goods/routes.js';
import { registerIotAlertsRoutes } from './modules/iot-alerts/routes.js';
import { alertsAfterSync } from './modules/iot-alerts/service.js';
import { registerIotBuyRoutes } from './modules/iot-buy/routes.js';
import { registerLayoutConsoleRoutes } from './modules/iot-core/layout-routes.js';
import { registerIotCoreRoutes } from './modules/iot-core/routes.js';
import { registerIotDeviceRoutes } from './modules/iot-device/routes.js';
import { registerIotMallRoutes } from './modules/iot-mall/routes.js';
import { registerIotMemberRoutes } from './modules/iot-member/routes.js';
import { registerRealnameReviewRoutes } from './modules/iot-realname/review-routes.js';
import { registerIotRealnameRoutes } from './modules/iot-realname/routes.js';
import { registerIotRewardsRoutes } from './modules/iot-rewards/routes.js';
import { registerCardConsoleRoutes } from './modules/iot-sync/console-routes.js';
import { registerIotSyncRoutes } from './modules/iot-sync/routes.js';
import { syncCard } from './modules/iot-sync/service.js';
import { registerMediaRoutes } from './modules/media/routes.js';
import { registerInventoryConsoleRoutes } from './modules/numbers/console-routes.js';
import { registerNumberRoutes } from './modules/numbers/routes.js';
import { NumberIndex } from './modules/numbers/search-index.js';
import { registerOrderConsoleRoutes } from './modules/orders/console-routes.js';
import { registerOrderRoutes } from './modules/orders/routes.js';
import { registerPagesRoutes } from './modules/pages/routes.js';
import { registerPaymentConsoleRoutes } from './modules/payments/console-routes.js';
import { registerPaymentRoutes } from './modules/payments/routes.js';
import { registerPlatformRoutes } from './modules/platform/routes.js';
import { registerPromoterConsoleRoutes } from './modules/site/console-routes.js';
import { registerSiteRoutes } from './modules/site/routes.js';
import { registerSmsConsoleRoutes } from './modules/sms/console-routes.js';
import { LoggedSmsGateway } from './modules/sms/log.js';
import { registerSmsRoutes } from './modules/sms/routes.js';
import { registerStaffRoutes } from './modules/staff/routes.js';
import { registerWifiRoutes } from './modules/wifi/routes.js';
import { Metrics } from './observability/metrics.js';
import type { LineDestination } from './observability/redact.js';
import { runSeeds, type SeedOptions } from './seed/index.js';

export type { AppConfig } from './config.js';
export { loadConfig } from './config.js';

export interface BuildOptions {
  /** Use this database instead of opening the configured one (tests share one per file). */
  database?: DatabaseHandle;
  /** Extra routes, registered after the modules (tests add probes here). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Replace an external system's built-in gateway (tests record or fail calls with these). */
  gateways?: {
    carrier?: CarrierGateway;
    conversion?: ConversionGateway;
    geoIp?: GeoIpGateway;
    sms?: SmsGateway;
    /** Takes both pay types instead of the configured provider. */
    payment?: PaymentGateway;
  };
  /** The clock the operator platform adapters wait on (tests record the waits they ask for). */
  carrierClock?: PlatformClock;
  /** Use this rate limiter (tests drive a clock or share one); the caller closes it. */
  limiter?: RateLimiter;
  /** Write the (redacted) JSON log lines here instead of stdout (tests read them). */
  logDestination?: LineDestination;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logDestination),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing, requests already received on open connections are answered, not refused (http/draining.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  const secrets = loadSecrets(config);
  const database = options.database ?? createDatabase(config.db);
  const ownsDatabase = !options.database;
  const metrics = new Metrics();
  const limiter =
    options.limiter ??
    createRateLimiter(config.redisUrl, {
      outage: (error) =>
        app.log.error(
          { err: { message: error.message } },
          "Redis unreachable: limits are counted in this instance's memory until it answers again",
        ),
      recovered: () => app.log.info('Redis answers again: limits are shared again'),
      fallback: () => metrics.limiterFallback(),
    });
  // A connection the database server dropped is replaced by the pool; say so, it never ends the process.
  database.onConnectionError((error) =>
    app.log.warn(
      { err: { code: (error as { code?: unknown }).code, message: error.message } },
      'database connection lost',
    ),
  );
  // Every external provider is bounded by GATEWAY_TIMEOUT_MS (gateways/deadline.ts).
  const bounded = config.gatewayTimeoutMs;
  // Every send, whatever the gateway, is written to the SMS log (modules/sms/log.ts), a timeout included.
  const sms = new LoggedSmsGateway(
    withDeadline(
      options.gateways?.sms ??
        createSmsGateway(config.smsGateway ?? 'outbox', {
          db: database.db,
          log: app.log,
          production: config.env === 'production',
          settings: config.sms,
          timeoutMs: bounded,
        }),
      'sms',
      bounded,
    ),
    { db: database.db, log: app.log, now: () => systemClock.now() },
  );
  const carrier = withDeadline(
    options.gateways?.carrier ??
      createCarrierGateway(config.carrierGateway ?? 'simulator', {
        db: database.db,
        log: app.log,
        settings: config.carrier,
        timeoutMs: bounded,
        clock: options.carrierClock,
      }),
    'carrier',
    bounded,
    (timeout) => new CarrierRefusal('upstreamBusy', timeout.message),
  );
  const payments = createPaymentGateways(config.paymentProviders ?? ['sandbox'], {
    wechatPay: config.wechatPay,
    alipay: config.alipay,
    db: database.db,
    sandboxSecret: secrets.sandboxSecret,
    publicUrl: () => config.publicUrl,
    log: app.log,
    timeoutMs: bounded,
    ...(options.gateways?.payment ? { replacement: options.gateways.payment } : {}),
  });
  const numberIndex = new NumberIndex(database.db);
  // The one context every service and job receives (context/app-context.ts).
  const ctx: AppContext = {
    db: database.db,
    dialect: database.dialect,
    config,
    log: app.log,
    clock: systemClock,
    limiter,
    secrets,
    metrics,
    sms,
    carrier,
    payments: payments.gateways,
    conversion: options.gateways?.conversion ?? createConversionSimulator(app.log),
    geoIp: options.gateways?.geoIp ?? createIp2RegionGeoIp(),
    numberIndex,
  };
  // Card alerts are evaluated after each sync of a card (modules/iot-alerts; iot-sync cannot depend on it).
  ctx.cardSynced = alertsAfterSync(ctx);
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    if (!options.limiter) await limiter.close();
    if (ownsDatabase) await database.destroy();
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerErrorHandling(app);
  registerDraining(app);
  registerRequestContext(app, database.db);
  registerObservability(app);

  registerSiteRoutes(app, database.db, { configCacheMs: config.configCacheMs });
  registerGoodsRoutes(app, database.db);
  registerPagesRoutes(app, database.db);
  registerContentRoutes(app, database.db);
  registerAnalyticsRoutes(app, database.db, { conversion: ctx.conversion });
  registerGeoRoutes(app, database.db, { geoIp: ctx.geoIp });
  registerNumberRoutes(app, database.db, { configCacheMs: config.configCacheMs, index: numberIndex });
  if (config.env === 'production' && sms.name === 'outbox') {
    app.log.warn('SMS_GATEWAY is the built-in outbox: verification codes are stored, not sent to phones');
  }
  if (config.env === 'production' && (config.paymentProviders ?? ['sandbox']).includes('sandbox')) {
    app.log.warn('PAYMENT_PROVIDER lists the built-in sandbox: its cashier page marks orders paid without money');
  }
  registerSmsRoutes(app, database.db);
  registerAuthRoutes(app, database.db);
  registerStaffRoutes(app, database.db);
  registerRealnameReviewRoutes(app);
  registerOrderConsoleRoutes(app);
  registerPaymentConsoleRoutes(app);
  registerSmsConsoleRoutes(app);
  registerDashboardConsoleRoutes(app);
  registerJobConsoleRoutes(app);
  registerCardConsoleRoutes(app);
  registerInventoryConsoleRoutes(app, numberIndex);
  registerCatalogueConsoleRoutes(app);
  registerMediaRoutes(app);
  registerPromoterConsoleRoutes(app);
  registerLayoutConsoleRoutes(app);
  registerIotCoreRoutes(app, database.db);
  registerIotSyncRoutes(app, database.db);
  registerPaymentRoutes(app, ctx, { sandbox: payments.sandbox });
  registerOrderRoutes(app);
  registerIotBuyRoutes(app, { syncCard });
  registerIotRealnameRoutes(app);
  registerIotMemberRoutes(app);
  registerIotMallRoutes(app);
  registerIotRewardsRoutes(app);
  registerIotDeviceRoutes(app);
  registerIotAlertsRoutes(app);
  registerWifiRoutes(app);
  registerPlatformRoutes(app);
  registerJob(numberLockSweepJob);
  registerJob(logRetentionJob);
  registerJob(upstreamSyncJob);
  registerJob(alertSmsJob);
  // Jobs registered by the modules above start once the app is ready (unless config.jobsEnabled is false).
  startJobs(app);

  if (options.extraRoutes) await options.extraRoutes(app);
  await registerWebApp(app, config.webDist);
  await registerAdminApp(app, config.adminDist);
  return app;
}

/** Migrates the database and runs the seeders that have not run yet. */
export async function prepareDatabase(handle: DatabaseHandle, options: SeedOptions) {
  const migrated = await migrateToLatest(handle.db as never, handle.dialect);
  const seeded = await runSeeds(handle.db, handle.dialect, options);
  return { migrated, seeded };
}
