/**
 * Builds the payment gateways PAYMENT_PROVIDER lists (config.ts): one per provider, from the factory of its
 * name, and routes each pay type to the provider that takes it (payTypeProviders). A real adapter adds
 * its name to PAYMENT_PROVIDERS and one line to FACTORIES.
 */
import type { Db } from '../../db/database.js';
import type { GatewayLogger as Logger } from '../../lib/logger.js';
import { withDeadline } from '../deadline.js';
import type { ProviderCheck } from '../provider-check.js';
import { type AlipayConfig, createAlipayGateway } from './alipay.js';
import {
  type OnlinePayType,
  offeredPayTypes,
  type PaymentGateway,
  type PaymentGateways,
  PaymentProviderError,
  type PaymentProviderName,
  paymentGatewaysOf,
  payTypeProviders,
} from './payment-gateway.js';
import { createSandboxGateway, SANDBOX_CHANNEL, type SandboxGateway } from './sandbox.js';
import { createWechatPayGateway, loadWechatPayKeys, type WechatPayConfig } from './wechatpay.js';

export interface PaymentGatewayDeps {
  db: Db;
  sandboxSecret: string;
  /** WECHATPAY_*: needed when `wechat` is listed (config.ts refuses to start without them). */
  wechatPay?: WechatPayConfig | undefined;
  publicUrl: () => string | undefined;
  log: Logger;
  /** GATEWAY_TIMEOUT_MS: a provider call that takes longer fails as the provider's refusal. */
  timeoutMs: number;
  /** ALIPAY_*: needed when `alipay` is listed (config.ts refuses to start without them). */
  alipay?: AlipayConfig | undefined;
  /** Takes every offered pay type instead of the providers (tests: a provider that fails or never answers). */
  replacement?: PaymentGateway;
}

type Factory = (deps: PaymentGatewayDeps) => PaymentGateway;

/**
 * One factory per provider name. A new adapter adds its factory here, its name to PAYMENT_PROVIDERS and its
 * pay type to PAY_TYPE_OF (payment-gateway.ts); the types refuse a name without its factory or its pay type.
 */
const FACTORIES: Record<PaymentProviderName, Factory> = {
  sandbox: (deps) =>
    createSandboxGateway({ db: deps.db, secret: deps.sandboxSecret, publicUrl: deps.publicUrl, log: deps.log }),
  wechat: (deps) => {
    if (!deps.wechatPay) throw new Error('PAYMENT_PROVIDER lists wechat without the WECHATPAY_* settings');
    return createWechatPayGateway({
      config: deps.wechatPay,
      keys: loadWechatPayKeys(deps.wechatPay),
      publicUrl: deps.publicUrl,
      log: deps.log,
      timeoutMs: deps.timeoutMs,
    });
  },
  alipay: (deps) => createAlipayGateway({ config: deps.alipay, log: deps.log, timeoutMs: deps.timeoutMs }),
};

export function createPaymentGateways(
  providers: readonly PaymentProviderName[],
  deps: PaymentGatewayDeps,
): { gateways: PaymentGateways; offered: OnlinePayType[]; sandbox?: SandboxGateway } {
  const bound = (gateway: PaymentGateway) =>
    withDeadline(gateway, 'payment', deps.timeoutMs, (timeout) => new PaymentProviderError(timeout.message));
  const offered = offeredPayTypes(providers);
  const built = providers.map((provider) => FACTORIES[provider](deps));
  // The sandbox also serves its cashier page, so the caller gets it unwrapped.
  const sandbox = built.find((gateway) => gateway.channel === SANDBOX_CHANNEL) as SandboxGateway | undefined;
  if (deps.replacement) {
    const replacement = deps.replacement;
    const routes = Object.fromEntries(offered.map((type) => [type, replacement.channel]));
    return { gateways: paymentGatewaysOf([bound(replacement)], routes), offered, ...(sandbox ? { sandbox } : {}) };
  }
  const routes = payTypeProviders(providers);
  // Each provider's channel is its name, so routes by provider are routes by channel.
  return { gateways: paymentGatewaysOf(built.map(bound), routes), offered, ...(sandbox ? { sandbox } : {}) };
}

export type PaymentCheckDeps = Pick<PaymentGatewayDeps, 'wechatPay' | 'alipay' | 'log' | 'timeoutMs'>;

/**
 * The check of each real provider PAYMENT_PROVIDER lists (`haoka providers check`): WeChat Pay's and
 * Alipay's query of an order number that cannot exist. The sandbox has none. The key files are read as
 * at start, so a wrong path fails the check with the variable named.
 */
const CHECKS: Record<PaymentProviderName, ((deps: PaymentCheckDeps) => ProviderCheck) | undefined> = {
  sandbox: undefined,
  wechat: (deps) => {
    if (!deps.wechatPay) throw new Error('PAYMENT_PROVIDER lists wechat without the WECHATPAY_* settings');
    const gateway = createWechatPayGateway({
      config: deps.wechatPay,
      keys: loadWechatPayKeys(deps.wechatPay),
      // Only a refund's notify address needs it; the check refunds nothing.
      publicUrl: () => undefined,
      log: deps.log,
      timeoutMs: deps.timeoutMs,
    });
    return { gateway: 'payment', provider: 'wechat', check: () => gateway.check() };
  },
  alipay: (deps) => {
    const gateway = createAlipayGateway({ config: deps.alipay, log: deps.log, timeoutMs: deps.timeoutMs });
    return { gateway: 'payment', provider: 'alipay', check: () => gateway.check() };
  },
};

export function paymentProviderChecks(
  providers: readonly PaymentProviderName[],
  deps: PaymentCheckDeps,
): ProviderCheck[] {
  return providers.flatMap((provider) => CHECKS[provider]?.(deps) ?? []);
}
