/**
 * The built-in SMS gateway: sends nothing, keeps each code in `sms_outbox` (and each notice in
 * `sms_notices`) and writes it to the log at info level, so a developer (or a test, through
 * /api/dev/sms-outbox) can read it. In production the log line leaves the code out: whoever reads the
 * logs must not be able to sign in as a shopper or reset a card's pay password.
 */
import type { DbOrTx } from '../../db/database.js';
import type { GatewayLogger } from '../../lib/logger.js';
import type { SmsGateway } from './sms-gateway.js';

export type InfoLogger = Pick<GatewayLogger, 'info'>;

export const OUTBOX_GATEWAY = 'outbox';

export class OutboxSmsGateway implements SmsGateway {
  readonly name = OUTBOX_GATEWAY;

  constructor(
    private readonly db: DbOrTx,
    private readonly log: InfoLogger,
    private readonly options: { logCodes: boolean } = { logCodes: true },
  ) {}

  async send(mobile: string, scene: string, code: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ mobile, scene, code, created_at: Date.now() }).execute();
    const logged = this.options.logCodes ? { mobile, scene, code } : { mobile, scene };
    this.log.info(logged, 'sms outbox: verification code (not sent to a phone)');
  }

  async notify(mobile: string, template: string, params: Record<string, string>): Promise<void> {
    await this.db
      .insertInto('sms_notices')
      .values({ mobile, template, params_json: JSON.stringify(params), created_at: Date.now() })
      .execute();
    this.log.info({ mobile, template, params }, 'sms outbox: notice (not sent to a phone)');
  }
}
