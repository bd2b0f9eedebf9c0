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
