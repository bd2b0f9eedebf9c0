/**
 * `providers check`: calls each configured outside provider's cheapest read-only endpoint and reports
 * ok or the provider's own error, so a reseller can test the credentials before opening the shop.
 */
import type { AppConfig } from '../config.js';
import { carrierProviderCheck } from '../gateways/carrier/create-carrier-gateway.js';
import { paymentProviderChecks } from '../gateways/payment/create-payment-gateways.js';
import type { ProviderCheck } from '../gateways/provider-check.js';
import { smsProviderCheck } from '../gateways/sms/create-sms-gateway.js';
import { type Command, EXIT, errorMessage, UsageError } from './types.js';

/** Call logs are not this command's output: its report line says what happened. */
const quiet = { info() {}, warn() {} };

/** One check per configured adapter of an outside provider: SMS, each listed payment provider, the carrier. */
export function configuredChecks(config: AppConfig): ProviderCheck[] {
  const timeoutMs = config.gatewayTimeoutMs;
  const checks = [
    smsProviderCheck(config.smsGateway ?? 'outbox', { log: quiet, settings: config.sms, timeoutMs }),
    ...paymentProviderChecks(config.paymentProviders ?? [], {
      wechatPay: config.wechatPay,
      alipay: config.alipay,
      log: quiet,
      timeoutMs,
    }),
    carrierProviderCheck(config.carrierGateway ?? 'simulator', { log: quiet, settings: config.carrier, timeoutMs }),
  ];
  return checks.filter((check) => check !== undefined);
}

export const providers: Command = {
  name: 'providers',
  summary: 'check the configured outside providers (SMS, payment, carrier): one read-only call each, ok or their error',
  help: `Usage: haoka providers check

For each configured outside provider, one read-only call that proves its credentials and endpoint
(nothing is sent, charged or changed):
  SMS       Aliyun (QuerySendStatistics), Tencent (DescribeSmsSignList)
  payment   each provider PAYMENT_PROVIDER lists: WeChat Pay and Alipay query an order number that
            cannot exist; their signed "no such order" (ORDER_NOT_EXIST, ACQ.TRADE_NOT_EXIST) is ok
  carrier   OneLink (get/token), Jasper (one page of devices changed since now)
Prints one line per provider, "ok" or the provider's error code and message; exit code 1 when any
failed. The built-in stand-ins (SMS outbox, payment sandbox, carrier simulator) have nothing to check.
Guide: docs/providers.md
`,
  async run(args, ctx) {
    if (args.length !== 1 || args[0] !== 'check') throw new UsageError('the only providers command is check');
    const checks = configuredChecks(ctx.config());
    if (checks.length === 0) {
      ctx.out('no outside provider is configured (the built-in stand-ins need no check)\n');
      return EXIT.ok;
    }
    let failed = 0;
    for (const { gateway, provider, check } of checks) {
      try {
        await check();
        ctx.out(`${gateway} ${provider}: ok\n`);
      } catch (error) {
        failed += 1;
        ctx.out(`${gateway} ${provider}: failed: ${errorMessage(error)}\n`);
      }
    }
    return failed > 0 ? EXIT.failure : EXIT.ok;
  },
};
