import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_LIMIT, bootScript } from './inline-boot';

/** Runs the built script as a page at `hash` would, with `layout` stored; answers the fetches it starts. */
function runBoot(code: string, hash: string, layout: string | null) {
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  const page: Record<string, unknown> = {
    location: { hash, hostname: 'shop.example' },
    localStorage: { getItem: (key: string) => (key === 'shop:layout' ? layout : null) },
    URLSearchParams,
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, headers: init.headers });
      return new Promise(() => {});
    },
  };
  page.globalThis = page;
  runInNewContext(code, page);
  return { fetched, requests: page.__haokaFirstRequests as Record<string, { sid: string }> };
}

describe('the inline boot script', () => {
  it('is small enough for every page (issue 24: under 1 KB) and self-contained', async () => {
    const code = await bootScript();
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(BOOT_SCRIPT_LIMIT);
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it("starts the number search's requests with the stored session and promoter, and leaves them for the app", async () => {
    const code = await bootScript();
    const layout = JSON.stringify({ state: { promoCode: 'agent7', sessionId: 'f'.repeat(32) }, version: 0 });
    const { fetched, requests } = runBoot(code, '#/pages/index/VanityNumber/index', layout);
    expect(fetched.map((f) => f.url)).toEqual([
      '/api/hk/baseConfig?promoCode=agent7',
      '/api/shop/numberList?promoCode=agent7&page=1&pageSize=10',
    ]);
    expect(fetched[0]?.headers).toEqual({ hostname: 'shop.example', 'session-id': 'f'.repeat(32) });
    expect(Object.keys(requests)).toEqual(fetched.map((f) => f.url));
  });

  it('runs with unreadable storage', async () => {
    const { fetched } = runBoot(await bootScript(), '#/pages/iot/login/index?promoCode=demo', '{not json');
    expect(fetched.map((f) => f.url)).toEqual(['/api/hk/baseConfig?promoCode=demo']);
    expect(fetched[0]?.headers['session-id']).toBe('');
  });
});
