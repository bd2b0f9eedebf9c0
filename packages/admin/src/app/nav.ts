/** The console's pages: path, menu label and the permission that shows them (read by the menu and the routes). */
import type { StaffPermission, StaffRole } from '@haoka/contract';
import { roleMay } from '@haoka/contract';

export interface NavItem {
  path: string;
  label:
    | 'nav.orders'
    | 'nav.realname'
    | 'nav.inventory'
    | 'nav.cards'
    | 'nav.catalogue'
    | 'nav.staff'
    | 'nav.audit'
    | 'nav.payments'
    | 'nav.sms'
    | 'nav.dashboard'
    | 'nav.jobs'
    | 'nav.promoters'
    | 'nav.layouts';
  permission: StaffPermission;
}

export const NAV: readonly NavItem[] = [
  { path: '/orders', label: 'nav.orders', permission: 'orders.read' },
  { path: '/realname', label: 'nav.realname', permission: 'cards.read' },
  { path: '/inventory', label: 'nav.inventory', permission: 'inventory.read' },
  { path: '/cards', label: 'nav.cards', permission: 'cards.read' },
  { path: '/catalogue', label: 'nav.catalogue', permission: 'content.read' },
  { path: '/promoters', label: 'nav.promoters', permission: 'content.read' },
  { path: '/layouts', label: 'nav.layouts', permission: 'content.read' },
  { path: '/payments', label: 'nav.payments', permission: 'payments.read' },
  { path: '/sms', label: 'nav.sms', permission: 'payments.read' },
  { path: '/staff', label: 'nav.staff', permission: 'staff.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
  { path: '/dashboard', label: 'nav.dashboard', permission: 'dashboard.read' },
  { path: '/jobs', label: 'nav.jobs', permission: 'system.read' },
];

export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => roleMay(role, item.permission));
}
