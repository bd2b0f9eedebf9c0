/**
 * A catalogue section: one feature's strings in all five locales, in one file. The zh-Hans object is the
 * source; the compiler checks that every other locale has exactly its keys.
 */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export interface Section<T> {
  'zh-Hans': T;
  'zh-Hant': Widen<T>;
  en: Widen<T>;
  fr: Widen<T>;
  es: Widen<T>;
}

export function defineSection<T>(section: Section<T>): Section<T> {
  return section;
}

/**
 * A lazy section as the build gives it to the feature that registers it (build/locale-split.ts): a file
 * per locale, each holding that locale's strings only. The sources (the web tests, the dev server) give
 * the section itself, all five locales.
 */
export interface SectionFiles<T> {
  readonly files: Record<keyof Section<T>, () => Promise<Widen<T>>>;
}

export function isSectionFiles<T>(section: Section<T> | SectionFiles<T>): section is SectionFiles<T> {
  return 'files' in section;
}
