/**
 * The mine menu (SCREENS §1 user/index2): its default items, and the promoter's `shopMenu` applied by key.
 * A shopMenu entry with a known key can hide the item (switch 0), rename it and re-point it; known items
 * it lists come first, in its order, then the others in the default order. An entry with an unknown key
 * and a path adds an item of the promoter's own. A name that is the item's default name in one of the
 * app's languages is no renaming: the item keeps the catalogue's label in the active language.
 */
import type { ShopMenuItem } from '@haoka/contract';
import { LOCALES } from '../../i18n';
import { user } from '../../i18n/sections/user';
import { CARD_LOGIN_PATH, CUSTOMER_PATH, IOT_HOME_PATH } from '../../platform/navigation';

export type MenuKey = 'order' | 'iot' | 'customer' | 'faq' | 'payment' | 'promise' | 'about';

export interface UserMenuItem {
  key: string;
  /** Catalogue key of the default label; absent for the promoter's own items. */
  labelKey?: `user.menu.${MenuKey}`;
  /** The promoter's name for the item, which wins over the default label. */
  name?: string;
  path: string;
}

export const ORDER_PATH = '/pages/order/index';

/** Whether `name` is the default name of the menu item `key` in one of the app's languages. */
export function isDefaultMenuName(key: string, name: string): boolean {
  return LOCALES.some((locale) => (user[locale].menu as Record<string, string>)[key] === name.trim());
}

export function defaultMenu(simNo: string): UserMenuItem[] {
  const item = (key: MenuKey, path: string): UserMenuItem => ({ key, labelKey: `user.menu.${key}`, path });
  return [
    item('order', ORDER_PATH),
    item('iot', simNo ? IOT_HOME_PATH : CARD_LOGIN_PATH),
    item('customer', CUSTOMER_PATH),
    item('faq', '/pages/customer/question/index'),
    item('payment', '/pages/about/payment'),
    item('promise', '/pages/about/promise'),
    item('about', '/pages/about/textTemplate'),
  ];
}

export function buildUserMenu(shopMenu: readonly ShopMenuItem[], options: { simNo: string }): UserMenuItem[] {
  const defaults = defaultMenu(options.simNo);
  const known = new Set(defaults.map((d) => d.key));
  const overrides = new Map(shopMenu.map((m, index) => [m.key, { ...m, index }]));

  const items: (UserMenuItem & { rank: number })[] = [];
  defaults.forEach((d, index) => {
    const o = overrides.get(d.key);
    if (!o) {
      items.push({ ...d, rank: shopMenu.length + index });
      return;
    }
    if (o.switch === 0) return;
    items.push({
      ...d,
      ...(o.name.trim() && !isDefaultMenuName(d.key, o.name) ? { name: o.name.trim() } : {}),
      path: o.path.trim() || d.path,
      rank: o.index,
    });
  });
  for (const [key, o] of overrides) {
    if (known.has(key) || o.switch === 0 || !o.path.trim() || !o.name.trim()) continue;
    items.push({ key, name: o.name.trim(), path: o.path.trim(), rank: o.index });
  }
  return items.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...item }) => item);
}
