/** Schemas of the staff console's answers (endpoints/admin.ts), shared by the server and the console. */
import { z } from 'zod';
import { STAFF_PERMISSIONS, STAFF_ROLES, STAFF_USERNAME_RE } from '../domain/staff.js';
import { reasonIssue } from '../reason-issue.js';

export const staffRole = z.enum(STAFF_ROLES);
export const staffPermission = z.enum(STAFF_PERMISSIONS);
export const staffUsername = z
  .string()
  .trim()
  .regex(STAFF_USERNAME_RE, { error: reasonIssue('staffUsernameInvalid') });
const epochMs = z.number().int().min(0);

/** Who is signed in: what the console reads on start and after sign-in. */
export const staffMe = z.object({
  username: z.string(),
  role: staffRole,
  permissions: z.array(staffPermission),
  /** Every other endpoint answers 403 staffPasswordChangeRequired until the password is changed. */
  mustChangePassword: z.boolean(),
  /** The value of the `x-csrf-token` header on writes. */
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof staffMe>;

/** A staff member as the owner's list shows them. */
export const staffMember = z.object({
  username: z.string(),
  role: staffRole,
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Set while five failed sign-ins keep the account locked. */
  lockedUntil: epochMs.nullable(),
  lastLoginAt: epochMs.nullable(),
  createdAt: epochMs,
});
export type StaffMember = z.infer<typeof staffMember>;

/** A new or reset staff member's one-time credentials: shown once, never stored in clear. */
export const staffCredentials = z.object({
  username: z.string(),
  /** The one-time password; the first sign-in changes it. */
  password: z.string(),
  /** The TOTP secret (base32) and the same as an `otpauth://` URI for a QR code. */
  totpSecret: z.string(),
  totpUri: z.string(),
});
export type StaffCredentials = z.infer<typeof staffCredentials>;

/** One audit line: who did what to which target, from where, and the changed fields (personal data masked). */
export const auditLine = z.object({
  id: z.number().int(),
  at: epochMs,
  /** The staff member's username; `cli` for the operator CLI; the name tried for a failed sign-in. */
  actor: z.string(),
  ip: z.string().nullable(),
  /** `<area>.<verb>`, e.g. `auth.login`, `auth.loginFailed`, `auth.lockout`, `staff.add`. */
  action: z.string(),
  /** What was acted on, e.g. `staff:alice`. */
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLine = z.infer<typeof auditLine>;
