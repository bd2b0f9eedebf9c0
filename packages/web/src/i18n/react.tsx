/**
 * The shop's React binding of its translator (ADR 0026, ADR 0027): `useTranslation` and `Trans`, in
 * place of react-i18next. A component re-renders when the language changes, as with react-i18next's
 * defaults, and its `t` is one function per language, so effects and memos that depend on it run again
 * only when the language changes. react-i18next copied the i18next instance for every mounting
 * component, and i18next's lookups were about 40% of React's rendering time on the number search's
 * first screen (docs/performance.md); the translator's lookup is a walk of the key's path.
 */
import type { TFunction } from 'i18next';
import { cloneElement, Fragment, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import i18next from './translator';

type Translate = TFunction<'translation', undefined>;

/** Each language's `t` (one function per language, so that its identity changes only with the language). */
const translators = new Map<string, Translate>();

function translatorOf(language: string): Translate {
  let t = translators.get(language);
  if (!t) {
    t = i18next.getFixedT(language) as Translate;
    translators.set(language, t);
  }
  return t;
}

/** The components re-render when the language changes (as react-i18next's did by default). */
function subscribe(notify: () => void): () => void {
  i18next.on('languageChanged', notify);
  return () => i18next.off('languageChanged', notify);
}

const currentLanguage = () => i18next.language ?? '';

export interface Translation {
  t: Translate;
  i18n: typeof i18next;
}

/** The texts of the active language, and the i18next instance; re-renders when the language changes. */
export function useTranslation(): Translation {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translatorOf(language), i18n: i18next };
}

/** `<name>…</name>` in a text: the tag of one of `components`, around plain text. */
const TAG = /<([A-Za-z][\w-]*)>([^<]*)<\/\1>/g;

/**
 * A text whose parts are elements: `components` names them, and the catalogue wraps each part in its
 * name's tag (`Monthly fee {{fee}}, including <content>{{flow}}</content>`). Values are interpolated
 * first; an unknown tag is shown as its text.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components: Record<string, ReactElement>;
}): ReactNode {
  const { t } = useTranslation();
  const text = (t as unknown as (key: string, options?: Record<string, unknown>) => string)(i18nKey, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > at) parts.push(text.slice(at, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : whole);
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
