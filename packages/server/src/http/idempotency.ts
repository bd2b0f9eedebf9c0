/**
 * Once per idempotency key (BACKOFFICE.md: "a double click never does it twice"): a staff money action
 * claims its key in `idempotency_keys` before it runs and stores its answer when it succeeds. The same key
 * again answers the stored answer and does nothing; a call that meets the key while the first still runs
 * waits for that answer. A refused first call gives its key back, so a later call tries afresh (and is
 * refused the same way while nothing has changed). A key belongs to one action on one target: meeting it
 * for another is refused (`duplicateRequest`). A claim abandoned by a process that stopped mid-action
 * is taken over after ABANDONED_CLAIM_MS.
 */
import type { DbOrTx } from '../db/database.js';
import { fail } from './app-error.js';

export interface IdempotentClaim {
  key: string;
  /** The audit action it guards, e.g. `order.refund`. */
  action: string;
  /** The audit target, e.g. `order:<sn>`. */
  target: string;
  staffId: number | null;
}

/** How often a waiting call looks for the first call's answer, and for how long at most. */
const POLL_MS = 25;
const WAIT_MS = 20_000;
/**
 * A claim this old without an answer was left by a process that stopped mid-action (an action is bounded
 * by the gateways' timeouts, seconds): the next call with its key takes it over. What the action moves is
 * guarded below it too (a conditional state move, a refund claimed once per payment).
 */
export const ABANDONED_CLAIM_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` once for the key and answers its result; a repeated or concurrent call answers the same. */
export async function onceByKey<T>(db: DbOrTx, claim: IdempotentClaim, work: () => Promise<T>, now = Date.now()) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        idem_key: claim.key,
        action: claim.action,
        target: claim.target,
        staff_id: claim.staffId,
        answer_json: null,
        at: now,
      })
      .onConflict((oc) => oc.column('idem_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
      let answer: T;
      try {
        answer = await work();
      } catch (error) {
        await db.deleteFrom('idempotency_keys').where('idem_key', '=', claim.key).execute();
        throw error;
      }
      await db
        .updateTable('idempotency_keys')
        .set({ answer_json: JSON.stringify(answer ?? null) })
        .where('idem_key', '=', claim.key)
        .execute();
      return answer;
    }
    // Someone holds the key: its answer, once there is one.
    for (;;) {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['action', 'target', 'answer_json', 'at'])
        .where('idem_key', '=', claim.key)
        .executeTakeFirst();
      if (!row) break; // the first call was refused: claim it again
      if (row.action !== claim.action || row.target !== claim.target) throw fail('duplicateRequest');
      if (row.answer_json !== null) return JSON.parse(row.answer_json) as T;
      if (row.at + ABANDONED_CLAIM_MS < now) {
        await db
          .deleteFrom('idempotency_keys')
          .where('idem_key', '=', claim.key)
          .where('answer_json', 'is', null)
          .where('at', '=', row.at)
          .execute();
        break;
      }
      if (Date.now() > deadline) throw fail('serverBusy');
      await sleep(POLL_MS);
    }
  }
}
