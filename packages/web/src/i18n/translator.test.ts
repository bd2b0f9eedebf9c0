import { describe, expect, it, vi } from 'vitest';
import i18n from './translator';

// The translator is one instance for the whole app; these keys live under their own branch.
const t = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
const fixed = (lng: string) =>
  i18n.getFixedT(lng) as unknown as (key: string, options?: Record<string, unknown>) => string;

function add(lng: string, tree: Record<string, unknown>) {
  i18n.addResourceBundle(lng, 'translation', { translatorTest: tree }, true, true);
}

describe("the shop's translator (i18next's behaviour for what the catalogue holds)", () => {
  add('en', {
    hello: 'Hello {{name}}',
    spaced: 'Paid {{ amount }} of {{amount}}',
    plain: 'Plain',
    onlyEnglish: 'Only in English',
    item_one: '{{count}} item',
    item_other: '{{count}} items',
    deep: { er: 'Deeper' },
  });
  add('fr', {
    hello: 'Bonjour {{name}}',
    item_one: '{{count}} article',
    item_many: '{{count}} d’articles',
    item_other: '{{count}} articles',
  });
  add('zh-Hans', { item_other: '{{count}} 件', zero_zero: '没有', zero_other: '{{count}} 个' });

  it('reads nested keys and fills placeholders, without escaping', async () => {
    await i18n.changeLanguage('en');
    expect(t('translatorTest.hello', { name: '<b>Ann</b>' })).toBe('Hello <b>Ann</b>');
    expect(t('translatorTest.spaced', { amount: 5 })).toBe('Paid 5 of 5');
    expect(t('translatorTest.deep.er')).toBe('Deeper');
  });

  it('leaves a placeholder whose value is not given, and empties one given as nothing', () => {
    expect(fixed('en')('translatorTest.hello')).toBe('Hello {{name}}');
    expect(fixed('en')('translatorTest.hello', { other: 1 })).toBe('Hello {{name}}');
    expect(fixed('en')('translatorTest.hello', { name: undefined })).toBe('Hello ');
    expect(fixed('en')('translatorTest.hello', { name: null })).toBe('Hello ');
  });

  it("picks the plural form by the locale's rules, a zero form for 0 when there is one", () => {
    expect(fixed('en')('translatorTest.item', { count: 1 })).toBe('1 item');
    expect(fixed('en')('translatorTest.item', { count: 0 })).toBe('0 items');
    expect(fixed('fr')('translatorTest.item', { count: 0 })).toBe('0 article');
    expect(fixed('fr')('translatorTest.item', { count: 1_000_000 })).toBe('1000000 d’articles');
    expect(fixed('fr')('translatorTest.item', { count: 2 })).toBe('2 articles');
    expect(fixed('zh-Hans')('translatorTest.item', { count: 1 })).toBe('1 件');
    expect(fixed('zh-Hans')('translatorTest.zero', { count: 0 })).toBe('没有');
    expect(fixed('zh-Hans')('translatorTest.zero', { count: 3 })).toBe('3 个');
  });

  it('falls back to the fallback language, then to the key, which it reports', async () => {
    const missing = vi.fn();
    await i18n.init({
      lng: 'fr',
      fallbackLng: 'en',
      saveMissing: true,
      missingKeyHandler: missing,
    });
    expect(t('translatorTest.hello', { name: 'Léa' })).toBe('Bonjour Léa');
    expect(t('translatorTest.onlyEnglish')).toBe('Only in English');
    expect(t('translatorTest.nowhere')).toBe('translatorTest.nowhere');
    expect(missing).toHaveBeenCalledWith(
      ['fr'],
      'translation',
      'translatorTest.nowhere',
      'translatorTest.nowhere',
      false,
      {},
    );
  });

  it('tells its listeners when the language changes and when a catalogue grows; getResource reads one text', async () => {
    const changed = vi.fn();
    const added = vi.fn();
    await i18n.changeLanguage('en');
    i18n.on('languageChanged', changed);
    i18n.store.on('added', added);
    await i18n.changeLanguage('zh-Hans');
    expect(i18n.language).toBe('zh-Hans');
    expect(changed).toHaveBeenCalledWith('zh-Hans');
    await i18n.changeLanguage('zh-Hans');
    expect(changed).toHaveBeenCalledTimes(1);
    add('zh-Hans', { plain: '朴素' });
    expect(added).toHaveBeenCalledWith('zh-Hans', 'translation');
    expect(i18n.getResource('zh-Hans', 'translation', 'translatorTest.plain')).toBe('朴素');
    expect(i18n.getResource('zh-Hans', 'translation', 'translatorTest.hello')).toBeUndefined();
    i18n.off('languageChanged', changed);
    await i18n.changeLanguage('en');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('a bundle added without overwrite keeps the texts already there', () => {
    i18n.addResourceBundle('en', 'translation', { translatorTest: { plain: 'Changed', added: 'New' } }, true, false);
    expect(fixed('en')('translatorTest.plain')).toBe('Plain');
    expect(fixed('en')('translatorTest.added')).toBe('New');
  });
});
