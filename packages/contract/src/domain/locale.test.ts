import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, LOCALES, localeOfAcceptLanguage, matchLocale, supportedLocale } from './locale.js';

describe('locales', () => {
  it('are the five SPEC §1 locales, English as fallback', () => {
    expect(LOCALES).toEqual(['zh-Hans', 'zh-Hant', 'en', 'fr', 'es']);
    expect(FALLBACK_LOCALE).toBe('en');
  });

  it.each([
    ['zh-Hans', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['en', 'en'],
    ['fr-CA', 'fr'],
    ['ES', 'es'],
    ['de', null],
    ['*', null],
    ['', null],
  ])('supportedLocale(%j) is %j; matchLocale falls back to English', (tag, locale) => {
    expect(supportedLocale(tag)).toBe(locale);
    expect(matchLocale(tag)).toBe(locale ?? 'en');
  });
});

describe('localeOfAcceptLanguage', () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['de-DE,fr;q=0.8,en;q=0.5', 'fr'],
    ['en;q=0.5,es;q=0.9', 'es'],
    ['fr;q=0,es;q=0.2', 'es'],
    ['de,it', 'en'],
    ['*', 'en'],
    ['', 'en'],
  ])('%j → %s', (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });

  it('treats a missing header as English', () => {
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
