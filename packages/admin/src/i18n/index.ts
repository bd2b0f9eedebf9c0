/**
 * The console's languages, zh_CN (source) and en_US, with i18next as the shop does (docs/design.md "Staff
 * console"). The choice is remembered in localStorage; antd's own texts follow through `antdLocale`.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { type Catalogue, zhCN } from './zh-CN';

export const ADMIN_LOCALES = ['zh_CN', 'en_US'] as const;
export type AdminLocale = (typeof ADMIN_LOCALES)[number];

const LANG_KEY = 'admin:lang';
const catalogues: Record<AdminLocale, Catalogue> = { zh_CN: zhCN, en_US: enUS };
/** The `lang` attribute of each locale (BCP 47). */
const HTML_LANG: Record<AdminLocale, string> = { zh_CN: 'zh-CN', en_US: 'en' };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

function isLocale(value: unknown): value is AdminLocale {
  return (ADMIN_LOCALES as readonly unknown[]).includes(value);
}

/** The remembered choice, else the browser's language: Chinese reads zh_CN, anything else en_US. */
export function detectLocale(): AdminLocale {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // storage unavailable: the browser's language decides
  }
  const lang = typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language ?? '') : '';
  return lang.toLowerCase().startsWith('zh') ? 'zh_CN' : 'en_US';
}

function applyDocument(locale: AdminLocale): void {
  dayjs.locale(locale === 'zh_CN' ? 'zh-cn' : 'en');
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[locale];
  document.title = catalogues[locale].app.title;
}

export function initI18n(locale: AdminLocale = detectLocale()) {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: { zh_CN: { translation: zhCN }, en_US: { translation: enUS } },
    lng: locale,
    fallbackLng: 'en_US',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyDocument(locale);
  return i18next;
}

/** Switches every mounted text and antd's own at once, and remembers the choice. */
export function setLocale(locale: AdminLocale): Promise<unknown> {
  try {
    localStorage.setItem(LANG_KEY, locale);
  } catch {
    // not remembered; still switched for this visit
  }
  applyDocument(locale);
  return i18next.changeLanguage(locale);
}

export function currentLocale(): AdminLocale {
  return isLocale(i18next.language) ? i18next.language : 'en_US';
}
