/** Picks the SMS gateway that SMS_GATEWAY names (config.ts); each new adapter adds its case here. */
import type { DbOrTx } from '../../db/database.js';
import type { ProviderCheck } from '../provider-check.js';
import { AliyunSmsGateway } from './aliyun.js';
import { OutboxSmsGateway } from './outbox.js';
import type { ProviderLogger } from './provider-http.js';
import { missingSmsSettings } from './settings.js';
import type { SmsGateway, SmsGatewayKind, SmsProviderSettings } from './sms-gateway.js';
import { TencentSmsGateway } from './tencent.js';

function complete<T>(
  kind: SmsGatewayKind,
  settings: SmsProviderSettings | undefined,
  given: Partial<T> | undefined,
): T {
  const missing = missingSmsSettings(kind, settings);
  if (missing.length > 0) throw new Error(`SMS_GATEWAY=${kind} needs ${missing.join(', ')}`);
  return given as T;
}

export function createSmsGateway(
  kind: SmsGatewayKind,
  deps: {
    db: DbOrTx;
    log: ProviderLogger;
    production: boolean;
    settings?: SmsProviderSettings | undefined;
    timeoutMs: number;
  },
): SmsGateway {
  const templates = deps.settings?.templates ?? {};
  const call = { log: deps.log, timeoutMs: deps.timeoutMs };
  switch (kind) {
    case 'outbox':
      return new OutboxSmsGateway(deps.db, deps.log, { logCodes: !deps.production });
    case 'aliyun':
      return new AliyunSmsGateway(complete(kind, deps.settings, deps.settings?.aliyun), templates, call);
    case 'tencent':
      return new TencentSmsGateway(complete(kind, deps.settings, deps.settings?.tencent), templates, call);
    default: {
      const unknown: never = kind;
      throw new Error(`unknown SMS gateway: ${String(unknown)}`);
    }
  }
}

/**
 * The check of the configured SMS provider (`haoka providers check`): Aliyun's QuerySendStatistics,
 * Tencent's DescribeSmsSignList. None for the built-in outbox.
 */
export function smsProviderCheck(
  kind: SmsGatewayKind,
  deps: { log: ProviderLogger; settings?: SmsProviderSettings | undefined; timeoutMs: number },
): ProviderCheck | undefined {
  const templates = deps.settings?.templates ?? {};
  const call = { log: deps.log, timeoutMs: deps.timeoutMs };
  switch (kind) {
    case 'outbox':
      return undefined;
    case 'aliyun': {
      const gateway = new AliyunSmsGateway(complete(kind, deps.settings, deps.settings?.aliyun), templates, call);
      return { gateway: 'sms', provider: kind, check: () => gateway.check() };
    }
    case 'tencent': {
      const gateway = new TencentSmsGateway(complete(kind, deps.settings, deps.settings?.tencent), templates, call);
      return { gateway: 'sms', provider: kind, check: () => gateway.check() };
    }
    default: {
      const unknown: never = kind;
      throw new Error(`unknown SMS gateway: ${String(unknown)}`);
    }
  }
}
