/**
 * The route table's page loaders, but the landing pages', off the first screen. Each `() =>
 * import('../pages/…')` of `src/app/routes.ts` carries, in the built entry, the list of files its page
 * needs (Vite's preload list: about 280 hashed names for 100 pages, 5 KB gzip of every first screen).
 * In the build, the loader of every page but the landing pages (`VIEWS`, prerendered first views)
 * becomes `__laterPage(n)`, which imports this plugin's module `virtual:haoka-route-pages` (the pages'
 * loaders in the table's order, with their lists) and then its `n`th page. The entry loads that module
 * when a page other than a landing page opens first (one more request before its page), and after the
 * first screen (`preloadRoutePages`, main.tsx), so that moving on from a landing page waits for no more
 * than before.
 *
 * The sources keep one table: in tests and the dev server every loader is the plain import, and
 * `preloadRoutePages` has nothing to load.
 */
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import { VIEWS } from './first-view';
import { type Node, walk } from './object-literal';

export const ROUTES_FILE = /\/src\/app\/routes\.ts$/;
export const ROUTE_PAGES_ID = 'virtual:haoka-route-pages';
const RESOLVED_ID = `\0${ROUTE_PAGES_ID}`;

/** The import specifier (as routes.ts writes it) of each landing page. */
export const LANDING_SPECIFIERS: ReadonlySet<string> = new Set(
  VIEWS.map(({ source }) => source.replace(/^src\//, '../').replace(/\.tsx$/, '')),
);

export interface RoutePagesRewrite {
  code: string;
  /** The specifiers whose loaders moved to the route pages' module, in the table's order. */
  moved: string[];
}

/**
 * routes.ts with the loaders of every page but the landing pages reading the route pages' module, and
 * `preloadRoutePages` loading it. Throws when the table has none of them or `preloadRoutePages` is not
 * a function declaration, so that a change of the table's shape fails the build instead of shipping the
 * lists on the first screen again.
 */
export function rewriteRoutes(code: string, id: string): RoutePagesRewrite {
  const edits: { start: number; end: number; text: string }[] = [];
  const moved: string[] = [];
  let preload = false;
  walk(parseAst(code), (node) => {
    if (node.type === 'FunctionDeclaration' && (node.id as Node | null)?.name === 'preloadRoutePages') {
      const body = node.body as Node;
      edits.push({ start: body.start, end: body.end, text: '{ return __routePages(); }' });
      preload = true;
      return false;
    }
    if (node.type !== 'ArrowFunctionExpression' || (node.params as Node[]).length > 0) return;
    const body = node.body as Node;
    const source = body.type === 'ImportExpression' ? (body.source as Node) : undefined;
    if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
    if (LANDING_SPECIFIERS.has(source.value)) return;
    edits.push({ start: node.start, end: node.end, text: `__laterPage(${moved.length})` });
    moved.push(source.value);
    return false;
  });
  if (moved.length === 0) throw new Error(`${id}: no page loader to move off the first screen`);
  if (!preload) throw new Error(`${id}: no function preloadRoutePages to load the route pages' module`);
  let out = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  out +=
    `\nfunction __routePages() { return import(${JSON.stringify(ROUTE_PAGES_ID)}); }\n` +
    'function __laterPage(n) { return () => __routePages().then((pages) => pages.default[n]()); }\n';
  return { code: out, moved };
}

/** The route pages' module: the moved pages' loaders in the table's order (`__laterPage(n)` takes the `n`th). */
export function routePagesModule(routesFile: string, moved: readonly string[]): string {
  const dir = dirname(routesFile);
  const entries = moved.map((spec) => `  () => import(${JSON.stringify(resolve(dir, spec))}),`);
  return `export default [\n${entries.join('\n')}\n];\n`;
}

export function routePages(): Plugin {
  let routes: { file: string; moved: string[] } | undefined;
  return {
    name: 'haoka:route-pages',
    apply: 'build',
    enforce: 'post',
    resolveId(source) {
      return source === ROUTE_PAGES_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (!routes) throw new Error(`${ROUTE_PAGES_ID} was imported before src/app/routes.ts was transformed`);
      return routePagesModule(routes.file, routes.moved);
    },
    transform(code, id) {
      if (!ROUTES_FILE.test(id)) return null;
      const { code: out, moved } = rewriteRoutes(code, id);
      routes = { file: id.replace(/\?.*$/, ''), moved };
      return { code: out, map: null };
    },
  };
}
