/**
 * The visitor's locale: the stored choice (`setLocale` remembers it), else the browser's first
 * language. Apart from the catalogue so that the prerendered first view's script (platform/first-view.ts),
 * which runs before the app, picks its view in the same locale as the app.
 */
import { LOCALES, type Locale, matchLocale } from '@haoka/contract';

/** Where `setLocale` remembers the visitor's choice. */
export const LANG_KEY = 'shop:lang';

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
