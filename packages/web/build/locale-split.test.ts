import { readFileSync } from 'node:fs';
import { LOCALES } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { keepLocale, lazySectionFiles, localeOf, SPLIT_LOCALES, sectionFilesModule } from './locale-split';

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

describe("a lazy section's files", () => {
  it('are the sections typed in LAZY_SECTIONS, not the first screen ones', () => {
    const files = lazySectionFiles(readFileSync(new URL('../src/i18n/sections/index.ts', import.meta.url), 'utf8'));
    expect(files).toContain('iot-buy');
    expect(files).toContain('reasons');
    expect(files).not.toContain('ui');
    expect(files).not.toContain('dict');
  });

  it('replace the section, as its feature imports it, by one loader per locale of that locale only', async () => {
    const module = sectionFilesModule("export const wifi = defineSection({ 'zh-Hans': {} });", 'wifi');
    expect(module).toContain('import(\'./wifi.ts?locale=fr\').then((m) => m.wifi["fr"])');
    const loaded: string[] = [];
    // The module's code run with `import` stood in for: each loader asks for its own locale's file.
    const run = new Function(
      'load',
      `${module.replace('export const', 'const').replace(/import\(/g, 'load(')}; return wifi;`,
    );
    const section = run((file: string) => {
      loaded.push(file);
      return Promise.resolve({ wifi: { fr: { title: 'Wi-Fi' } } });
    }) as { files: Record<string, () => Promise<unknown>> };
    expect(Object.keys(section.files)).toEqual([...SPLIT_LOCALES]);
    expect(await section.files.fr?.()).toEqual({ title: 'Wi-Fi' });
    expect(loaded).toEqual(['./wifi.ts?locale=fr']);
  });

  it('of a module of several sections are one file per locale for all of them', () => {
    const module = sectionFilesModule(
      'export const iotCore = defineSection({});\nexport const iotState = defineSection({});',
      'iot-core',
    );
    expect(module).toContain('import(\'./iot-core.ts?locale=en\').then((m) => m.iotCore["en"])');
    expect(module).toContain('import(\'./iot-core.ts?locale=en\').then((m) => m.iotState["en"])');
  });

  it('refuse a section module that exports no section', () => {
    expect(() => sectionFilesModule('export default {}', 'odd')).toThrow('no exported section in odd.ts');
  });
});
