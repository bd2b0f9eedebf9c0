/**
 * Staff roles and what each may do (BACKOFFICE.md "Staff, roles, audit"): one table, read by the server's
 * binding for every admin endpoint (its `permission`) and by the console to hide what a role cannot do.
 */

export const STAFF_ROLES = ['owner', 'operator', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Every permission an admin endpoint can declare. `<area>.read` lists and views, `<area>.write` changes,
 * `<area>.note` adds an internal note, `cards.balance` adjusts a card's balance (money: owner and finance).
 * Later console modules pick theirs from here.
 */
export const STAFF_PERMISSIONS = [
  'staff.read',
  'staff.write',
  'audit.read',
  'dashboard.read',
  'orders.read',
  'orders.write',
  'orders.note',
  'inventory.read',
  'inventory.write',
  'cards.read',
  'cards.write',
  'cards.note',
  'cards.balance',
  'content.read',
  'content.write',
  'payments.read',
  'refunds.write',
  'ledgers.read',
  'exports.read',
  'system.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const READS = STAFF_PERMISSIONS.filter((p) => p.endsWith('.read') && !p.startsWith('staff.') && p !== 'audit.read');

/**
 * Roles → permissions. Owner: everything, including staff and the audit log. Operator: orders, inventory,
 * cards, content. Finance: payments, refunds, ledgers, exports, and card balances (reading cards to find
 * them). Support: reads, plus notes on orders and
 * cards. Staff management and the audit log stay the owner's.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  owner: STAFF_PERMISSIONS,
  operator: [
    'dashboard.read',
    'orders.read',
    'orders.write',
    'orders.note',
    'inventory.read',
    'inventory.write',
    'cards.read',
    'cards.write',
    'cards.note',
    'content.read',
    'content.write',
  ],
  finance: [
    'dashboard.read',
    'orders.read',
    'cards.read',
    'cards.balance',
    'payments.read',
    'refunds.write',
    'ledgers.read',
    'exports.read',
  ],
  support: [...READS.filter((p) => p !== 'exports.read'), 'orders.note', 'cards.note'],
};

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Sign-in names: 3–32 lowercase letters, digits, `.`, `_` or `-`, starting with a letter. */
export const STAFF_USERNAME_RE = /^[a-z][a-z0-9._-]{2,31}$/;
/** The shortest password a staff member may choose. */
export const STAFF_PASSWORD_MIN = 10;
export const STAFF_PASSWORD_MAX = 128;

/** The header a staff write carries, equal to the session's CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';
/** The session cookie's name. */
export const STAFF_COOKIE = 'haoka_staff';
