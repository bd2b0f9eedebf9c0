/**
 * antd-mobile's own texts (confirm/cancel of dialogs and pickers, pull-to-refresh, the clear button's
 * and the mask's accessible names…) follow the app's language: its global default config, read by
 * every component without a ConfigProvider, imperative dialogs included.
 */

import type { Locale } from '@haoka/contract';
import { setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';

const ANTD_LOCALES = { 'zh-Hans': zhCN, 'zh-Hant': zhTW, en: enUS, fr: frFR, es: esES } as const;

export function applyAntdLocale(locale: Locale): void {
  setDefaultConfig({ locale: ANTD_LOCALES[locale] });
}
