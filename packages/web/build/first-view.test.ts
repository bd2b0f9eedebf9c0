import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/app/routes';
import { FIRST_VIEWS } from '../src/platform/first-view';
import {
  classNames,
  cleanMarkup,
  criticalCss,
  PICKER_SCRIPT_LIMIT,
  pageFiles,
  type RenderedView,
  renderViews,
  selectorClasses,
  VIEWS,
  writeViews,
} from './first-view';
import { inlineScript } from './inline-boot';

const PICKER = new URL('../src/platform/first-view.ts', import.meta.url).pathname;
const HAN = /\p{Script=Han}/u;

describe('the prerendered first views', () => {
  let views: RenderedView[];
  beforeAll(async () => {
    views = await renderViews();
  }, 120_000);

  it('are each landing page in each of the five locales, drawn by the app while its data loads', () => {
    expect(views.map((v) => `${v.view} ${v.locale}`)).toEqual(
      VIEWS.flatMap(({ view }) => ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'].map((l) => `${view} ${l}`)),
    );
    for (const { view, html } of views) {
      const { path } = VIEWS.find((v) => v.view === view) ?? {};
      const title = ROUTES.find((r) => r.path === path)?.title;
      expect(html, view).toContain(`<h1 class="app-nav__title">${title}</h1>`);
      expect(html, view).toContain('adm-skeleton');
    }
  });

  it('are plain markup: no script, no streaming markers, no test ids, no card number', () => {
    for (const { view, html } of views) {
      expect(html, view).not.toMatch(/<script|<template|<!--\$|data-testid|<link/);
    }
    const card = views.find((v) => v.view === 'iot-home')?.html ?? '';
    expect(card).toContain('iot-home');
    expect(card).not.toMatch(/>0</);
  });

  it('show no Chinese in English, French and Spanish but the page titles', () => {
    for (const { view, locale, html } of views) {
      if (locale.startsWith('zh')) continue;
      const text = html.replace(/<h1 class="app-nav__title">[^<]*<\/h1>/, '').replace(/<[^>]*>/g, ' ');
      expect(text, `${view} ${locale}`).not.toMatch(HAN);
    }
    const numbers = views.find((v) => v.view === 'numbers' && v.locale === 'en')?.html ?? '';
    expect(numbers).toContain('Search');
  });
});

describe('the first view in index.html', () => {
  it('keeps the rules whose classes the views use, in their media queries, and drops the others', () => {
    const css =
      '.a{color:red}.b .c{color:blue}.a:hover,.z{color:green}@media (min-width:600px){.a{margin:0}.z{margin:1px}}' +
      '@keyframes spin{to{transform:rotate(1turn)}}body{margin:0}';
    const kept = criticalCss(css, classNames('<div class="a b"><i class="x"></i></div>'));
    expect(kept).toBe(
      '.a{color:red}.a:hover{color:green}@media (min-width:600px){.a{margin:0}}@keyframes spin{to{transform:rotate(1turn)}}body{margin:0}',
    );
  });

  it('keeps a rule whose :not() names a class the views do not use', () => {
    expect(selectorClasses('.a .b:hover > .c')).toEqual(['a', 'b', 'c']);
    expect(selectorClasses('.a:not(.b)')).toEqual(['a']);
    expect(selectorClasses('.a:not(.b, :is(.c)) .d')).toEqual(['a', 'd']);
    expect(criticalCss('.a:not(.z){color:red}.z{color:blue}', classNames('<i class="a"></i>'))).toBe(
      '.a:not(.z){color:red}',
    );
  });

  it('drops test ids, hoisted resource hints and Suspense markers from the markup', () => {
    expect(
      cleanMarkup(
        '<link rel="preload" as="image" href="/a.png"/><!--$--><div class="p" data-testid="x">t</div><!--/$-->',
      ),
    ).toBe('<div class="p">t</div>');
  });

  it('writes every view as an inert template after #root, their script after them, their rules in the head', () => {
    const html = writeViews(
      '<html><head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body></html>',
      [
        { view: 'home', locale: 'en', html: '<p class="x">Home</p>', preload: ['/s/p.css', '/s/p.js'] },
        { view: 'numbers', locale: 'en', html: '<p class="x">Numbers</p>' },
      ],
      '.x{color:red}',
      'pick()',
    );
    expect(html).toBe(
      '<html><head><link rel="stylesheet" href="/a.css">  <style id="first-view-css">.first-view{display:contents}.x{color:red}</style>\n  </head>' +
        '<body><div id="root"></div><template data-first-view="home en" data-preload="/s/p.css /s/p.js"><div class="first-view" inert><p class="x">Home</p></div></template>' +
        '<template data-first-view="numbers en"><div class="first-view" inert><p class="x">Numbers</p></div></template>' +
        '<script>pick()</script></body></html>',
    );
  });
});

describe("the first view's script", () => {
  /** Runs the built script as a page at `hash` would; returns what it put in #root. */
  function pick(code: string, hash: string, { stored = null as string | null, languages = ['zh-CN'] } = {}) {
    const templates = ['home zh-Hans', 'home en', 'numbers fr', 'iot-home es'].map((name) => ({
      name,
      content: { cloneNode: () => `view ${name}` },
      dataset: { preload: name === 'home en' ? '/s/home.css /s/home.js /s/en.js' : undefined },
    }));
    let shown: unknown = null;
    const links: Record<string, string>[] = [];
    const documentElement = { lang: 'zh-Hans' };
    const page: Record<string, unknown> = {
      location: { hash },
      localStorage: { getItem: (key: string) => (key === 'shop:lang' ? stored : null) },
      navigator: { languages },
      document: {
        documentElement,
        head: {
          // The link as it is when it joins the page: complete, or Chromium warns of its missing href.
          appendChild: <T>(node: T) => {
            links.push({ ...(node as Record<string, string>) });
            return node;
          },
        },
        createElement: (tag: string) => ({ tag }),
        querySelector: (selector: string) =>
          templates.find((t) => selector === `template[data-first-view="${t.name}"]`) ?? null,
        getElementById: (id: string) => (id === 'root' ? { replaceChildren: (node: unknown) => (shown = node) } : null),
      },
    };
    page.globalThis = page;
    runInNewContext(code, page);
    return { shown, lang: documentElement.lang, links };
  }

  it('is small and self-contained', async () => {
    const code = await inlineScript(PICKER, 'showFirstView', PICKER_SCRIPT_LIMIT);
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(PICKER_SCRIPT_LIMIT);
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it("shows the URL's page in the stored locale, else the browser's, in that language; other pages keep an empty #root", async () => {
    const code = await inlineScript(PICKER, 'showFirstView', PICKER_SCRIPT_LIMIT);
    expect(pick(code, '#/pages/index/index?promoCode=demo')).toMatchObject({
      shown: 'view home zh-Hans',
      lang: 'zh-Hans',
    });
    expect(pick(code, '', { languages: ['en-GB'] })).toMatchObject({ shown: 'view home en', lang: 'en' });
    expect(pick(code, '#/', { stored: 'en', languages: ['fr'] })).toMatchObject({ shown: 'view home en', lang: 'en' });
    expect(pick(code, '#/pages/index/VanityNumber/index', { languages: ['fr-FR'] })).toMatchObject({
      shown: 'view numbers fr',
      lang: 'fr',
    });
    expect(pick(code, '#/pages/iot/index/index', { stored: 'es' })).toMatchObject({
      shown: 'view iot-home es',
      lang: 'es',
    });
    expect(pick(code, '#/pages/goods/detail/index?id=1', { languages: ['es'] })).toEqual({
      shown: null,
      lang: 'es',
      links: [],
    });
    expect(pick(code, '#/pages/iot/login/index').shown).toBeNull();
  });

  it("asks for the shown view's files at once, as the app's loader would (so each downloads once)", async () => {
    const code = await inlineScript(PICKER, 'showFirstView', PICKER_SCRIPT_LIMIT);
    expect(pick(code, '#/pages/index/index', { languages: ['en'] }).links).toEqual([
      { tag: 'link', crossOrigin: '', rel: 'preload', as: 'style', href: '/s/home.css' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/s/home.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/s/en.js' },
    ]);
    expect(pick(code, '#/pages/index/VanityNumber/index', { languages: ['fr'] }).links).toEqual([]);
  });

  it("names the routes the build renders, each a route of the app's table", () => {
    for (const { view, path } of VIEWS) {
      expect(FIRST_VIEWS[view] as readonly string[], view).toContain(path);
      expect(
        ROUTES.some((r) => r.path === path && r.page),
        path,
      ).toBe(true);
    }
  });
});

describe("a view's files", () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const chunk = (fileName: string, options: Partial<Rollup.OutputChunk> = {}) =>
    ({
      type: 'chunk',
      fileName,
      imports: [],
      dynamicImports: [],
      isEntry: false,
      facadeModuleId: null,
      ...options,
    }) as unknown as Rollup.OutputChunk;
  const bundle = Object.fromEntries(
    [
      chunk('entry.js', { isEntry: true, imports: ['initial.js'] }),
      chunk('initial.js'),
      chunk('page.js', { facadeModuleId: `${root}src/pages/iot/index/index.tsx`, imports: ['card.js', 'initial.js'] }),
      chunk('card.js', { dynamicImports: ['buy-fr.js', 'buy-en.js', 'chart.js'] }),
      chunk('chart.js', { facadeModuleId: `${root}src/features/chart.tsx` }),
      chunk('fr.js', { facadeModuleId: `${root}src/i18n/locales/fr.ts` }),
      chunk('buy-fr.js', { facadeModuleId: `${root}src/i18n/sections/iot-buy.ts?locale=fr` }),
      chunk('buy-en.js', { facadeModuleId: `${root}src/i18n/sections/iot-buy.ts?locale=en` }),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle;

  it("are the page's, the locale's catalogue and that locale's files of the sections they register, not the entry's", () => {
    expect(pageFiles(bundle, 'src/pages/iot/index/index.tsx', 'fr')).toEqual([
      'page.js',
      'card.js',
      'fr.js',
      'buy-fr.js',
    ]);
  });
});
