/**
 * SimLayout menus (SCREENS §3): only switch=1 items show; the home grid shows the first maxMenuTimes
 * (default 10, spec §9) then 更多; a path starting http opens in the web view.
 */
import { DEFAULT_MAX_MENU_TIMES, isUrl, type Menu } from '@haoka/contract';
import { buildUrl } from '../../platform/navigation';

export const MORE_MENU_PATH = '/pages/iot/index/moreMenu/index';
export const IOT_CUSTOMER_PATH = '/pages/iot/index/customer/index';
/** 智能诊断 (issue 25, features/iot-care). */
export const DIAGNOSIS_PATH = '/pages/iot/index/diagnosis/index';
/** 用量提醒 (issue 25): the card's alert settings. */
export const ALERTS_PATH = '/pages/iot/index/alerts/index';
export const WEBVIEW_PATH = '/pages/webview/index';

export function visibleMenus(menus: readonly Menu[]): Menu[] {
  return menus.filter((m) => m.switch === 1);
}

/** The home grid: the first `max` visible menus, and whether a 更多 cell follows. */
export function homeMenus(menus: readonly Menu[], maxMenuTimes: number | undefined): { items: Menu[]; more: boolean } {
  const max = maxMenuTimes && maxMenuTimes > 0 ? maxMenuTimes : DEFAULT_MAX_MENU_TIMES;
  const visible = visibleMenus(menus);
  return { items: visible.slice(0, max), more: visible.length > max };
}

/** Menus by `group`, groups in order of first appearance; an ungrouped menu goes under `fallback`. */
export function groupMenus(menus: readonly Menu[], fallback: string): { group: string; items: Menu[] }[] {
  const groups = new Map<string, Menu[]>();
  for (const menu of visibleMenus(menus)) {
    const group = menu.group?.trim() || fallback;
    groups.set(group, [...(groups.get(group) ?? []), menu]);
  }
  return Array.from(groups, ([group, items]) => ({ group, items }));
}

/** Where a layout path (menu, carousel, tab) leads: an internal route, or the web view for an http URL. */
export function layoutTarget(path: string, title = ''): string | null {
  const target = path.trim();
  if (!target) return null;
  if (isUrl(target)) return buildUrl(WEBVIEW_PATH, { url: target, title });
  return buildUrl(target.startsWith('/') ? target : `/${target}`);
}
