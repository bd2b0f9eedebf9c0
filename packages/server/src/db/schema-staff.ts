/** Tables of the staff console (issue 22), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

/** A staff member of the console. */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  /** 'owner' | 'operator' | 'finance' | 'support' (contract domain/staff.ts). */
  role: string;
  /** argon2id. */
  password_hash: string;
  /** The TOTP secret (base32), sealed with the data key. */
  totp_secret: string;
  /** The last 30-second step a code was accepted for: a code is accepted once (no replay). */
  totp_last_step: Generated<number>;
  /** 1 until the first sign-in (or the one after a reset) changes the password. */
  must_change_password: Generated<number>;
  disabled: Generated<number>;
  /** Failed sign-ins in a row; the fifth locks the account. */
  failed_logins: Generated<number>;
  locked_until: number | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A staff session: idle for 8 h, it ends; disable, reset and logout delete it. */
export interface StaffSessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  staff_id: number;
  csrf_token: string;
  ip: string | null;
  created_at: number;
  last_seen_at: number;
}

/** One line of the append-only audit log. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** Null for the operator CLI and for a sign-in with an unknown username. */
  staff_id: number | null;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  /** JSON of the changed fields before and after, personal data masked. */
  before_json: string | null;
  after_json: string | null;
}

/** An internal note of staff on a target (`order:<sn>`, later cards): seen by staff only (migration 0018). */
export interface StaffNotesTable {
  id: Generated<number>;
  target: string;
  staff_id: number | null;
  /** The staff member's username, or `cli`. */
  author: string;
  text: string;
  at: number;
}

/** An idempotency key of a staff money action (migration 0018): claimed first, its answer stored on success. */
export interface IdempotencyKeysTable {
  idem_key: string;
  /** The audit action it guards, e.g. `order.refund`. */
  action: string;
  target: string;
  staff_id: number | null;
  /** The first call's answer (JSON); null while that call runs. */
  answer_json: string | null;
  at: number;
}

/** A console batch job on cards (migration 0021): run in-process, polled by the page. */
export interface CardBatchJobsTable {
  id: Generated<number>;
  /** suspend | resume | resync */
  kind: string;
  /** running | done */
  status: string;
  progress: number;
  total: number;
  /** The pasted ICCIDs (JSON array), in order. */
  input_json: string;
  /** One result per card (JSON array of CardBatchResult); '[]' while running. */
  result_json: string;
  staff_id: number | null;
  staff_name: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A console batch job (migration 0020): an inventory import, run in-process and polled by the page. */
export interface AdminJobsTable {
  id: Generated<number>;
  /** What it does, e.g. `inventory.import`. */
  kind: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Rows handled so far, of `total`. */
  progress: number;
  total: number;
  /** The outcome (JSON): imported count, refused rows, a file-level error. Null until it ends. */
  result_json: string | null;
  staff_id: number | null;
  staff: string;
  at: number;
  updated_at: number;
}

/**
 * An image staff uploaded (migration 0024), kept in the database so every instance serves it without
 * file storage: keyed by the SHA-256 of its bytes, so the same image is stored once.
 */
export interface MediaTable {
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
  /** 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp', from the magic bytes. */
  mime: string;
  size: number;
  bytes: Buffer;
  created_by: number | null;
  created_at: number;
}

export interface StaffTables {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  staff_notes: StaffNotesTable;
  idempotency_keys: IdempotencyKeysTable;
  card_batch_jobs: CardBatchJobsTable;
  admin_jobs: AdminJobsTable;
  media: MediaTable;
}
