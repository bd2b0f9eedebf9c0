/**
 * The shop's React binding of i18next (ADR 0026): `useTranslation` and `Trans`, in place of
 * react-i18next. A component re-renders when the language changes, as with react-i18next's defaults,
 * and its `t` remembers the texts it looked up: a key asked without options is looked up once per
 * language and catalogue, not on every render. On the number search's first screen, i18next's lookups
 * and react-i18next's per-component copy of the i18next instance were about 40% of React's rendering
 * time (docs/performance.md).
 */
import i18next, { type TFunction } from 'i18next';
import { cloneElement, Fragment, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';

type Translate = TFunction<'translation', undefined>;

/** Each language's `t` (one function per language, so that its identity changes only with the language). */
const translators = new Map<string, Translate>();
/** The texts each language's `t` has looked up, by key; forgotten when a catalogue grows. */
const remembered = new Map<string, Map<string, string>>();

function translatorOf(language: string): Translate {
  let t = translators.get(language);
  if (!t) {
    const lookup = i18next.getFixedT(language) as unknown as (...args: unknown[]) => string;
    t = ((...args: unknown[]) => {
      const [key] = args;
      // Only a plain key is remembered: options (values, counts, defaults) are looked up each time.
      if (args.length !== 1 || typeof key !== 'string') return lookup(...args);
      let texts = remembered.get(language);
      if (!texts) {
        texts = new Map();
        remembered.set(language, texts);
      }
      let text = texts.get(key);
      if (text === undefined) {
        text = lookup(key);
        texts.set(key, text);
      }
      return text;
    }) as unknown as Translate;
    translators.set(language, t);
  }
  return t;
}

/**
 * A catalogue that grows (a lazy section, a locale loaded) is read again: the remembered texts are
 * forgotten, and `t` stays the same function (components and effects that depend on it do not run again).
 */
let watching = false;
function watchCatalogues(): void {
  if (watching) return;
  watching = true;
  i18next.store.on('added', () => remembered.clear());
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
  watchCatalogues();
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
