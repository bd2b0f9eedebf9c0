/** Builds the payment gateways PAYMENT_PROVIDER names (config.ts); each real adapter adds its case here. */
import type { Db } from '../../db/database.js';
import { type PaymentGateways, type PaymentProviderName, paymentGatewaysOf } from './payment-gateway.js';
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
      return { gateways: paymentGatewaysOf([sandbox], { wxpay: sandbox.channel, alipay: sandbox.channel }), sandbox };
    }
    default: {
      const unknown: never = provider;
      throw new Error(`unknown payment provider: ${String(unknown)}`);
    }
  }
}
