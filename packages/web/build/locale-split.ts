/**
 * One language per catalogue file in the build. The catalogue's sources keep all five locales side by
 * side (a section file is one feature's strings in every locale, `i18n/define-section.ts`), and
 * `i18n/locales/<locale>.ts` is one locale's first-screen catalogue built from them. In the build, the
 * modules under `src/i18n/` that such a file imports, directly or not, are loaded again as
 * `<module>?locale=<locale>`, in which every object literal keyed by exactly the five locales keeps its
 * own locale's entry only. The other locales' strings are then unused there and left out, so each locale
 * file's chunk holds one language, and the first screen downloads the active one (docs/performance.md).
 * The web tests and the dev server read the sources as they are: all five locales, the same texts.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import { cut, keyName, type Node, propertyCut, sourceTransform, walk } from './object-literal';

/** The contract's `LOCALES` (domain/locale.ts; a unit test keeps the two equal). */
export const SPLIT_LOCALES = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const;

const LOCALE_FILE = /\/src\/i18n\/locales\/([A-Za-z-]+)\.[jt]s$/;
const QUERY = /\?locale=([A-Za-z-]+)$/;
/** Catalogue modules without strings, never copied per locale. */
const STRINGLESS = /\/src\/i18n\/define-section\.ts$/;
const CATALOGUE_SOURCE = /\/src\/i18n\/(?!locales\/)[^?]*\.[jt]s$/;

/** The locale a module is built for: a locale file's own, or the `?locale=` of a copy; else null. */
export function localeOf(id: string): string | null {
  const locale = QUERY.exec(id)?.[1] ?? LOCALE_FILE.exec(id)?.[1] ?? null;
  return locale !== null && (SPLIT_LOCALES as readonly string[]).includes(locale) ? locale : null;
}

/**
 * Keeps `locale`'s entry in every object literal whose keys are exactly the five locales (a section, a
 * table by locale) of one type-stripped module; null when it has none.
 */
export function keepLocale(code: string, locale: string): string | null {
  const cuts: [number, number][] = [];
  walk(parseAst(code), (node) => {
    if (node.type !== 'ObjectExpression') return;
    const properties = node.properties as Node[];
    if (properties.length !== SPLIT_LOCALES.length) return;
    const names = properties.map(keyName);
    if (!SPLIT_LOCALES.every((l) => names.includes(l))) return;
    for (const [index, name] of names.entries()) {
      if (name !== locale) cuts.push(propertyCut(node, index));
    }
  });
  return cuts.length === 0 ? null : cut(code, cuts);
}

const SECTION_FILE = /\/src\/i18n\/sections\/([a-z0-9-]+)\.ts$/;

/**
 * The lazy sections' files (`LAZY_SECTIONS` in `src/i18n/sections/index.ts`: `name: typeof
 * import('./file').name`), read from that module's source.
 */
export function lazySectionFiles(indexSource: string): Set<string> {
  const lazy = indexSource.slice(indexSource.indexOf('interface LAZY_SECTIONS'));
  return new Set([...lazy.matchAll(/typeof import\('\.\/([a-z0-9-]+)'\)/g)].map((match) => match[1] as string));
}

/**
 * A lazy section's module as its feature imports it in the build: instead of the five locales' strings,
 * a file per locale (`SectionFiles`, `src/i18n/define-section.ts`), which `registerSection` loads for
 * the active locale only. A module of several sections is one file per locale for all of them.
 */
export function sectionFilesModule(code: string, file: string): string {
  const names = [...code.matchAll(/export const (\w+) = /g)].map((match) => match[1] as string);
  if (names.length === 0) throw new Error(`locale-split: no exported section in ${file}.ts`);
  return names
    .map((name) => {
      const files = SPLIT_LOCALES.map(
        (locale) =>
          `${JSON.stringify(locale)}: () => import('./${file}.ts?locale=${locale}').then((m) => m.${name}[${JSON.stringify(locale)}])`,
      );
      return `export const ${name} = { files: { ${files.join(', ')} } };\n`;
    })
    .join('');
}

export function localeSplit(): Plugin[] {
  let lazySections: Set<string> | undefined;
  const isLazySection = (id: string) => {
    const file = SECTION_FILE.exec(id)?.[1];
    if (file === undefined) return null;
    lazySections ??= lazySectionFiles(readFileSync(id.replace(SECTION_FILE, '/src/i18n/sections/index.ts'), 'utf8'));
    return lazySections.has(file) ? file : null;
  };
  return [
    {
      name: 'haoka:locale-split-resolve',
      apply: 'build',
      // Before Vite's own resolver, which would answer the plain file.
      enforce: 'pre',
      async resolveId(source, importer) {
        if (!importer || !source.startsWith('.')) return null;
        const locale = localeOf(importer);
        if (locale === null) return null;
        const resolved = await this.resolve(source, importer.replace(QUERY, ''), { skipSelf: true });
        if (!resolved || resolved.external || !CATALOGUE_SOURCE.test(resolved.id)) return null;
        // No strings of its own: one module for every locale, the app's (it is in the entry).
        if (STRINGLESS.test(resolved.id)) return null;
        return `${resolved.id}?locale=${locale}`;
      },
    },
    sourceTransform('haoka:locale-split', (code, id) => {
      const locale = QUERY.test(id) ? localeOf(id) : null;
      if (locale !== null) return keepLocale(code, locale);
      const lazy = isLazySection(id);
      return lazy === null ? null : sectionFilesModule(code, lazy);
    }),
  ];
}
