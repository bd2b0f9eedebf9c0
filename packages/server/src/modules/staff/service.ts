/**
 * Staff of the console (issue 22): accounts with argon2id passwords and a TOTP second factor, sign-in
 * with lockout, sessions, and the owner's staff management. The CLI (`staff …`) and the admin endpoints
 * call the same functions; every change is written with its audit line in one transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuditLine,
  ROLE_PERMISSIONS,
  STAFF_USERNAME_RE,
  type StaffCredentials,
  type StaffMe,
  type StaffMember,
  type StaffRole,
} from '@haoka/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import type { LimitRule, RateLimiter } from '../../http/rate-limit.js';
import {
  closeStaffSession,
  openStaffSession,
  revokeStaffSessions,
  type StaffSession,
} from '../../http/staff-sessions.js';
import { hashPassword, verifyPassword } from '../../lib/argon2.js';
import { decryptPersonal, encryptPersonal } from '../../lib/personal-data.js';
import { matchTotp, newTotpSecret, totpUri } from '../../lib/totp.js';
import {
  type AuditFilter,
  countFailedLogin,
  findStaff,
  insertStaff,
  listStaffRows,
  pageAuditLog,
  type StaffRow,
  takeLoginStep,
  updateStaff,
} from './repository.js';

/** Failed sign-ins in a row that lock an account, and for how long. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** Failed sign-ins one address may make, whatever usernames it tries. */
export const LOGIN_FAILURES_PER_IP: LimitRule = { limit: 10, windowMs: 15 * 60_000 };

const ipKey = (ip: string) => `admin-login:fail-ip:${ip}`;
const target = (username: string) => `staff:${username}`;

/** A one-time password: 16 characters of base64url, about 96 bits. */
function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

/** A wrong password still costs an argon2 verification, so a sign-in does not tell which usernames exist. */
let dummyHash: Promise<string> | undefined;

async function requireStaffRow(db: DbOrTx, username: string): Promise<StaffRow> {
  const row = await findStaff(db, username);
  if (!row) throw fail('staffGone');
  return row;
}

async function newCredentials(username: string) {
  const password = oneTimePassword();
  const totpSecret = newTotpSecret();
  const credentials: StaffCredentials = { username, password, totpSecret, totpUri: totpUri(totpSecret, username) };
  return { credentials, passwordHash: await hashPassword(password), sealedSecret: encryptPersonal(totpSecret) };
}

/** Creates a staff member; answers the one-time password and TOTP secret (shown once). */
export async function addStaff(
  db: Db,
  input: { username: string; role: StaffRole },
  actor: AuditActor,
  now = Date.now(),
): Promise<StaffCredentials> {
  if (!STAFF_USERNAME_RE.test(input.username)) throw fail('staffUsernameInvalid');
  const { credentials, passwordHash, sealedSecret } = await newCredentials(input.username);
  await db.transaction().execute(async (tx) => {
    if (await findStaff(tx, input.username)) throw fail('staffExists');
    await insertStaff(tx, {
      username: input.username,
      role: input.role,
      password_hash: passwordHash,
      totp_secret: sealedSecret,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(
      tx,
      actor,
      { action: 'staff.add', target: target(input.username), after: { username: input.username, role: input.role } },
      now,
    );
  });
  return credentials;
}

/** Disables a staff member and ends their sessions. */
export async function disableStaff(db: Db, username: string, actor: AuditActor, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await requireStaffRow(tx, username);
    if (actor.staffId === row.id) throw fail('staffSelfDisable');
    await updateStaff(tx, row.id, { disabled: 1, updated_at: now });
    await revokeStaffSessions(tx, row.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.disable',
        target: target(username),
        before: { disabled: row.disabled === 1 },
        after: { disabled: true },
      },
      now,
    );
  });
}

/**
 * A new one-time password and TOTP secret: the sessions end, a lock is lifted, the account is enabled,
 * and the next sign-in changes the password.
 */
export async function resetStaff(
  db: Db,
  username: string,
  actor: AuditActor,
  now = Date.now(),
): Promise<StaffCredentials> {
  const { credentials, passwordHash, sealedSecret } = await newCredentials(username);
  await db.transaction().execute(async (tx) => {
    const row = await requireStaffRow(tx, username);
    await updateStaff(tx, row.id, {
      password_hash: passwordHash,
      totp_secret: sealedSecret,
      totp_last_step: 0,
      must_change_password: 1,
      disabled: 0,
      failed_logins: 0,
      locked_until: null,
      updated_at: now,
    });
    await revokeStaffSessions(tx, row.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'staff.reset',
        target: target(username),
        before: { disabled: row.disabled === 1, locked: isLocked(row, now), credentials: 'previous' },
        after: { disabled: false, locked: false, credentials: 'replaced' },
      },
      now,
    );
  });
  return credentials;
}

function isLocked(row: StaffRow, now: number): boolean {
  return row.locked_until !== null && row.locked_until > now;
}

export async function listStaff(db: DbOrTx, now = Date.now()): Promise<StaffMember[]> {
  const rows = await listStaffRows(db);
  return rows.map((row) => ({
    username: row.username,
    role: row.role as StaffRole,
    disabled: row.disabled === 1,
    mustChangePassword: row.must_change_password === 1,
    lockedUntil: isLocked(row, now) ? row.locked_until : null,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  }));
}

/** What the console reads about the signed-in member. */
export function meOf(staff: Pick<StaffSession, 'username' | 'role' | 'mustChangePassword' | 'csrfToken'>): StaffMe {
  return {
    username: staff.username,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    mustChangePassword: staff.mustChangePassword,
    csrfToken: staff.csrfToken,
  };
}

export interface LoginInput {
  username: string;
  password: string;
  code: string;
}

/**
 * Signs a staff member in with password and TOTP code; answers the session's cookie token and what
 * `me` answers. A code is accepted once (a replay within its window fails). Five failures in a row lock
 * the account for 15 minutes (the right password is refused meanwhile); failures are also limited per
 * address. Every attempt is audited: `auth.login`, `auth.loginFailed`, `auth.lockout`.
 */
export async function login(
  deps: { db: Db; limiter: RateLimiter },
  input: LoginInput,
  ip: string,
  now = Date.now(),
): Promise<{ token: string; me: StaffMe }> {
  const { db, limiter } = deps;
  if ((await limiter.peek(ipKey(ip), LOGIN_FAILURES_PER_IP)).count >= LOGIN_FAILURES_PER_IP.limit) {
    throw fail('tooManyRequests');
  }
  const username = input.username.toLowerCase();
  const row = await findStaff(db, username);
  const actor: AuditActor = { staffId: row?.id ?? null, name: username, ip };
  const refuse = async (reason: 'staffLoginFailed' | 'staffLocked', after: Record<string, unknown>) => {
    await limiter.hit(ipKey(ip), LOGIN_FAILURES_PER_IP);
    await recordAudit(db, actor, { action: 'auth.loginFailed', target: target(username), after }, now);
    const locked = reason === 'staffLocked' ? { lockedUntil: row?.locked_until ?? null } : null;
    return new AppError(-1, reason, locked);
  };

  if (!row || row.disabled) {
    dummyHash ??= hashPassword(oneTimePassword());
    await verifyPassword(input.password, await dummyHash);
    throw await refuse('staffLoginFailed', { cause: row ? 'disabled' : 'unknownUser' });
  }
  if (isLocked(row, now)) throw await refuse('staffLocked', { cause: 'locked' });

  const passwordOk = await verifyPassword(input.password, row.password_hash);
  const step = matchTotp(decryptPersonal(row.totp_secret), input.code, now, row.totp_last_step);
  if (!passwordOk || step === null) {
    const cause = !passwordOk ? 'password' : 'code';
    // One atomic increment in the database: concurrent guesses, other instances and restarts all count.
    const failures = (await countFailedLogin(db, row.id, now)) ?? row.failed_logins + 1;
    if (failures >= LOCK_AFTER_FAILURES) {
      const lockedUntil = now + LOCK_MS;
      row.locked_until = lockedUntil;
      // The failure first, then the lockout it causes: the log reads in the order things happened.
      const refusal = await refuse('staffLocked', { cause, failures });
      await db.transaction().execute(async (tx) => {
        await updateStaff(tx, row.id, { failed_logins: 0, locked_until: lockedUntil, updated_at: now });
        await recordAudit(tx, actor, { action: 'auth.lockout', target: target(username), after: { lockedUntil } }, now);
      });
      throw refusal;
    }
    throw await refuse('staffLoginFailed', { cause, failures });
  }

  const session = await db.transaction().execute(async (tx) => {
    // The step guard makes two sign-ins racing with one code accept at most one of them.
    if (!(await takeLoginStep(tx, row.id, step, now))) return null;
    const opened = await openStaffSession(tx, row.id, ip, now);
    await recordAudit(tx, actor, { action: 'auth.login', target: target(username) }, now);
    return opened;
  });
  if (!session) throw await refuse('staffLoginFailed', { cause: 'code' });
  return {
    token: session.token,
    me: meOf({
      username: row.username,
      role: row.role as StaffRole,
      mustChangePassword: row.must_change_password === 1,
      csrfToken: session.csrfToken,
    }),
  };
}

/** Ends the session (logout). */
export async function logout(db: Db, staff: StaffSession, actor: AuditActor, now = Date.now()): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await closeStaffSession(tx, staff.id);
    await recordAudit(tx, actor, { action: 'auth.logout', target: target(staff.username) }, now);
  });
}

/** Changes the signed-in member's password; their other sessions end. */
export async function changePassword(
  db: Db,
  staff: StaffSession,
  input: { currentPassword: string; newPassword: string },
  actor: AuditActor,
  now = Date.now(),
): Promise<StaffMe> {
  const row = await requireStaffRow(db, staff.username);
  if (!(await verifyPassword(input.currentPassword, row.password_hash))) throw fail('staffPasswordWrong');
  if (input.newPassword === input.currentPassword) throw fail('staffPasswordWeak', { field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (tx) => {
    await updateStaff(tx, row.id, { password_hash: passwordHash, must_change_password: 0, updated_at: now });
    await revokeStaffSessions(tx, row.id, staff.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'auth.passwordChange',
        target: target(staff.username),
        before: { mustChangePassword: row.must_change_password === 1, credentials: 'previous' },
        after: { mustChangePassword: false, credentials: 'replaced' },
      },
      now,
    );
  });
  return meOf({ ...staff, mustChangePassword: false });
}

export interface AuditQuery extends AuditFilter {
  page: number;
  pageSize: number;
}

function parseFields(json: string | null): Record<string, unknown> | null {
  return json ? (JSON.parse(json) as Record<string, unknown>) : null;
}

/** A page of the audit log, newest first, filtered by actor, action (or `area.`), target and time. */
export async function auditPage(db: DbOrTx, query: AuditQuery) {
  const { rows, total } = await pageAuditLog(db, query, query.page, query.pageSize);
  const list: AuditLine[] = rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    ip: row.ip,
    action: row.action,
    target: row.target,
    before: parseFields(row.before_json),
    after: parseFields(row.after_json),
  }));
  return { list, total, page: query.page, pageSize: query.pageSize };
}
