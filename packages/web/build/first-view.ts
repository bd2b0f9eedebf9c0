/**
 * Writes the landing pages' prerendered first views into index.html (issue 24 item 1, design.md
 * "First view"): each view in each locale as a `<template>` after `#root`, the inline script that shows
 * the URL's one (src/platform/first-view.ts `showFirstView`), and, in the head, the rules the views
 * need from their pages' own stylesheets, which load only with the page's code. The entry's stylesheet
 * is linked in the head already.
 *
 * The views are rendered by the app itself (src/app/first-view-render.tsx), loaded through a Vite server
 * in SSR mode with the build's own config, so the markup is what the app's first render draws. Test ids
 * are left out (the tests find the app's elements, never the view's) and the view is inert.
 */
import { fileURLToPath } from 'node:url';
import postcss, { type Container, type Root, type Rule } from 'postcss';
import type { Plugin, Rollup } from 'vite';
import { createServer } from 'vite';
import { inlineScript } from './inline-boot';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PICKER_SOURCE = fileURLToPath(new URL('../src/platform/first-view.ts', import.meta.url));
const RENDER_MODULE = '/src/app/first-view-render.tsx';
/**
 * The picker is part of every page's HTML: 1.2 KB since it also asks for the view's files (the boot
 * script's bound, issue 24, is 1 KB; the picker's is ours, next to 10 KB of views).
 */
export const PICKER_SCRIPT_LIMIT = 1280;

/** Each view: the route it renders, its page's module (for the page's stylesheets), and a card holder's. */
export const VIEWS = [
  { view: 'home', path: '/pages/index/index', source: 'src/pages/index/index.tsx', card: false },
  {
    view: 'numbers',
    path: '/pages/index/VanityNumber/index',
    source: 'src/pages/index/VanityNumber/index.tsx',
    card: false,
  },
  { view: 'iot-login', path: '/pages/iot/login/index', source: 'src/pages/iot/login/index.tsx', card: false },
  { view: 'iot-home', path: '/pages/iot/index/index', source: 'src/pages/iot/index/index.tsx', card: true },
] as const;

interface RenderModule {
  LOCALES: readonly string[];
  renderFirstView(path: string, locale: string, options: { card: boolean }): Promise<string>;
}

export interface RenderedView {
  view: string;
  locale: string;
  html: string;
  /** The files the view's page loads before it renders, in this locale (URLs under the app's base). */
  preload?: readonly string[];
}

/** Every view in every locale, from the app's own modules. */
export async function renderViews(): Promise<RenderedView[]> {
  const server = await createServer({
    root: WEB_ROOT,
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // antd-mobile's modules import their stylesheets: bundled by Vite (which drops CSS in SSR), not by Node.
    ssr: { noExternal: ['antd-mobile'] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const render = (await server.ssrLoadModule(RENDER_MODULE)) as RenderModule;
    const views: RenderedView[] = [];
    for (const { view, path, card } of VIEWS) {
      for (const locale of render.LOCALES) {
        views.push({ view, locale, html: cleanMarkup(await render.renderFirstView(path, locale, { card })) });
      }
    }
    return views;
  } finally {
    await server.close();
  }
}

/**
 * The markup as the view needs it: no test ids (tests find the app's elements, never the view's), no
 * resource hints React hoists for images (the app's own render adds them), no Suspense markers.
 */
export function cleanMarkup(html: string): string {
  return html
    .replace(/<link\b[^>]*>/g, '')
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/<!--\/?\$[?!]?-->/g, '');
}

/** The class names the markup uses. */
export function classNames(html: string): Set<string> {
  const names = new Set<string>();
  for (const match of html.matchAll(/ class="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) names.add(name);
  }
  return names;
}

/**
 * The class names a selector requires, e.g. `.a .b:hover > .c` → a, b, c; a class inside `:not(…)` is
 * one the element must not have, so `.a:not(.b)` requires only a.
 */
export function selectorClasses(selector: string): string[] {
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? '');
}

/**
 * The rules of `css` that can match markup with these class names: a selector is kept when every class
 * it names is used (pseudo-classes and states included, so a pressed style is there too); a rule none
 * of whose selectors is kept is dropped, and so is an at-rule left empty. Keyframes and font faces stay.
 */
export function criticalCss(css: string, used: Set<string>): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        const kept = rule.selectors.filter((s) => selectorClasses(s).every((name) => used.has(name)));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      } else if (node.type === 'atrule') {
        if (/keyframes$|^font-face$/.test(node.name)) return;
        if (node.nodes) {
          prune(node);
          if (node.nodes.length === 0) node.remove();
        }
      }
    });
  };
  prune(root as Root);
  return root.toString().trim();
}

/** The stylesheets a chunk and its static imports bring, in import order. */
function stylesheetsOf(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const css: string[] = [];
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') css.push(...stylesheetsOf(bundle, next, seen));
  }
  css.push(...(chunk.viteMetadata?.importedCss ?? []));
  return css;
}

/** The chunk a source module (relative to the web package) starts. */
function chunkOf(bundle: Rollup.OutputBundle, source: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.facadeModuleId === `${WEB_ROOT}${source}`,
  );
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk;
}

/** A chunk's file and its static imports' files, each once. */
function importsOf(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk, files = new Set<string>()): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') importsOf(bundle, next, files);
  }
  return files;
}

/**
 * The locale's files of the lazy catalogue sections that `files` load (a feature's section registered
 * by its code, build/locale-split.ts), with their static imports.
 */
function sectionFilesOf(bundle: Rollup.OutputBundle, files: Set<string>, locale: string): Set<string> {
  const out = new Set<string>();
  const section = new RegExp(`/src/i18n/sections/[a-z0-9-]+\\.ts\\?locale=${locale}$`);
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    for (const target of chunk.dynamicImports) {
      const next = bundle[target];
      if (next?.type === 'chunk' && section.test(next.facadeModuleId ?? '')) importsOf(bundle, next, out);
    }
  }
  return out;
}

/**
 * What a view's page loads before its first render, but what the entry's script tag brings: the page's
 * chunk with its static imports, their stylesheets, the locale's catalogue (src/i18n/locales), which
 * the app loads before its first render, and the locale's files of the sections the page registers.
 */
export function pageFiles(bundle: Rollup.OutputBundle, source: string, locale: string): string[] {
  const entry = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const loaded = importsOf(bundle, entry);
  const page = chunkOf(bundle, source);
  const catalogue = chunkOf(bundle, `src/i18n/locales/${locale}.ts`);
  const pageJs = importsOf(bundle, page);
  const js = [...pageJs, ...importsOf(bundle, catalogue), ...sectionFilesOf(bundle, pageJs, locale)].filter(
    (file) => !loaded.has(file),
  );
  const entryCss = new Set(stylesheetsOf(bundle, entry));
  const css = stylesheetsOf(bundle, page).filter((file) => !entryCss.has(file));
  return [...new Set([...css, ...js])];
}

/** The landing pages' stylesheets (not the entry's, which the head links), each once, in load order. */
function pageStylesheets(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const entryCss = new Set(stylesheetsOf(bundle, entry));
  const files: string[] = [];
  for (const { source } of VIEWS) {
    for (const file of stylesheetsOf(bundle, chunkOf(bundle, source)))
      if (!entryCss.has(file) && !files.includes(file)) files.push(file);
  }
  return files;
}

function cssText(bundle: Rollup.OutputBundle, file: string): string {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`${file} is not in the build`);
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
}

/** index.html with the views, their script and their rules. */
export function writeViews(html: string, views: RenderedView[], css: string, picker: string): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root for the first view');
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  const templates = views
    .map(
      ({ view, locale, html: markup, preload }) =>
        `<template data-first-view="${view} ${locale}"${preload?.length ? ` data-preload="${preload.join(' ')}"` : ''}><div class="first-view" inert>${markup}</div></template>`,
    )
    .join('');
  return html
    .replace('</head>', () => `  <style id="first-view-css">.first-view{display:contents}${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root"></div>${templates}<script>${picker}</script>`);
}

function sourceOf(view: string): string {
  const found = VIEWS.find((v) => v.view === view);
  if (!found) throw new Error(`no view ${view}`);
  return found.source;
}

export function firstView(): Plugin {
  let resolvedBase = '/';
  return {
    name: 'haoka-first-view',
    apply: 'build',
    configResolved(config) {
      resolvedBase = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const views = (await renderViews()).map((view) => ({
          ...view,
          preload: pageFiles(bundle, sourceOf(view.view), view.locale).map((file) => `${resolvedBase}${file}`),
        }));
        const used = new Set<string>();
        for (const { html: markup } of views) for (const name of classNames(markup)) used.add(name);
        const css = pageStylesheets(bundle)
          .map((file) => criticalCss(cssText(bundle, file), used))
          .join('');
        const picker = await inlineScript(PICKER_SOURCE, 'showFirstView', PICKER_SCRIPT_LIMIT);
        return writeViews(html, views, css, picker);
      },
    },
  };
}
