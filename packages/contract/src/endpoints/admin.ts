/**
 * Endpoints of the staff console (BACKOFFICE.md), under `/api/admin/…`. Each declares `auth: 'staff'`
 * and its `permission` (domain/staff.ts), except sign-in. The session is an HttpOnly cookie; a write
 * (POST) also sends the session's `x-csrf-token` header, answered by login and me. Times are epoch
 * milliseconds: the console shows them in its viewer's time zone.
 */
import { z } from 'zod';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../domain/staff.js';
import { reasonIssue } from '../reason-issue.js';
import { pageOf, pageQuery } from '../schemas/common.js';
import { auditLine, staffCredentials, staffMe, staffMember, staffRole, staffUsername } from '../schemas/staff.js';
import { defineEndpoint } from './define.js';

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/login',
  input: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(STAFF_PASSWORD_MAX),
    /** The 6-digit TOTP code of the staff member's authenticator app (RFC 6238, 30 s). */
    code: z.string().regex(/^\d{6}$/, { error: reasonIssue('smsCodeFormat') }),
  }),
  data: staffMe,
  auth: 'none',
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/logout',
  input: z.object({}),
  data: z.null(),
  auth: 'staff',
  permission: 'self',
});

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/admin/auth/me',
  input: z.object({}),
  data: staffMe,
  auth: 'staff',
  permission: 'self',
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/password',
  input: z.object({
    currentPassword: z.string().min(1).max(STAFF_PASSWORD_MAX),
    newPassword: z
      .string()
      .min(STAFF_PASSWORD_MIN, { error: reasonIssue('staffPasswordWeak') })
      .max(STAFF_PASSWORD_MAX, { error: reasonIssue('staffPasswordWeak') }),
  }),
  data: staffMe,
  auth: 'staff',
  permission: 'self',
});

export const listStaff = defineEndpoint({
  method: 'GET',
  path: '/api/admin/staff/list',
  input: z.object({}),
  data: z.object({ list: z.array(staffMember) }),
  auth: 'staff',
  permission: 'staff.read',
});

export const addStaff = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff/add',
  input: z.object({ username: staffUsername, role: staffRole }),
  data: staffCredentials,
  auth: 'staff',
  permission: 'staff.write',
});

/** Disables a staff member and ends their sessions. */
export const disableStaff = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff/disable',
  input: z.object({ username: staffUsername }),
  data: z.null(),
  auth: 'staff',
  permission: 'staff.write',
});

/**
 * Gives a staff member a new one-time password and TOTP secret, ends their sessions, lifts a lock and
 * enables the account again; the next sign-in changes the password.
 */
export const resetStaff = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff/reset',
  input: z.object({ username: staffUsername }),
  data: staffCredentials,
  auth: 'staff',
  permission: 'staff.write',
});

export const auditLog = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit',
  input: z.object({
    ...pageQuery,
    /** The actor's username. */
    staff: z.string().trim().max(64).optional(),
    /** An action, or an area with a trailing `.` (e.g. `auth.`). */
    action: z.string().trim().max(64).optional(),
    target: z.string().trim().max(128).optional(),
    /** From this time (inclusive) to that time (exclusive), epoch ms. */
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
  }),
  data: pageOf(auditLine),
  auth: 'staff',
  permission: 'audit.read',
});

export * from './admin-cards.js';
export * from './admin-catalogue.js';
export * from './admin-content.js';
export * from './admin-dashboard.js';
export * from './admin-inventory.js';
export * from './admin-orders.js';
export * from './admin-payments.js';
export * from './admin-realname.js';
