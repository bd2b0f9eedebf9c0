import { LOCALES } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { keepLocale, localeOf, SPLIT_LOCALES } from './locale-split';

describe('one language per catalogue file', () => {
  it("splits by the contract's locales", () => {
    expect(SPLIT_LOCALES).toEqual(LOCALES);
  });

  it('builds a locale file and its copies for their locale only', () => {
    expect(localeOf('/w/packages/web/src/i18n/locales/zh-Hant.ts')).toBe('zh-Hant');
    expect(localeOf('/w/packages/web/src/i18n/sections/ui.ts?locale=fr')).toBe('fr');
    expect(localeOf('/w/packages/web/src/i18n/sections/ui.ts')).toBeNull();
    expect(localeOf('/w/packages/web/src/i18n/sections/ui.ts?locale=de')).toBeNull();
  });

  it('keeps only the locale in every object keyed by the five locales, nested ones included', () => {
    const code = [
      'export const ui = defineSection({',
      "  'zh-Hans': { ok: '确定', nested: { 'zh-Hans': 'a', 'zh-Hant': 'b', en: 'c', fr: 'd', es: 'e' } },",
      "  'zh-Hant': { ok: '確定' },",
      "  en: { ok: 'OK' },",
      "  fr: { ok: 'OK' },",
      "  es: { ok: 'Aceptar' },",
      '});',
      "export const other = { en: 'kept', fr: 'kept' };",
    ].join('\n');
    const en = keepLocale(code, 'en') ?? '';
    expect(en).toMatch(/defineSection\(\{\s*en: \{ ok: 'OK' \},\s*\}\);/);
    expect(en).not.toMatch(/确定|確定|Aceptar/);
    expect(en).toContain("export const other = { en: 'kept', fr: 'kept' };");
    const zh = keepLocale(code, 'zh-Hans') ?? '';
    expect(zh).toContain("nested: { 'zh-Hans': 'a', }");
    expect(zh).not.toMatch(/確定|Aceptar|'OK'/);
  });

  it('leaves a module without a table by locale alone', () => {
    expect(keepLocale("export const en = { common: { ok: 'OK' } };", 'en')).toBeNull();
  });
});
