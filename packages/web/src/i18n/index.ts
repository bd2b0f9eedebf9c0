/**
 * i18n: zh-Hans is the source catalogue; zh-Hant, en, fr and es implement its exact keys (checked by the
 * compiler). Only the active locale's catalogue is loaded: the first screen waits for it (`initI18n`),
 * and a switch loads the new one before it changes the language (`setLocale`), so no key ever shows.
 */
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@haoka/contract';
import { setDefaultConfig } from 'antd-mobile';
import type { LocaleBundle } from './catalogue';
import { isSectionFiles, type Section, type SectionFiles } from './define-section';
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
 * Switches the language and remembers the choice: the locale's catalogue and the registered sections'
 * texts first (each loaded once), then every mounted text re-renders in it (the components read the
 * catalogue through `i18n/react.tsx`); nothing else is reloaded or fetched again. Rejects, changing
 * nothing, when those texts cannot load.
 */
export async function setLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  try {
    await Promise.all([loadLocale(locale), loadSections(locale)]);
  } finally {
    if (switchingTo === locale) switchingTo = undefined;
  }
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

/**
 * The lazy sections registered so far, by key: the section itself (the sources, all five locales) or,
 * in the build, its file per locale (`SectionFiles`, build/locale-split.ts).
 */
const registered = new Map<string, Section<unknown> | SectionFiles<unknown>>();
/** Each registered section's strings in each locale loaded so far, by locale and key. */
const sectionStrings = new Map<Locale, Record<string, unknown>>();
/** Section files loading or loaded, by `<locale> <key>` (a failed load is forgotten: tried again next time). */
const sectionLoads = new Map<string, Promise<void>>();
/** The locale `initI18n` is starting in, which a section registered before it has finished loads in. */
let startingLocale: Locale | undefined;
/** The locale `setLocale` is switching to, which a section registered meanwhile loads in too. */
let switchingTo: Locale | undefined;

function addSectionStrings(locale: Locale, key: string, strings: unknown): void {
  sectionStrings.set(locale, { ...sectionStrings.get(locale), [key]: strings });
  if (i18next.isInitialized && bundles.has(locale)) {
    i18next.addResourceBundle(locale, 'translation', { [key]: strings }, true, true);
  }
}

/** A registered section's strings in a locale: at once from the sources, else from its file (once). */
function loadSection(key: string, locale: Locale): Promise<void> | undefined {
  const section = registered.get(key);
  if (!section || sectionStrings.get(locale)?.[key] !== undefined) return undefined;
  if (!isSectionFiles(section)) {
    addSectionStrings(locale, key, section[locale]);
    return undefined;
  }
  const id = `${locale} ${key}`;
  let load = sectionLoads.get(id);
  if (!load) {
    load = section.files[locale]().then(
      (strings) => addSectionStrings(locale, key, strings),
      (error: unknown) => {
        sectionLoads.delete(id);
        throw error;
      },
    );
    // Whoever waits for the texts (`withTexts`) sees a failure; nobody waiting is not an error.
    load.catch(() => undefined);
    sectionLoads.set(id, load);
  }
  return load;
}

/** Every registered section's strings in a locale. */
function loadSections(locale: Locale): Promise<unknown> {
  return Promise.all([...registered.keys()].map((key) => loadSection(key, locale)));
}

/**
 * Adds a lazy section (idempotent); its feature calls this when its code loads. From the sources (the
 * web tests, the dev server) its texts are there at once; in the build only the active locale's load,
 * from a file of their own, and whatever loaded the feature waits for them with `withTexts`.
 */
export function registerSection<K extends keyof LAZY_SECTIONS>(
  key: K,
  section: LAZY_SECTIONS[K] | SectionFiles<LAZY_SECTIONS[K]['zh-Hans']>,
): void {
  if (!registered.has(key)) registered.set(key, section as Section<unknown> | SectionFiles<unknown>);
  loadSection(key, i18next.isInitialized ? currentLocale() : (startingLocale ?? detectLocale()));
  if (switchingTo) loadSection(key, switchingTo);
  // From the sources every locale is there: each loaded one gets it at once, as its catalogue has.
  if (!isSectionFiles(section)) for (const locale of bundles.keys()) loadSection(key, locale);
}

/**
 * `load` (a page's or a component's code, imported on demand), resolved once the sections its modules
 * registered have their texts: every dynamic import of the shop's code goes through this, so that
 * nothing renders a key. Rejects when a section's file cannot load (offline), as the import would.
 */
export function withTexts<T>(load: Promise<T>): Promise<T> {
  return load.then((value) => Promise.all(sectionLoads.values()).then(() => value));
}

function registeredOf(locale: Locale) {
  return sectionStrings.get(locale) ?? {};
}

/**
 * Loads the locale's catalogue and starts i18next in it; the app renders once this resolves (main.tsx),
 * so the first screen never shows a key.
 */
export async function initI18n(locale: Locale = detectLocale()): Promise<typeof i18next> {
  // A section registered meanwhile (the landing page's code loads beside the catalogue) loads in this
  // locale; the page waits for it (`withTexts`), the catalogue does not.
  startingLocale ??= locale;
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
