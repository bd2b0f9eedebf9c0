/**
 * A locale's first-screen catalogue: the base strings and the eager sections, with antd-mobile's own
 * texts in that locale. `locales/<locale>.ts` holds one locale's; the build keeps only that locale's
 * strings in it (build/locale-split.ts), so the first screen downloads one language and the others load
 * when the shopper switches (`loadLocale`).
 */
import type { Locale } from '@haoka/contract';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { SECTIONS } from './sections';
import { zhHans } from './zh-Hans';
import { zhHant } from './zh-Hant';

const BASE = { 'zh-Hans': zhHans, 'zh-Hant': zhHant, en, fr, es } as const;

/** antd-mobile's texts (dialog buttons, pull-to-refresh, accessible names) per locale. */
const ANTD = { 'zh-Hans': zhCN, 'zh-Hant': zhTW, en: enUS, fr: frFR, es: esES } as const;

export type LocaleCatalogue<L extends Locale> = (typeof BASE)[L] & {
  [K in keyof typeof SECTIONS]: (typeof SECTIONS)[K][L];
};

/** The first screen's catalogue of a locale: the base strings and the eager sections. */
export function catalogueOf<L extends Locale>(locale: L): LocaleCatalogue<L> {
  const sections = Object.fromEntries(Object.entries(SECTIONS).map(([key, section]) => [key, section[locale]]));
  return { ...BASE[locale], ...sections } as unknown as LocaleCatalogue<L>;
}

/** What a locale file loads: its catalogue and antd-mobile's texts. */
export interface LocaleBundle {
  catalogue: Record<string, unknown>;
  antd: AntdLocale;
}

export function bundleOf(locale: Locale): LocaleBundle {
  return { catalogue: catalogueOf(locale), antd: ANTD[locale] };
}

/** Every locale's catalogue, for the tests (the app loads one at a time). */
export const catalogues = {
  'zh-Hans': catalogueOf('zh-Hans'),
  'zh-Hant': catalogueOf('zh-Hant'),
  en: catalogueOf('en'),
  fr: catalogueOf('fr'),
  es: catalogueOf('es'),
} as const;
