/**
 * The shop's translator (ADR 0027): the part of i18next the shop uses, in about 1 KB instead of 16 KB
 * gzip on every first screen. It keeps i18next's interface (typed by i18next's own declarations, so a
 * key the catalogue lacks is still a compile error) and its behaviour for what the catalogue holds:
 *
 * - nested keys (`numbers.search`), one namespace (`translation`);
 * - `{{name}}` filled from the options (a value given as `undefined` or `null` is empty, a value not
 *   given leaves the placeholder, as i18next does), no escaping;
 * - plurals by `count`: `key_zero` for 0 when there is one, else the locale's `Intl.PluralRules`
 *   category (`key_one`, `key_many`, `key_other`), else `key`;
 * - the fallback language's text when the active one lacks a key (when its catalogue is loaded), else
 *   the key itself, reported to `missingKeyHandler`;
 * - `languageChanged` and the store's `added` events, `getFixedT`, `getResource`, `addResourceBundle`.
 *
 * Anything else of i18next (formatters, contexts, nesting, returned objects) is not there: the types
 * allow only the members below, and `i18n/translator.test.ts` holds the behaviour.
 */
import type { i18n as I18next, InitOptions, ResourceStore, TFunction } from 'i18next';

export type ShopI18n = Pick<
  I18next,
  't' | 'getFixedT' | 'changeLanguage' | 'getResource' | 'addResourceBundle' | 'on' | 'off' | 'init'
> & {
  readonly language: string;
  readonly isInitialized: boolean;
  readonly store: Pick<ResourceStore, 'on'>;
};

type Tree = { [key: string]: unknown };
type Listener = (...args: unknown[]) => void;
type Options = Record<string, unknown> & { count?: unknown; lng?: string };

const NAMESPACE = 'translation';
const resources = new Map<string, Tree>();
const listeners = new Map<string, Set<Listener>>();
const storeListeners = new Map<string, Set<Listener>>();
const pluralRules = new Map<string, Intl.PluralRules>();
let language = '';
let initialized = false;
let fallback: string[] = [];
let onMissing: InitOptions['missingKeyHandler'] = false;

function emit(registry: Map<string, Set<Listener>>, event: string, ...args: unknown[]): void {
  for (const listener of registry.get(event) ?? []) listener(...args);
}

function listen(registry: Map<string, Set<Listener>>, event: string, listener: Listener): void {
  let set = registry.get(event);
  if (!set) {
    set = new Set();
    registry.set(event, set);
  }
  set.add(listener);
}

function lookup(lng: string, key: string): unknown {
  let node: unknown = resources.get(lng);
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

function interpolate(text: string, options: Options | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(options, name)) return whole;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function translate(lng: string, key: unknown, options?: Options): string {
  if (typeof key !== 'string') return String(key);
  const count = typeof options?.count === 'number' ? options.count : undefined;
  for (const code of [options?.lng ?? lng, ...fallback]) {
    const candidates =
      count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralOf(code, count)}`, key];
    for (const candidate of candidates) {
      const text = lookup(code, candidate);
      if (typeof text === 'string') return interpolate(text, options);
    }
  }
  if (typeof onMissing === 'function') onMissing([lng], NAMESPACE, key, key, false, {});
  return key;
}

function mergeInto(target: Tree, source: Tree, overwrite: boolean): void {
  for (const [name, value] of Object.entries(source)) {
    const current = target[name];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const branch = current && typeof current === 'object' ? (current as Tree) : {};
      target[name] = branch;
      mergeInto(branch, value as Tree, overwrite);
    } else if (overwrite || current === undefined) {
      target[name] = value;
    }
  }
}

function fixedT(lng?: string | readonly string[] | null): TFunction {
  return ((key: unknown, options?: Options) =>
    translate(typeof lng === 'string' ? lng : language, key, options)) as unknown as TFunction;
}

const i18n = {
  get language() {
    return language;
  },
  get isInitialized() {
    return initialized;
  },
  t: ((key: unknown, options?: Options) => translate(language, key, options)) as unknown as TFunction,
  getFixedT: fixedT,
  init(options: InitOptions = {}) {
    for (const [lng, bundles] of Object.entries(options.resources ?? {})) {
      const tree = (bundles as Record<string, Tree>)[NAMESPACE];
      if (tree) i18n.addResourceBundle(lng, NAMESPACE, tree, true, true);
    }
    const fallbackLng = options.fallbackLng;
    fallback = typeof fallbackLng === 'string' ? [fallbackLng] : Array.isArray(fallbackLng) ? [...fallbackLng] : [];
    onMissing = options.saveMissing ? options.missingKeyHandler : false;
    language = options.lng ?? fallback[0] ?? '';
    initialized = true;
    emit(listeners, 'initialized', options);
    emit(listeners, 'languageChanged', language);
    return Promise.resolve(i18n.t);
  },
  changeLanguage(lng?: string) {
    if (lng && lng !== language) {
      language = lng;
      emit(listeners, 'languageChanged', lng);
    }
    return Promise.resolve(i18n.t);
  },
  getResource(lng: string, _ns: string, key: string) {
    return lookup(lng, key);
  },
  addResourceBundle(lng: string, _ns: string, bundle: Tree, _deep?: boolean, overwrite?: boolean) {
    let tree = resources.get(lng);
    if (!tree) {
      tree = {};
      resources.set(lng, tree);
    }
    mergeInto(tree, bundle, overwrite ?? false);
    emit(storeListeners, 'added', lng, NAMESPACE);
    return i18n;
  },
  on(event: string, listener: Listener) {
    listen(listeners, event, listener);
  },
  off(event: string, listener?: Listener) {
    if (listener) listeners.get(event)?.delete(listener);
    else listeners.delete(event);
  },
  store: {
    on(event: string, listener: Listener) {
      listen(storeListeners, event, listener);
    },
  },
};

export default i18n as unknown as ShopI18n;
