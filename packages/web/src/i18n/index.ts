/**
 * i18n: zh-Hans is the source catalogue; zh-Hant, en, fr and es implement its exact keys (checked by the
 * compiler). A missing key falls back to English.
 */
import { FALLBACK_LOCALE, LOCALES, type Locale, matchLocale } from '@haoka/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyAntdLocale } from './antd-locale';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { type LAZY_SECTIONS, SECTIONS } from './sections';
import { zhHans } from './zh-Hans';
import { zhHant } from './zh-Hant';

export { FALLBACK_LOCALE, LOCALES, type Locale, matchLocale } from '@haoka/contract';

const LANG_KEY = 'shop:lang';

const base = { 'zh-Hans': zhHans, 'zh-Hant': zhHant, en, fr, es } as const;

type Sections = typeof SECTIONS & LAZY_SECTIONS;
type SectionsOf<L extends Locale> = { [K in keyof Sections]: Sections[K][L] };
/** The full source catalogue: the base strings plus every feature section, eager or lazy. */
export type SourceCatalogue = typeof zhHans & SectionsOf<'zh-Hans'>;

/** The first screen's catalogue of a locale: the base strings and the eager sections. */
function withSections<L extends Locale>(locale: L) {
  const sections = Object.fromEntries(Object.entries(SECTIONS).map(([key, section]) => [key, section[locale]]));
  return { ...base[locale], ...sections } as unknown as (typeof base)[L] & {
    [K in keyof typeof SECTIONS]: (typeof SECTIONS)[K][L];
  };
}

export const catalogues = {
  'zh-Hans': withSections('zh-Hans'),
  'zh-Hant': withSections('zh-Hant'),
  en: withSections('en'),
  fr: withSections('fr'),
  es: withSections('es'),
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: SourceCatalogue };
  }
}

export function detectLocale(): Locale {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  } catch {
    // storage unavailable: fall through to the browser language
  }
  const langs = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  return matchLocale(langs[0]);
}

/**
 * Switches the language at once and remembers the choice: every mounted text re-renders in it (the
 * components read the catalogue through react-i18next); nothing is reloaded or fetched again.
 */
export function setLocale(locale: Locale): Promise<unknown> {
  try {
    localStorage.setItem(LANG_KEY, locale);
  } catch {
    // not persisted; still switch for this visit
  }
  document.documentElement.lang = locale;
  applyAntdLocale(locale);
  return i18next.changeLanguage(locale);
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
  for (const l of LOCALES) i18next.addResourceBundle(l, 'translation', { [key]: section[l] }, true, true);
}

function registeredOf(locale: Locale) {
  return Object.fromEntries(Object.entries(registered).map(([key, section]) => [key, section[locale]]));
}

export function initI18n(locale: Locale = detectLocale()) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: { ...catalogues[l], ...registeredOf(l) } }])),
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
