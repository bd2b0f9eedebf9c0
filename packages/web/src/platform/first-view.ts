/**
 * The prerendered first view (issue 24 item 1, design.md "First view"). The build renders each landing
 * page's first view with React's static rendering, once per locale (app/first-view-render.tsx,
 * build/first-view.ts), and writes each into index.html as a `<template>`. `showFirstView` is the body
 * of a small inline script after them: it puts the view of the URL's page, in the visitor's locale, into
 * `#root`, so the page paints its header, its fixed parts and the list's sized skeleton with the HTML,
 * before the app's files have downloaded. React's first render replaces it (`createRoot` clears the
 * container), and `endFirstView` then drops the view's inline styles and the templates.
 *
 * Each template also names the files its page loads before it renders (`data-preload`: the page's own
 * code and stylesheets and the locale's catalogue), and the script asks for them at once, so they
 * download beside the entry instead of after it has run.
 *
 * The view is what the app itself renders while its data loads, so the change is a swap of the same
 * picture. It is inert: a tap on it before the app runs does nothing, and assistive technology waits
 * for the app.
 */
import { detectLocale } from '../i18n/detect';
import { HOME_PATHS, NUMBER_SEARCH_PATH } from './first-requests';

/** Each prerendered view and the route paths (app/routes.ts, aliases included) that show it. */
export const FIRST_VIEWS = {
  home: HOME_PATHS,
  numbers: [NUMBER_SEARCH_PATH],
  'iot-login': ['/pages/iot/login/index'],
  'iot-home': ['/pages/iot/index/index'],
} as const satisfies Record<string, readonly string[]>;
export type FirstViewName = keyof typeof FIRST_VIEWS;

/** The `<template>` attribute naming a view and its locale: `data-first-view="home en"`. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
/** The id of the inline `<style>` with the views' rules from the pages' own stylesheets. */
export const FIRST_VIEW_STYLE_ID = 'first-view-css';

/** The view of a hash route's path, if it has one. */
export function firstViewOf(path: string): FirstViewName | undefined {
  return (Object.keys(FIRST_VIEWS) as FirstViewName[]).find((view) =>
    (FIRST_VIEWS[view] as readonly string[]).includes(path),
  );
}

export function showFirstView(): void {
  try {
    const hash = location.hash.slice(1);
    const at = hash.indexOf('?');
    const view = firstViewOf(at < 0 ? hash : hash.slice(0, at));
    const locale = detectLocale();
    // The page's language from the start (i18n sets the same): it decides the fonts the text is drawn in.
    document.documentElement.lang = locale;
    const template = view
      ? document.querySelector<HTMLTemplateElement>(`template[${FIRST_VIEW_ATTRIBUTE}="${view} ${locale}"]`)
      : null;
    if (!template) return;
    document.getElementById('root')?.replaceChildren(template.content.cloneNode(true));
    for (const href of template.dataset.preload?.split(' ') ?? []) {
      // As the app's own loader asks for them (Vite's preload helper), so each is fetched once; put in
      // the page complete (a connected link without its href is a console warning).
      const link = document.createElement('link');
      link.crossOrigin = '';
      if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
      else link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // the app renders as it would without the view
  }
}

/** After the app's first render: the view's styles and the templates are no longer needed. */
export function endFirstView(): void {
  document.getElementById(FIRST_VIEW_STYLE_ID)?.remove();
  for (const template of document.querySelectorAll(`template[${FIRST_VIEW_ATTRIBUTE}]`)) template.remove();
}
