/**
 * What each landing page downloads before its first view, from the real build's manifest
 * (packages/web/dist/.vite/manifest.json), gzip -9: the entry chunk with its static imports, the route's
 * lazy page chunk with its static imports, and one locale's catalogue file (the app loads the active
 * locale's before its first render; the largest of the five is counted) with that locale's files of the
 * lazy sections those chunks register (the page waits for them, packages/web/src/i18n/index.ts).
 * Chunks a page imports later (dialogs, charts, another locale) are not part of it. The figure is
 * deterministic for a build.
 *
 * Shared by the bench (`npm run bench -- bundle`, which runs this file with Node's type stripping) and the
 * size check (first-screen-size.spec.ts); plain TypeScript, no imports but Node's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The four landing pages: route path (as in routes.ts) and the page module the route loads. */
export const SCREENS = [
  { name: 'home', route: '/pages/index/index', source: 'src/pages/index/index.tsx' },
  { name: 'number search', route: '/pages/index/VanityNumber/index', source: 'src/pages/index/VanityNumber/index.tsx' },
  { name: 'IoT login', route: '/pages/iot/login/index', source: 'src/pages/iot/login/index.tsx' },
  { name: 'IoT home', route: '/pages/iot/index/index', source: 'src/pages/iot/index/index.tsx' },
] as const;

/** Each locale's catalogue file (packages/web/src/i18n/locales). */
export const LOCALE_SOURCES = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'].map((l) => `src/i18n/locales/${l}.ts`);

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export interface ScreenSize {
  name: string;
  source: string;
  js: number;
  css: number;
  total: number;
  files: number;
  /** The locale whose catalogue was counted (the largest). */
  locale: string;
}

export const gzipSize = (buffer: Buffer): number => gzipSync(buffer, { level: 9 }).length;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Files (JS and CSS) of a manifest chunk and everything it imports statically. */
export function closure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

/**
 * A locale's files of the lazy catalogue sections that the chunks among `files` load (a feature's
 * section registered by its code: build/locale-split.ts), added to `files` with their static imports.
 */
export function sectionFiles(manifest: Manifest, files: Set<string>, locale: string): Set<string> {
  const section = new RegExp(`^src/i18n/sections/[a-z0-9-]+\\.ts\\?locale=${locale}$`);
  const keys = Object.keys(manifest).filter((key) => files.has(manifest[key]?.file ?? ''));
  for (const key of keys) {
    for (const target of manifest[key]?.dynamicImports ?? [])
      if (section.test(target)) closure(manifest, target, files);
  }
  return files;
}

export function measureFirstScreens(dist: string): ScreenSize[] {
  const manifest = readManifest(dist);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSize(readFileSync(join(dist, file)));
      sizes.set(file, size);
    }
    return size;
  };
  const sum = (files: Iterable<string>) => {
    let js = 0;
    let css = 0;
    for (const file of files) {
      if (file.endsWith('.css')) css += sizeOf(file);
      else js += sizeOf(file);
    }
    return { js, css, total: js + css };
  };
  return SCREENS.map((screen) => {
    const page = closure(manifest, screen.source, closure(manifest, entryKey));
    let best: { files: Set<string>; locale: string; total: number } | undefined;
    for (const source of LOCALE_SOURCES) {
      const locale = source.replace(/^.*\/|\.ts$/g, '');
      const files = sectionFiles(manifest, closure(manifest, source, new Set(page)), locale);
      const { total } = sum(files);
      if (!best || total > best.total) best = { files, locale, total };
    }
    if (!best) throw new Error('no locale catalogue in the build');
    return {
      name: screen.name,
      source: screen.source,
      ...sum(best.files),
      files: best.files.size,
      locale: best.locale,
    };
  });
}
