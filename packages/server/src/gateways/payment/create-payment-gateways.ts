/** Builds the payment gateways PAYMENT_PROVIDER names (config.ts); each real adapter adds its case here. */
import type { Db } from '../../db/database.js';
import { withDeadline } from '../deadline.js';
import { type AlipayConfig, createAlipayGateway } from './alipay.js';
import {
  type PaymentGateway,
  type PaymentGateways,
  PaymentProviderError,
  type PaymentProviderName,
  paymentGatewaysOf,
} from './payment-gateway.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox.js';

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface PaymentGatewayDeps {
  db: Db;
  sandboxSecret: string;
  publicUrl: () => string | undefined;
  log: Logger;
  /** GATEWAY_TIMEOUT_MS: a provider call that takes longer fails as the provider's refusal. */
  timeoutMs: number;
  /** ALIPAY_* settings, read when PAYMENT_PROVIDER=alipay. */
  alipay?: AlipayConfig | undefined;
  /** Takes both pay types instead of the provider (tests: a provider that fails or never answers). */
  replacement?: PaymentGateway;
}

/** Both pay types through one provider, each call bounded (gateways/deadline.ts). */
function oneProvider(gateway: PaymentGateway, timeoutMs: number): PaymentGateways {
  const bounded = withDeadline(gateway, 'payment', timeoutMs, (timeout) => new PaymentProviderError(timeout.message));
  return paymentGatewaysOf([bounded], { wxpay: gateway.channel, alipay: gateway.channel });
}

export function createPaymentGateways(
  provider: PaymentProviderName,
  deps: PaymentGatewayDeps,
): { gateways: PaymentGateways; sandbox?: SandboxGateway } {
  switch (provider) {
    case 'sandbox': {
      // The sandbox takes both pay types, as one provider would.
      const sandbox = createSandboxGateway({
        db: deps.db,
        secret: deps.sandboxSecret,
        publicUrl: deps.publicUrl,
        log: deps.log,
      });
      return { gateways: oneProvider(deps.replacement ?? sandbox, deps.timeoutMs), sandbox };
    }
    case 'alipay': {
      // Alipay alone takes both pay types until a second provider is configured beside it.
      const alipay = createAlipayGateway({ config: deps.alipay, log: deps.log, timeoutMs: deps.timeoutMs });
      return { gateways: oneProvider(deps.replacement ?? alipay, deps.timeoutMs) };
    }
    default: {
      const unknown: never = provider;
      throw new Error(`unknown payment provider: ${String(unknown)}`);
    }
  }
}
