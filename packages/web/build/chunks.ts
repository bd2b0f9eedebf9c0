/**
 * How the build groups modules into files, for the first screen's round trips (docs/performance.md).
 *
 * Left alone, the bundler makes one file per distinct set of lazy chunks sharing a module: about 290
 * files, of which the entry pulls in 22 and the home page 64 more. Over HTTP/1.1 a browser fetches six at
 * a time, so the first screen waited on about 15 round trips. Grouped, the home page loads 2 files and
 * then about 30:
 *
 * - `initial`: every module the entry imports statically, in one file beside the entry;
 * - `common`: modules that at least `COMMON_MIN_LAZY_CHUNKS` lazy chunks (routes, dialogs) import and the
 *   shop's landing pages use, in one file that those routes share: the UI components, request hooks and
 *   widgets most pages use; the same sharing by pages that the shop's landing pages do not load is in
 *   files by the card landing pages that load it (`common-login-card`, `common-login`, `common-card`) and
 *   `common-rest` for none (`commonGroupOf`), so that each landing page downloads only the shared code it
 *   runs;
 * - `card-pages`, `card-rest`, `card-core`: the same for the card pages' own scripts (the IoT features and
 *   their catalogue sections) and every card page stylesheet (`CARD_STYLES`), so that the shop's home,
 *   which loads `common`, loads none of them: what the card home loads, the rest, and what the card login
 *   loads (`cardGroupOf`). The card CSS is two files, each in import order; no card stylesheet overrides
 *   one of the other file, and the frame they override (`.iot-page`) is in the app's first stylesheet;
 * - `motion`: the animation libraries (react-spring, @use-gesture) and the antd-mobile components built on
 *   them (Popup, Mask, Dialog, Toast, Tabs, Swiper, Picker…), when as many lazy chunks share them as
 *   `common` takes, in a file of their own: the shop's home and number search use none of them (their tabs,
 *   pull-to-refresh and filter dropdown are the shop's own components), so they do not load it;
 * - `shop-landing`: the modules the shop's landing pages (home, number search) share with fewer than
 *   `COMMON_MIN_LAZY_CHUNKS` other pages — the number card, the search head, the chips, the carousel, the
 *   goods card, a few icons — in one file instead of about twenty files of 1–2 KB. Each file is a
 *   `<link rel="modulepreload">` or a stylesheet that the page's import appends (about 1.5 ms of main
 *   thread each, 6 ms on Lighthouse's phone) and a request on a six-connection HTTP/1.1 host. A module
 *   that the card's landing pages (login, home) load too stays in the automatic split, so that they do
 *   not load this file. Another page that shares one of these modules loads the whole file when it is
 *   the first page opened (about 40 pages, 13–15 KB more; docs/performance.md has the alternatives
 *   measured, a file per card landing page among them);
 * - the rest stays in the automatic split: a page's own modules in its chunk, and modules shared by a
 *   few pages in files of their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

/** A module shared by at least this many lazy chunks goes into `common`. */
export const COMMON_MIN_LAZY_CHUNKS = 12;

/**
 * The card pages' own modules: the IoT features (scripts and stylesheets) and their catalogue sections
 * (all five locales of a card feature's texts, `i18n/sections/iot-*.ts`: only that feature imports one).
 */
export const CARD_PAGES = /\/src\/(?:features\/iot-[^/]+\/|i18n\/sections\/iot-[^/]+\.ts$)/;
/**
 * A card feature's registration of its catalogue sections and the sections as it imports them (a loader
 * per locale in the build, build/locale-split.ts): in `card-pages` when the card home loads them, however
 * few pages do, rather than files of their own on its first screen (`cardGroupOf`).
 */
export const CARD_SECTION_REGISTRATION =
  /\/src\/(?:features\/iot-[^/]+\/i18n(?:-[a-z]+)?|i18n\/sections\/iot-[^/]+)\.ts$/;
/** The card pages' stylesheets, in `card-pages` or `card-rest` however few pages share one. */
export const CARD_STYLES = /\/src\/features\/iot-[^/]+\/.+\.css$/;

/**
 * antd-mobile's components that use the animation libraries (react-spring, @use-gesture), directly or
 * through another such component (a Dropdown through its Popup), read from the installed package.
 */
export function animatedAntdComponents(): Set<string> {
  const root = join(dirname(createRequire(import.meta.url).resolve('antd-mobile/package.json')), 'es/components');
  const code = new Map<string, string>();
  for (const dir of readdirSync(root)) {
    const files = readdirSync(join(root, dir)).filter((file) => file.endsWith('.js'));
    code.set(dir, files.map((file) => readFileSync(join(root, dir, file), 'utf8')).join('\n'));
  }
  const animated = new Set([...code].filter(([, text]) => /@react-spring|@use-gesture/.test(text)).map(([dir]) => dir));
  for (let grown = true; grown; ) {
    grown = false;
    for (const [dir, text] of code) {
      if (!animated.has(dir) && [...animated].some((a) => new RegExp(`from '\\.\\./${a}['/]`).test(text))) {
        animated.add(dir);
        grown = true;
      }
    }
  }
  return animated;
}

/**
 * The animation libraries and the antd-mobile components that need them (popups, dialogs, tabs,
 * pull-to-refresh): a file of their own, which the shop's home and number search do not load.
 */
export function motionModules(): (id: string) => boolean {
  const components = animatedAntdComponents();
  return (id) => {
    if (/\/node_modules\/(?:@react-spring|@use-gesture)\//.test(id)) return true;
    const component = /\/antd-mobile\/es\/components\/([^/]+)\//.exec(id)?.[1];
    return component !== undefined && components.has(component);
  };
}

/** The landing pages' modules (the first screens the bench measures): the shop's and the card's. */
export const SHOP_LANDING_PAGES = /\/src\/pages\/index\/(?:index|VanityNumber\/index)\.tsx$/;
export const CARD_LOGIN_PAGE = /\/src\/pages\/iot\/login\/index\.tsx$/;
export const CARD_HOME_PAGE = /\/src\/pages\/iot\/index\/index\.tsx$/;
export const CARD_LANDING_PAGES = /\/src\/pages\/iot\/(?:index|login)\/index\.tsx$/;

/** A locale's catalogue file (src/i18n/locales), which every first screen loads before it renders. */
export const LOCALE_CATALOGUE = /\/src\/i18n\/locales\/[^/]+\.ts$/;

/**
 * The first screens a shared file is for, in the order its name lists them: the shop's (home and the
 * number search, which load the same files), the card login's, the card home's.
 */
const AUDIENCES = [
  ['shop', SHOP_LANDING_PAGES],
  ['login', CARD_LOGIN_PAGE],
  ['card', CARD_HOME_PAGE],
] as const;

/**
 * Whether a module that the automatic split would put in a file of its own goes to `shop-landing`:
 * shared by a few lazy chunks, among them a shop landing page and no card landing page.
 */
export function inShopLanding(chunks: ReadonlySet<string>): boolean {
  const all = [...chunks];
  return (
    chunks.size >= 2 &&
    all.some((chunk) => SHOP_LANDING_PAGES.test(chunk)) &&
    !all.some((chunk) => CARD_LANDING_PAGES.test(chunk))
  );
}

/**
 * Where a shop module shared by many lazy chunks goes: by the landing pages whose first screen loads it,
 * so that each first screen downloads only the shared code it runs. `common` when a shop landing page
 * does, or a locale's catalogue (the one shared file the shop's home loads: split further, its smaller
 * files compressed worse, docs/performance.md); else a file named after the card landing pages that do
 * (`common-login-card`, `common-login`, `common-card`); `common-rest` when none does (the payment kit,
 * the SMS countdown, lists and radios). A page that is no landing page loads whichever of the files it
 * uses.
 */
export function commonGroupOf(chunks: ReadonlySet<string>): string {
  const all = [...chunks];
  // Every first screen loads its locale's catalogue: what the catalogue imports, they all load.
  if (all.some((chunk) => LOCALE_CATALOGUE.test(chunk))) return 'common';
  const audience = AUDIENCES.filter(([, page]) => all.some((chunk) => page.test(chunk))).map(([name]) => name);
  if (audience.includes('shop')) return 'common';
  return audience.length === 0 ? 'common-rest' : `common-${audience.join('-')}`;
}

/**
 * Where a card module goes (null: the automatic split, a page's own modules in its chunk):
 *
 * - `card-core`: what the card login loads of the card pages' shared modules. The login is no card
 *   page (no frame, none of the card pages' stylesheets), so it loads neither `card-pages` nor
 *   `card-rest`; its own stylesheet and texts load with its page;
 * - `card-pages`: what the card home loads: its stylesheets, the card modules many pages share, and a
 *   card feature's section registration (with its sections' loaders) that a card landing page loads,
 *   however few pages do, rather than files of their own on that page's first screen;
 * - `card-rest`: every other card stylesheet, and the card modules many pages share that the card home
 *   does not load (the buying rules, the buying texts' registration): so the card home downloads only
 *   its own (its stylesheets were 1.5 of the 8.4 KB gzip of all card CSS).
 *
 * The card CSS is two files, each in import order. They do not override each other: each stylesheet
 * styles its own feature's classes, and the frame they all override by order (`.iot-page`) is in the
 * app's first stylesheet (src/styles.css), before either.
 */
export function cardGroupOf(id: string, chunks: ReadonlySet<string>): 'card-pages' | 'card-rest' | 'card-core' | null {
  const all = [...chunks];
  const shared = CARD_PAGES.test(id) && chunks.size >= COMMON_MIN_LAZY_CHUNKS;
  const registration = CARD_SECTION_REGISTRATION.test(id) && all.some((chunk) => CARD_LANDING_PAGES.test(chunk));
  const cardHome = all.some((chunk) => CARD_HOME_PAGE.test(chunk));
  if (all.some((chunk) => CARD_LOGIN_PAGE.test(chunk))) {
    // Only what many pages share: the login's own registration and texts stay in the login's chunk.
    return !id.endsWith('.css') && shared ? 'card-core' : null;
  }
  if (registration) return 'card-pages';
  if (!shared && !CARD_STYLES.test(id)) return null;
  return cardHome ? 'card-pages' : 'card-rest';
}

/** The group of a module shared by many lazy chunks: the card pages' modules apart from everything else. */
export function sharedGroupOf(id: string): 'card-pages' | 'common' {
  return CARD_PAGES.test(id) ? 'card-pages' : 'common';
}

export interface ModuleGraph {
  getModuleInfo(id: string): {
    importers: readonly string[];
    dynamicImporters: readonly string[];
    /** The module's code (after the transforms), when known. */
    code?: string | null;
    exports?: readonly string[];
  } | null;
}

/** The contract's index, which re-exports its modules (`export *`, `export * as xApi`). */
export const CONTRACT_INDEX = /\/contract\/src\/index\.ts$/;

/**
 * The names under which the contract's index exports module `id` (its namespace's name, or the module's
 * own exports), or undefined when the index does not re-export it by a path it names.
 */
export function indexNamesOf(graph: ModuleGraph, index: string, id: string): readonly string[] | undefined {
  const code = graph.getModuleInfo(index)?.code;
  const path = /\/contract\/src\/(.+)\.ts$/.exec(id)?.[1];
  if (!code || !path) return undefined;
  const from = `from\\s*['"]\\./${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.js['"]`;
  const namespace = new RegExp(`export\\s*\\*\\s*as\\s+(\\w+)\\s*${from}`).exec(code)?.[1];
  if (namespace) return [namespace];
  return new RegExp(`export\\s*\\*\\s*${from}`).test(code)
    ? (graph.getModuleInfo(id)?.exports ?? undefined)
    : undefined;
}

/**
 * The names a module imports from the contract's index (`import { a, b } from '@haoka/contract'`, type
 * imports already gone from its code), or undefined when it cannot tell (no code, a namespace import, an
 * import by another path).
 */
export function contractNamesOf(code: string | null | undefined): ReadonlySet<string> | undefined {
  if (!code || /import\s*\*\s*as\s+\w+\s*from\s*['"]@haoka\/contract['"]/.test(code)) return undefined;
  const names = new Set<string>();
  for (const [, list] of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]@haoka\/contract['"]/g))
    for (const item of (list ?? '').split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  return names.size > 0 ? names : undefined;
}

/**
 * The lazy chunks a module is loaded with: the dynamically imported modules that import it statically,
 * directly or through other modules (a dynamically imported module counts for itself).
 *
 * A module the contract's index re-exports is imported, through the index, only by the modules that
 * import one of its names: every page imports the index, and counting them all would put every
 * endpoint declaration on the shop's home (`common`).
 */
export function lazyChunksOf(graph: ModuleGraph, memo = new Map<string, ReadonlySet<string>>()) {
  // Each importer's names are read once, not once for every contract module it could import.
  const namesRead = new Map<string, ReadonlySet<string> | undefined>();
  const contractNamesOfModule = (user: string) => {
    if (!namesRead.has(user)) namesRead.set(user, contractNamesOf(graph.getModuleInfo(user)?.code));
    return namesRead.get(user);
  };
  const importersOf = (id: string, importers: readonly string[]): string[] =>
    importers.flatMap((importer) => {
      if (!CONTRACT_INDEX.test(importer)) return [importer];
      const names = indexNamesOf(graph, importer, id);
      if (!names) return [importer];
      return (graph.getModuleInfo(importer)?.importers ?? []).filter((user) => {
        const imported = contractNamesOfModule(user);
        return !imported || names.some((name) => imported.has(name));
      });
    });
  // `complete` is false when the walk stopped at an import cycle: such a partial answer is not kept.
  const visit = (id: string, path: Set<string>): { chunks: ReadonlySet<string>; complete: boolean } => {
    const known = memo.get(id);
    if (known) return { chunks: known, complete: true };
    const info = graph.getModuleInfo(id);
    const chunks = new Set<string>();
    if (!info) return { chunks, complete: true };
    if (info.dynamicImporters.length > 0) chunks.add(id);
    let complete = true;
    path.add(id);
    for (const importer of importersOf(id, info.importers)) {
      if (path.has(importer)) {
        complete = false; // the importer's walk, further down the stack, covers the rest
        continue;
      }
      const above = visit(importer, path);
      for (const chunk of above.chunks) chunks.add(chunk);
      complete &&= above.complete;
    }
    path.delete(id);
    if (complete) memo.set(id, chunks);
    return { chunks, complete };
  };
  return (id: string) => visit(id, new Set()).chunks;
}

/** The groups for one build (`vite build` makes one chunking pass). */
export function codeSplitting(): CodeSplitting {
  const memo = new Map<string, ReadonlySet<string>>();
  const isMotion = motionModules();
  const isCommon = (id: string, graph: ModuleGraph) => {
    if (CARD_STYLES.test(id) || sharedGroupOf(id) !== 'common') return null;
    const chunks = lazyChunksOf(graph, memo)(id);
    return chunks.size >= COMMON_MIN_LAZY_CHUNKS ? commonGroupOf(chunks) : null;
  };
  return {
    groups: [
      { name: 'initial', tags: ['$initial'], priority: 4 },
      {
        name: (id, ctx) =>
          isMotion(id) && lazyChunksOf(ctx, memo)(id).size >= COMMON_MIN_LAZY_CHUNKS ? 'motion' : null,
        debugName: 'motion',
        priority: 3,
        // Only the animation modules: what they share with the rest (antd-mobile's helpers, ahooks)
        // stays in `common`, or `common` would import this file and every page would load it.
        includeDependenciesRecursively: false,
      },
      {
        name: (id, ctx) => (isCommon(id, ctx) === 'common' ? 'common' : null),
        debugName: 'common',
        // Before the others: what every landing page uses, with its dependencies (which they all use too).
        priority: 2,
      },
      {
        name: (id, ctx) => {
          const group = isCommon(id, ctx);
          return group === 'common' ? null : group;
        },
        debugName: 'common-<landing pages>, common-rest',
        priority: 1,
        // Its own modules only: a dependency is loaded by every page that loads the module, so it is in
        // the file of those pages or of more.
        includeDependenciesRecursively: false,
      },
      {
        name: (id, ctx) => cardGroupOf(id, lazyChunksOf(ctx, memo)(id)),
        debugName: 'card-pages, card-rest, card-core',
        priority: 1,
        // Only the card pages' own modules: a shop module they import (the payment kit's polling, the
        // catalogue's section helper) stays where the shop's pages find it, so home never loads this file.
        includeDependenciesRecursively: false,
      },
      {
        name: (id, ctx) =>
          !CARD_PAGES.test(id) && !CARD_STYLES.test(id) && inShopLanding(lazyChunksOf(ctx, memo)(id))
            ? 'shop-landing'
            : null,
        debugName: 'shop-landing',
        priority: 0,
        // Its own modules only: what they import from `common` or `initial` stays there.
        includeDependenciesRecursively: false,
      },
    ],
  };
}
