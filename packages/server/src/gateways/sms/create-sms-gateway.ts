/** Picks the SMS gateway that SMS_GATEWAY names (config.ts); each new adapter adds its case here. */
import type { DbOrTx } from '../../db/database.js';
import { type InfoLogger, OutboxSmsGateway } from './outbox.js';
import type { SmsGateway, SmsGatewayKind } from './sms-gateway.js';

export function createSmsGateway(
  kind: SmsGatewayKind,
  deps: { db: DbOrTx; log: InfoLogger; production: boolean },
): SmsGateway {
  switch (kind) {
    case 'outbox':
      return new OutboxSmsGateway(deps.db, deps.log, { logCodes: !deps.production });
    default: {
      const unknown: never = kind;
      throw new Error(`unknown SMS gateway: ${String(unknown)}`);
    }
  }
}
