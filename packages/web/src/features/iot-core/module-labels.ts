/**
 * Labels of the layout's modules (SCREENS §3–4 simLayout: home menus, 我的 entries, tab bar items, menu
 * groups). A known module shows the catalogue's label in the active locale unless the shop named it
 * itself: a configured name counts as the shop's own when it is not empty and differs from every default
 * name of that module (its catalogue label in any locale, in any place it appears). So a layout that keeps
 * the default 套餐订购 reads "Buy a plan" in English, and one that renamed it 流量超市 keeps 流量超市.
 * An unknown module (a key the app does not know, a tab to a page of the shop's own) shows its name.
 *
 * The labels are read here, in the language given (`i18n.language`), not through the catalogue: telling
 * a default name needs every locale's labels anyway, and the shop's first screens do not carry them.
 */
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../../i18n';
import { modules } from '../../i18n/sections/modules';

export type ModulePlace = 'menu' | 'user' | 'tab' | 'group';

type Labels = Record<ModulePlace, Record<string, string>>;

function labelsOf(language: string): Labels {
  const locale = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : FALLBACK_LOCALE;
  return modules[locale] as unknown as Labels;
}

/** Every default name of a module code, across places and locales. */
const DEFAULT_NAMES = new Map<string, Set<string>>();
for (const locale of LOCALES) {
  const labels = labelsOf(locale);
  for (const place of Object.keys(labels) as ModulePlace[]) {
    for (const [code, name] of Object.entries(labels[place])) {
      const key = place === 'group' ? `group:${code}` : code;
      DEFAULT_NAMES.set(key, (DEFAULT_NAMES.get(key) ?? new Set()).add(name));
    }
  }
}

function isKnown(place: ModulePlace, code: string): boolean {
  return labelsOf('zh-Hans')[place][code] !== undefined;
}

function translate(language: string, place: ModulePlace, code: string): string {
  return labelsOf(language)[place][code] ?? code;
}

/** Whether `name` is one of the default names of the module `code` (so not the shop's own). */
export function isDefaultModuleName(place: ModulePlace, code: string, name: string): boolean {
  const trimmed = name.trim();
  if (!trimmed) return true;
  return DEFAULT_NAMES.get(place === 'group' ? `group:${code}` : code)?.has(trimmed) ?? false;
}

/** The label of a module at a place of the layout (see the file's head). */
export function moduleLabel(language: string, place: ModulePlace, code: string, configured: string): string {
  if (isKnown(place, code) && isDefaultModuleName(place, code, configured)) return translate(language, place, code);
  return configured.trim() || code;
}

/** The pages a tab bar item may open that are modules of their own; other paths are matched to menus. */
const TAB_PATHS: Record<string, string> = {
  '/pages/iot/index/index': 'home',
  '/pages-sub/iot/task/index': 'task',
  '/pages-sub/iot/user/index': 'user',
};

/** The label of a tab bar item, by the module its path opens (tabs have no key). */
export function tabLabel(language: string, path: string, text: string): string {
  const route = (path.trim().split('?')[0] ?? '').replace(/^(?!\/)/, '/');
  const code = TAB_PATHS[route];
  return code ? moduleLabel(language, 'tab', code, text) : text;
}

/**
 * The title of a menu group of 更多服务: a known group code (service, business, device, benefit, user),
 * or a group the layout wrote as one of the default names; any other group is the shop's own title.
 */
export function groupLabel(language: string, group: string): string {
  const trimmed = group.trim();
  if (!trimmed) return trimmed;
  if (isKnown('group', trimmed)) return translate(language, 'group', trimmed);
  const code = Object.keys(labelsOf('zh-Hans').group).find((c) => isDefaultModuleName('group', c, trimmed));
  return code ? translate(language, 'group', code) : trimmed;
}
