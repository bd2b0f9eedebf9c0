import { SMS_LOG_PURPOSES } from '@haoka/contract';

/**
 * SMS (ARCHITECTURE.md "External systems"): an external system reached only through this interface.
 * The outbox gateway stands in for a provider until a real adapter is configured with SMS_GATEWAY.
 */

/** The gateways SMS_GATEWAY may name; a provider adapter adds its name here. */
export const SMS_GATEWAY_KINDS = ['outbox', 'aliyun', 'tencent'] as const;
export type SmsGatewayKind = (typeof SMS_GATEWAY_KINDS)[number];

/**
 * What the shop sends, one provider template each (SMS_TEMPLATES): the four code scenes, `alert` for the
 * order notices (`notify`, e.g. `renewFailed`: card, package, price, end date) and `cardAlert` for the card
 * holder's usage, expiry and balance alerts (`notify(…, 'cardAlert', …)`: card, kind, value, period). A
 * provider's template is approved with fixed variables, so notices of different variables need their own.
 */
// The contract's list, by which the console's SMS log is filtered too.
export const SMS_PURPOSES = SMS_LOG_PURPOSES;
/** Purposes a live provider may go without: the feature that sends it then records the SMS as failed. */
export const OPTIONAL_SMS_PURPOSES: readonly SmsPurpose[] = ['cardAlert'];
export type SmsPurpose = (typeof SMS_PURPOSES)[number];
export type SmsTemplates = Partial<Record<SmsPurpose, string>>;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Base URL (ALIYUN_SMS_ENDPOINT), so tests can point it at the fake. */
  endpoint: string;
}

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId of the SMS application. */
  appId: string;
  signName: string;
  endpoint: string;
  region: string;
}

/** The provider settings of the SMS adapters (config.ts); each is unset until its variables are. */
export interface SmsProviderSettings {
  templates: SmsTemplates;
  aliyun?: Partial<AliyunSmsConfig> | undefined;
  tencent?: Partial<TencentSmsConfig> | undefined;
}

export interface SmsGateway {
  /** The configured kind ('outbox' for the built-in one). */
  readonly name: string;
  /** Sends one verification code; rejects when the provider refused or could not be reached. */
  send(mobile: string, scene: string, code: string): Promise<void>;
  /** Sends one notice by template (e.g. `renewFailed`); rejects when the provider refused. */
  notify(mobile: string, template: string, params: Record<string, string>): Promise<void>;
}

/**
 * A provider did not send: `code` is the provider's own (`isv.BUSINESS_LIMIT_CONTROL`,
 * `LimitExceeded.PhoneNumberDailyLimit`, …) or ours for what never reached it (`network`, `noTemplate`),
 * so the log names the reason; the shopper sees the SPEC's SMS error whatever it is.
 */
export class SmsRefusal extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
    readonly requestId?: string | undefined,
  ) {
    super(`${provider}: ${code}: ${message}`);
    this.name = 'SmsRefusal';
  }
}
