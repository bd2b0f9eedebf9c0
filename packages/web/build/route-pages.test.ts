import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { LANDING_SPECIFIERS, ROUTE_PAGES_ID, rewriteRoutes, routePagesModule } from './route-pages';

const ROUTES = fileURLToPath(new URL('../src/app/routes.ts', import.meta.url));

const table = `
export const ROUTES = [
  { path: '/', title: 'a', page: () => import('../pages/index/index') },
  { path: '/pages/goods/index', title: 'b', page: () => import('../pages/goods/index') },
  { path: '/pages/iot/index/index', title: 'c', page: () => import('../pages/iot/index/index') },
];
export function preloadRoutePages() {
  return Promise.resolve();
}
`;

describe('route pages off the first screen', () => {
  it('keeps the landing pages’ loaders in the table and moves the others to the route pages’ module', () => {
    const { code, moved } = rewriteRoutes(table, '/app/src/app/routes.ts');
    expect(moved).toEqual(['../pages/goods/index']);
    expect(code).toContain("page: () => import('../pages/index/index')");
    expect(code).toContain("page: () => import('../pages/iot/index/index')");
    expect(code).toContain('page: __laterPage(0)');
    expect(code).not.toContain("import('../pages/goods/index')");
    expect(code).toContain(`import(${JSON.stringify(ROUTE_PAGES_ID)})`);
    expect(code).toMatch(/function preloadRoutePages\(\) \{ return __routePages\(\); \}/);
  });

  it('the module loads the moved pages in the table’s order, from the routes file’s folder', () => {
    expect(routePagesModule('/app/src/app/routes.ts', ['../pages/goods/index', '../pages/user/index'])).toBe(
      'export default [\n  () => import("/app/src/pages/goods/index"),\n  () => import("/app/src/pages/user/index"),\n];\n',
    );
  });

  it('fails the build when the table changes shape', () => {
    expect(() => rewriteRoutes('export const ROUTES = [];\nexport function preloadRoutePages() {}', 'r')).toThrow(
      /no page loader/,
    );
    expect(() => rewriteRoutes("export const R = [{ page: () => import('../pages/x') }];", 'r')).toThrow(
      /preloadRoutePages/,
    );
  });

  it('the real table: every page but the four landing pages moves', async () => {
    const { code: js } = await transformWithOxc(readFileSync(ROUTES, 'utf8'), ROUTES, { lang: 'ts' });
    const { moved } = rewriteRoutes(js, ROUTES);
    const loaders = [...js.matchAll(/import\("([^"]+)"\)|import\('([^']+)'\)/g)].map((m) => m[1] ?? m[2]);
    expect(LANDING_SPECIFIERS.size).toBe(4);
    for (const landing of LANDING_SPECIFIERS) expect(loaders).toContain(landing);
    expect(moved).toEqual(loaders.filter((loader) => !LANDING_SPECIFIERS.has(loader as string)));
    expect(moved.length).toBeGreaterThan(90);
  });
});
