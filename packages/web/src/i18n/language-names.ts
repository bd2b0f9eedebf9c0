/**
 * Each locale's name in its own language (简体中文, English, Français…), as the language switch lists
 * them: on the first screen, before any other locale's catalogue is loaded. Each catalogue's
 * `language.name` says the same (i18n/index.test.ts).
 */
import type { Locale } from '@haoka/contract';

export const LANGUAGE_NAMES = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  fr: 'Français',
  es: 'Español',
} as const satisfies Record<Locale, string>;
