import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, roleMay, STAFF_PERMISSIONS, STAFF_ROLES, STAFF_USERNAME_RE } from './staff.js';

describe('the role table (BACKOFFICE.md "Roles")', () => {
  it('gives the owner every permission, and staff and the audit log to the owner alone', () => {
    expect([...ROLE_PERMISSIONS.owner]).toEqual([...STAFF_PERMISSIONS]);
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      for (const p of ['staff.read', 'staff.write', 'audit.read'] as const)
        expect(roleMay(role, p), `${role} ${p}`).toBe(false);
    }
  });

  it('names only known permissions, each once', () => {
    for (const role of STAFF_ROLES) {
      const granted = ROLE_PERMISSIONS[role];
      expect(new Set(granted).size, role).toBe(granted.length);
      for (const p of granted) expect(STAFF_PERMISSIONS, role).toContain(p);
    }
  });

  it('lets the operator run orders, inventory, cards and content, but not money', () => {
    for (const p of ['orders.write', 'inventory.write', 'cards.write', 'content.write'] as const) {
      expect(roleMay('operator', p), p).toBe(true);
    }
    for (const p of ['refunds.write', 'payments.read', 'ledgers.read', 'exports.read'] as const) {
      expect(roleMay('operator', p), p).toBe(false);
    }
  });

  it('lets finance handle payments, refunds, ledgers and exports, and change nothing else', () => {
    for (const p of ['payments.read', 'refunds.write', 'ledgers.read', 'exports.read'] as const) {
      expect(roleMay('finance', p), p).toBe(true);
    }
    const writes = ROLE_PERMISSIONS.finance.filter((p) => !p.endsWith('.read'));
    expect(writes.sort()).toEqual(['cards.balance', 'refunds.write']);
  });

  it('lets only the owner and finance adjust a card balance', () => {
    expect(STAFF_ROLES.filter((role) => roleMay(role, 'cards.balance'))).toEqual(['owner', 'finance']);
    expect(roleMay('finance', 'cards.read')).toBe(true);
    expect(roleMay('finance', 'cards.write')).toBe(false);
  });

  it('lets support read and add notes on orders and cards, and write nothing else', () => {
    const notReads = ROLE_PERMISSIONS.support.filter((p) => !p.endsWith('.read'));
    expect(notReads.sort()).toEqual(['cards.note', 'orders.note']);
    expect(roleMay('support', 'orders.read')).toBe(true);
    expect(roleMay('support', 'refunds.write')).toBe(false);
  });
});

describe('STAFF_USERNAME_RE', () => {
  it.each(['boss', 'ana.li', 'ops_2', 'a-b'])('accepts %s', (name) => expect(STAFF_USERNAME_RE.test(name)).toBe(true));
  it.each(['ab', '1abc', 'Boss', 'a b', 'a'.repeat(33), '张三'])('refuses %s', (name) =>
    expect(STAFF_USERNAME_RE.test(name)).toBe(false),
  );
});
