import { describe, expect, it } from 'vitest';
import { findRoute, ROUTES } from './routes';

describe('route table', () => {
  it('every route has a non-empty Chinese title', () => {
    for (const route of ROUTES) {
      expect(route.title.trim(), route.path).not.toBe('');
      expect(/\p{Script=Han}/u.test(route.title) || route.title.startsWith('WiFi'), route.path).toBe(true);
    }
  });

  it('no path or alias is registered twice', () => {
    const all = ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])].map((p) => p.toLowerCase()));
    expect(new Set(all).size).toBe(all.length);
  });

  it('only the shop home pages and the mine page are tabs', () => {
    expect(ROUTES.filter((r) => r.tab !== undefined).map((r) => [r.path, r.tab])).toEqual([
      ['/', 0],
      ['/pages/index/index', 0],
      ['/pages/user/index2', 1],
    ]);
  });

  it('findRoute finds a path', () => {
    expect(findRoute('/pages/login/index')?.title).toBe('订单查询');
    expect(findRoute('/')?.title).toBe('首页');
  });

  it('findRoute is case-insensitive and ignores a trailing slash', () => {
    expect(findRoute('/Pages/Login/Index')?.path).toBe('/pages/login/index');
    expect(findRoute('/pages/login/index/')?.path).toBe('/pages/login/index');
    expect(findRoute('/PAGES/USER/INDEX2//')?.path).toBe('/pages/user/index2');
    expect(findRoute('/pages/index/vanitynumber/index')?.path).toBe('/pages/index/VanityNumber/index');
  });

  it('findRoute resolves an alias to its route', () => {
    expect(findRoute('/pages-sub/vip/index')?.path).toBe('/pages-sub/iot/vip/index');
    expect(findRoute('/pages-sub/integralShop/details/index')?.path).toBe('/pages-sub/iot/integralShop/details/index');
  });

  it('findRoute gives undefined for an unknown path', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/pages/login')).toBeUndefined();
  });
});
