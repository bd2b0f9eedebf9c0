import { ALL_REASONS, REASONS } from '@haoka/contract/reasons';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outcomeFor } from '../platform/error-catalogue';
import { expectToast } from '../test/dom';
import {
  detectLocale,
  FALLBACK_LOCALE,
  LANGUAGE_NAMES,
  LOCALES,
  type Locale,
  matchLocale,
  registerSection,
  setLocale,
  withTexts,
} from '.';
import { catalogues } from './catalogue';
import { iotBuy } from './sections/iot-buy';
import { iotMember } from './sections/iot-member';
import { iotRealname } from './sections/iot-realname';
import { reasons } from './sections/reasons';
import { wifi } from './sections/wifi';
import i18next from './translator';
import { zhHans } from './zh-Hans';

/** Every leaf of a catalogue as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const sourceKeys = leaves(catalogues['zh-Hans'])
  .map(([key]) => key)
  .sort();

afterEach(async () => {
  await setLocale('zh-Hans');
});

describe('catalogues', () => {
  it('there are the five locales, zh-Hans first, en as fallback', () => {
    expect(LOCALES).toEqual(['zh-Hans', 'zh-Hant', 'en', 'fr', 'es']);
    expect(FALLBACK_LOCALE).toBe('en');
    expect(sourceKeys.length).toBeGreaterThan(30);
  });

  it.each(LOCALES)('%s has exactly the source key set and no empty string', (locale) => {
    const entries = leaves(catalogues[locale]);
    expect(entries.map(([key]) => key).sort()).toEqual(sourceKeys);
    for (const [key, value] of entries) {
      expect(typeof value, `${locale} ${key}`).toBe('string');
      expect(String(value).trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  const LAZY = { iotBuy, iotRealname };
  it.each(Object.entries(LAZY))('the route-loaded section %s has the source key set in every locale', (_, section) => {
    const source = leaves(section['zh-Hans'])
      .map(([key]) => key)
      .sort();
    expect(source.length).toBeGreaterThan(30);
    for (const locale of LOCALES) {
      const entries = leaves(section[locale]);
      expect(entries.map(([key]) => key).sort(), locale).toEqual(source);
      for (const [key, value] of entries) expect(String(value).trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('a route-loaded section is not in the first screen, and answers in every locale once registered', async () => {
    expect(Object.keys(catalogues.en)).not.toContain('iotBuy');
    registerSection('iotBuy', iotBuy);
    await setLocale('en');
    expect(i18next.t('iotBuy.common.copy')).toBe(iotBuy.en.common.copy);
    await setLocale('fr');
    expect(i18next.t('iotBuy.common.copy')).toBe(iotBuy.fr.common.copy);
  });

  it('a section in a file per locale (the build) loads the active locale only; what waits with withTexts has it', async () => {
    await setLocale('en');
    let failNext = false;
    const files = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        vi.fn(() => (failNext ? Promise.reject(new Error('offline')) : Promise.resolve(wifi[locale]))),
      ]),
    ) as unknown as Record<Locale, () => Promise<(typeof wifi)['en']>>;
    registerSection('wifi', { files });
    expect(await withTexts(Promise.resolve('page'))).toBe('page');
    expect(i18next.t('wifi.form.title')).toBe(wifi.en.form.title);
    expect(LOCALES.filter((locale) => vi.mocked(files[locale]).mock.calls.length > 0)).toEqual(['en']);

    // A switch loads the new locale's file before the texts change; a failed one changes nothing.
    failNext = true;
    await expect(setLocale('es')).rejects.toThrow('offline');
    expect(i18next.t('wifi.form.title')).toBe(wifi.en.form.title);
    failNext = false;
    await setLocale('es');
    expect(i18next.t('wifi.form.title')).toBe(wifi.es.form.title);
    expect(files.es).toHaveBeenCalledTimes(2);
    expect(files.fr).not.toHaveBeenCalled();
  });

  it('durations are one set of plural keys, right in every locale', async () => {
    const months = (counts: number[]) => counts.map((count) => i18next.t('duration.month', { count }));
    expect(months([1, 6])).toEqual(['1个月', '6个月']);
    await setLocale('zh-Hant');
    expect(months([6])).toEqual(['6個月']);
    await setLocale('en');
    expect(months([1, 6])).toEqual(['1 month', '6 months']);
    expect(i18next.t('duration.day', { count: 1 })).toBe('1 day');
    await setLocale('fr');
    expect([0, 1, 2].map((count) => i18next.t('duration.year', { count }))).toEqual(['0 an', '1 an', '2 ans']);
    // French and Spanish have a third form for millions; without it i18next would answer the bare key.
    expect(months([1_000_000])).toEqual(['1000000 mois']);
    await setLocale('es');
    expect(months([1, 6, 1_000_000])).toEqual(['1 mes', '6 meses', '1000000 meses']);
  });

  it('no section keeps a duration set of its own', () => {
    const unitKeys = leaves(catalogues['zh-Hans'])
      .map(([key]) => key)
      .filter((key) => /(^|\.)(day|month|year|u[123])_(one|other)$/.test(key) && !key.startsWith('duration.'));
    expect(unitKeys).toEqual([]);
    for (const section of [iotBuy, iotMember]) {
      expect(leaves(section['zh-Hans']).filter(([key]) => /(^|\.)unit\./.test(key))).toEqual([]);
    }
  });

  it('the route-loaded reasons section says every server reason: zh-Hans and en from the contract, no CJK in en/fr/es', () => {
    const paramsOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    expect(Object.keys(catalogues.en)).not.toContain('reasons');
    for (const locale of LOCALES) {
      const texts = reasons[locale] as Record<string, string>;
      expect(Object.keys(texts).sort(), locale).toEqual([...ALL_REASONS].sort());
      for (const reason of ALL_REASONS) {
        const zhParams = paramsOf(REASONS[reason].zh);
        for (const name of paramsOf(texts[reason] ?? '')) expect(zhParams, `${locale} ${reason}`).toContain(name);
        if (locale === 'en' || locale === 'fr' || locale === 'es') {
          expect(texts[reason], `${locale} ${reason}`).not.toMatch(/\p{Script=Han}/u);
        }
      }
    }
    for (const reason of ALL_REASONS) {
      expect(reasons['zh-Hans'][reason]).toBe(REASONS[reason].zh);
      expect(reasons.en[reason]).toBe(REASONS[reason].en);
      expect(reasons.fr[reason], reason).not.toBe(REASONS[reason].en);
    }
  });

  it('the other locales are translated, not copies of the source', () => {
    for (const locale of ['en', 'fr', 'es'] as const) {
      expect(catalogues[locale].errors.soldOut, locale).not.toBe(zhHans.errors.soldOut);
    }
  });
  it('each catalogue names its language as the switch lists it, without loading the others', () => {
    for (const locale of LOCALES) expect(catalogues[locale].language.name, locale).toBe(LANGUAGE_NAMES[locale]);
  });
});

describe('matchLocale', () => {
  it.each([
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-CN', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['fr-FR', 'fr'],
    ['es-ES', 'es'],
    ['en-US', 'en'],
    ['de-DE', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [null, 'en'],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });
});

describe('detectLocale', () => {
  it('a stored choice wins over the browser language', () => {
    localStorage.setItem('shop:lang', 'fr');
    expect(detectLocale()).toBe('fr');
  });

  it('an unknown stored value falls back to the browser language', () => {
    localStorage.setItem('shop:lang', 'klingon');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-TW', 'en']);
    expect(detectLocale()).toBe('zh-Hant');
  });
});

describe('setLocale', () => {
  it('the default texts of the test setup are Simplified Chinese', () => {
    expect(i18next.language).toBe('zh-Hans');
    expect(i18next.t('clipboard.copied')).toBe('复制成功');
  });

  it('switches the texts used by the platform layer to English and remembers the choice', async () => {
    await setLocale('en');
    expect(localStorage.getItem('shop:lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(outcomeFor(30001, '', null)).toMatchObject({
      kind: 'dialog',
      content: 'Sorry, you are too late: this item is sold out!',
    });
    expect(outcomeFor(-1, '', null)).toEqual({ kind: 'toast', text: 'Operation failed' });

    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: async () => {} } as unknown as Clipboard);
    const { copyText } = await import('../platform/clipboard');
    await copyText('x');
    await expectToast('Content copied');
  });

  it('restores Simplified Chinese', async () => {
    await setLocale('en');
    await setLocale('zh-Hans');
    expect(outcomeFor(30001, '', null)).toMatchObject({ content: '哎呀！客官来晚了，该商品卖光啦！' });
  });
});
