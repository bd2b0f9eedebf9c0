/**
 * The SMS log (issue 23 item 4): every message the app asks its SMS gateway to send, whatever the gateway,
 * is written to `sms_log` with the mobile masked (and a keyed hash to search by), its purpose and template,
 * the provider's answer and the messages billed. The app wraps its gateway once (app.ts); a failed log
 * write is itself logged and never fails the send, and the send's own answer is passed on unchanged.
 */
import { maskMobile } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { type SmsGateway, SmsRefusal } from '../../gateways/sms/sms-gateway.js';
import { purposeOfNotice } from '../../gateways/sms/templates.js';
import { lookupHash } from '../../lib/personal-data.js';
import * as repo from './repository.js';

/** The keyed hash the log keeps of a mobile, so staff can find a number's messages. */
export const smsLogMobileHash = (mobile: string) => lookupHash('sms-log', mobile);

/** What a provider's refusal says, kept short: its code, message and request id. */
function answerOf(error: unknown): string {
  const text =
    error instanceof SmsRefusal
      ? `${error.code}: ${error.message}${error.requestId ? ` (${error.requestId})` : ''}`
      : error instanceof Error
        ? error.message
        : String(error);
  return text.slice(0, 300);
}

export class LoggedSmsGateway implements SmsGateway {
  constructor(
    private readonly inner: SmsGateway,
    private readonly deps: { db: DbOrTx; log: Pick<AppContext['log'], 'error'>; now: () => number },
  ) {}

  get name(): string {
    return this.inner.name;
  }

  send(mobile: string, scene: string, code: string): Promise<void> {
    return this.#logged(mobile, scene, scene, () => this.inner.send(mobile, scene, code));
  }

  notify(mobile: string, template: string, params: Record<string, string>): Promise<void> {
    return this.#logged(mobile, purposeOfNotice(template), template, () => this.inner.notify(mobile, template, params));
  }

  async #logged(mobile: string, purpose: string, template: string, send: () => Promise<void>): Promise<void> {
    let failure: unknown;
    let failed = false;
    try {
      await send();
    } catch (error) {
      failed = true;
      failure = error;
    }
    try {
      await repo.insertSmsLog(this.deps.db, {
        mobile_masked: maskMobile(mobile),
        mobile_hash: smsLogMobileHash(mobile),
        purpose,
        template: template.slice(0, 64),
        provider: this.inner.name,
        ok: failed ? 0 : 1,
        answer: failed ? answerOf(failure) : 'OK',
        // One message billed per send the provider took (a code or a notice fits in one message).
        cost: failed ? 0 : 1,
        created_at: this.deps.now(),
      });
    } catch (err) {
      this.deps.log.error({ err, gateway: this.inner.name, purpose }, 'sms log write failed');
    }
    if (failed) throw failure;
  }
}
