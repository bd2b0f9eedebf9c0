/**
 * The UI locales (SPEC §1): Simplified and Traditional Chinese, English, French, Spanish; English is the
 * fallback. The web picks one from the stored choice or the browser; pages the server renders itself
 * (the sandbox cashier) from the `lang` the web gives them, else `Accept-Language`.
 */
export const LOCALES = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** The locale a language tag names (zh-CN → zh-Hans, zh-TW → zh-Hant, fr-FR → fr …), or null for another language. */
export function supportedLocale(tag: string | undefined | null): Locale | null {
  const t = (tag ?? '').trim().toLowerCase();
  if (t.startsWith('zh')) return /hant|tw|hk|mo/.test(t) ? 'zh-Hant' : 'zh-Hans';
  if (t.startsWith('fr')) return 'fr';
  if (t.startsWith('es')) return 'es';
  if (t.startsWith('en')) return 'en';
  return null;
}

/** Maps a language tag to one of our locales, English for any other language. */
export function matchLocale(tag: string | undefined | null): Locale {
  return supportedLocale(tag) ?? FALLBACK_LOCALE;
}

/**
 * The best of our locales an `Accept-Language` header asks for (highest weight first, in the header's
 * order on a tie; `q=0` refuses), English when it names none of them.
 */
export function localeOfAcceptLanguage(header: string | undefined | null): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
