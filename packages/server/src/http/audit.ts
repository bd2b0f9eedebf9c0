/**
 * The audit log (BACKOFFICE.md "Staff, roles, audit"): the one helper every staff write calls, inside
 * the write's own transaction, so the change and its line commit together or not at all. Lines are
 * only ever inserted: no endpoint or command changes or deletes one.
 */
import type { DbOrTx } from '../db/database.js';
import { maskPersonalData } from '../observability/redact.js';
import type { StaffSession } from './staff-sessions.js';

/** Who acts: a staff member (with the request's address), the operator CLI, or a sign-in attempt. */
export interface AuditActor {
  staffId: number | null;
  /** The staff member's username; `cli`; or the username a failed sign-in tried. */
  name: string;
  ip: string | null;
}

export const CLI_ACTOR: AuditActor = { staffId: null, name: 'cli', ip: null };

/** The actor of a staff request. */
export function staffActor(session: StaffSession, ip: string): AuditActor {
  return { staffId: session.staffId, name: session.username, ip };
}

export interface AuditEntry {
  /** `<area>.<verb>`, e.g. `staff.add`, `auth.loginFailed`. */
  action: string;
  /** What was acted on, e.g. `staff:alice`, `order:HK2026…`. */
  target: string;
  /** The fields before the change (null for a creation). Only fields that changed are kept. */
  before?: Record<string, unknown> | null;
  /** The fields after the change (null for a deletion). */
  after?: Record<string, unknown> | null;
}

const ACTOR_MAX = 64;
const TARGET_MAX = 128;

/** Keeps the fields whose value differs between before and after (all of them when one side is null). */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const pick = (side: Record<string, unknown>) => Object.fromEntries(changed.map((k) => [k, side[k] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/** JSON with ID numbers and mobiles masked and password- or secret-named fields censored. */
function sealed(fields: Record<string, unknown> | null): string | null {
  return fields ? maskPersonalData(JSON.stringify(fields)) : null;
}

/**
 * Appends one audit line. Call it with the transaction of the write it records (`db` only for what has
 * no transaction, like a failed sign-in).
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry, now = Date.now()): Promise<void> {
  const { before, after } = changedFields(entry.before ?? null, entry.after ?? null);
  await db
    .insertInto('audit_log')
    .values({
      at: now,
      staff_id: actor.staffId,
      actor: maskPersonalData(actor.name).slice(0, ACTOR_MAX),
      ip: actor.ip,
      action: entry.action,
      target: maskPersonalData(entry.target).slice(0, TARGET_MAX),
      before_json: sealed(before),
      after_json: sealed(after),
    })
    .execute();
}
