/** The console's pages: path, menu label and the permission that shows them (read by the menu and the routes). */
import type { StaffPermission, StaffRole } from '@haoka/contract';
import { roleMay } from '@haoka/contract';

export interface NavItem {
  path: string;
  label: 'nav.orders' | 'nav.realname' | 'nav.inventory' | 'nav.staff' | 'nav.audit';
  permission: StaffPermission;
}

export const NAV: readonly NavItem[] = [
  { path: '/orders', label: 'nav.orders', permission: 'orders.read' },
  { path: '/realname', label: 'nav.realname', permission: 'cards.read' },
  { path: '/inventory', label: 'nav.inventory', permission: 'inventory.read' },
  { path: '/staff', label: 'nav.staff', permission: 'staff.read' },
  { path: '/audit', label: 'nav.audit', permission: 'audit.read' },
];

export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => roleMay(role, item.permission));
}
