/**
 * `haoka providers check` (cli/providers.ts): each configured adapter of an outside provider offers one
 * check, its provider's cheapest read-only call, which proves the credentials and the endpoint without
 * sending or charging anything. The built-in stand-ins have none. Each port's factory offers its
 * adapters' checks: smsProviderCheck, paymentProviderChecks, carrierProviderCheck.
 */
export interface ProviderCheck {
  /** The port: `sms`, `payment`, `carrier`. */
  gateway: string;
  /** The configured adapter (`aliyun`, `tencent`, …). */
  provider: string;
  /** Resolves when the provider answered the call; rejects with its refusal otherwise. */
  check(): Promise<void>;
}
