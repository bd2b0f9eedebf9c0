/**
 * The environment variables behind the SMS adapters' settings, to name what is missing: production
 * refuses to start on any (config.ts), and createSmsGateway elsewhere. Imports nothing but the port's
 * types, so config.ts can use it.
 */
import type { SmsGatewayKind, SmsProviderSettings } from './sms-gateway.js';

/** The variable behind each provider setting, to name what is missing. */
const ALIYUN_VARIABLES = {
  accessKeyId: 'ALIYUN_ACCESS_KEY_ID',
  accessKeySecret: 'ALIYUN_ACCESS_KEY_SECRET',
  signName: 'ALIYUN_SMS_SIGN_NAME',
  endpoint: 'ALIYUN_SMS_ENDPOINT',
} as const;
const TENCENT_VARIABLES = {
  secretId: 'TENCENT_SECRET_ID',
  secretKey: 'TENCENT_SECRET_KEY',
  appId: 'TENCENT_SMS_APP_ID',
  signName: 'TENCENT_SMS_SIGN_NAME',
  endpoint: 'TENCENT_SMS_ENDPOINT',
  region: 'TENCENT_SMS_REGION',
} as const;

/** The variables of `kind` that `settings` lacks (production refuses to start on any; config.ts). */
export function missingSmsSettings(kind: SmsGatewayKind, settings: SmsProviderSettings | undefined): string[] {
  const pick = (variables: Record<string, string>, given: Record<string, unknown> | undefined) =>
    Object.entries(variables)
      .filter(([key]) => given?.[key] === undefined || given[key] === '')
      .map(([, variable]) => variable);
  if (kind === 'aliyun') return pick(ALIYUN_VARIABLES, settings?.aliyun);
  if (kind === 'tencent') return pick(TENCENT_VARIABLES, settings?.tencent);
  return [];
}
