/**
 * i18n: zh-Hans is the source catalogue; zh-Hant, en, fr and es implement its exact keys (checked by the
 * compiler). Only the active locale's catalogue is loaded: the first screen waits for it (`initI18n`),
 * and a switch loads the new one before it changes the language (`setLocale`), so no key ever shows.
 */
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@haoka/contract';
import { setDefaultConfig } from 'antd-mobile';
import type { LocaleBundle } from './catalogue';
import { detectLocale, LANG_KEY } from './detect';
import type { LAZY_SECTIONS, SECTIONS } from './sections';
import i18next from './translator';
import type { zhHans } from './zh-Hans';

export { FALLBACK_LOCALE, LOCALES, type Locale, matchLocale } from '@haoka/contract';
export { detectLocale } from './detect';
export { LANGUAGE_NAMES } from './language-names';

type Sections = typeof SECTIONS & LAZY_SECTIONS;
type SectionsOf<L extends Locale> = { [K in keyof Sections]: Sections[K][L] };
/** The full source catalogue: the base strings plus every feature section, eager or lazy. */
export type SourceCatalogue = typeof zhHans & SectionsOf<'zh-Hans'>;

/** Each locale's file: its own chunk in the build. */
const LOADERS: Record<Locale, () => Promise<{ default: LocaleBundle }>> = {
  'zh-Hans': () => import('./locales/zh-Hans'),
  'zh-Hant': () => import('./locales/zh-Hant'),
  en: () => import('./locales/en'),
  fr: () => import('./locales/fr'),
  es: () => import('./locales/es'),
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: SourceCatalogue };
  }
}

/** The locales whose catalogue is loaded, with antd-mobile's texts in each. */
const bundles = new Map<Locale, LocaleBundle>();
const loads = new Map<Locale, Promise<void>>();

function addBundle(locale: Locale, bundle: LocaleBundle): void {
  i18next.addResourceBundle(locale, 'translation', { ...bundle.catalogue, ...registeredOf(locale) }, true, true);
}

/** Loads a locale's catalogue once (a failed load, offline, is tried again next time). */
export function loadLocale(locale: Locale): Promise<void> {
  let load = loads.get(locale);
  if (!load) {
    load = LOADERS[locale]().then(
      ({ default: bundle }) => {
        bundles.set(locale, bundle);
        if (i18next.isInitialized) addBundle(locale, bundle);
      },
      (error: unknown) => {
        loads.delete(locale);
        throw error;
      },
    );
    loads.set(locale, load);
  }
  return load;
}

/** antd-mobile's own texts (its global config, also read by imperative dialogs) in a loaded locale. */
function applyAntdLocale(locale: Locale): void {
  const bundle = bundles.get(locale);
  if (bundle) setDefaultConfig({ locale: bundle.antd });
}

/**
 * Switches the language and remembers the choice: the locale's catalogue first (loaded once), then
 * every mounted text re-renders in it (the components read the catalogue through `i18n/react.tsx`);
 * nothing else is reloaded or fetched again. Rejects, changing nothing, when the catalogue cannot load.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  try {
    localStorage.setItem(LANG_KEY, locale);
  } catch {
    // not persisted; still switch for this visit
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  applyAntdLocale(locale);
  await i18next.changeLanguage(locale);
}

/** The active locale (one of LOCALES; the fallback before i18next starts). */
export function currentLocale(): Locale {
  const language = i18next.language;
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : FALLBACK_LOCALE;
}

/** Lazy sections registered before i18next was initialised, added at init. */
const registered: Partial<{ [K in keyof LAZY_SECTIONS]: LAZY_SECTIONS[K] }> = {};

/** Adds a lazy section in every locale (idempotent); its feature calls this when its code loads. */
export function registerSection<K extends keyof LAZY_SECTIONS>(key: K, section: LAZY_SECTIONS[K]): void {
  if (registered[key]) return;
  registered[key] = section;
  if (!i18next.isInitialized) return;
  for (const l of bundles.keys()) i18next.addResourceBundle(l, 'translation', { [key]: section[l] }, true, true);
}

function registeredOf(locale: Locale) {
  return Object.fromEntries(Object.entries(registered).map(([key, section]) => [key, section[locale]]));
}

/**
 * Loads the locale's catalogue and starts i18next in it; the app renders once this resolves (main.tsx),
 * so the first screen never shows a key.
 */
export async function initI18n(locale: Locale = detectLocale()): Promise<typeof i18next> {
  await loadLocale(locale);
  if (i18next.isInitialized) return i18next;
  void i18next.init({
    resources: Object.fromEntries(
      [...bundles].map(([l, bundle]) => [l, { translation: { ...bundle.catalogue, ...registeredOf(l) } }]),
    ),
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    missingKeyHandler: (lngs, _ns, key) => console.warn(`[i18n] missing key ${key} for ${lngs.join(',')}`),
    saveMissing: true,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  applyAntdLocale(locale);
  return i18next;
}
