import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLayoutStore } from '../../../stores/layout';
import { emptyFilter } from '../filter/number-filter';
import { createNumberPager, numberListQueryKey } from './list-numbers';

const calls: URLSearchParams[] = [];

function stubNumberList(seed = 777) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const params = new URL(url, 'http://localhost').searchParams;
      calls.push(params);
      const data = {
        list: [],
        total: 30,
        page: Number(params.get('page')),
        pageSize: 10,
        ...(params.get('shuffle') === '1' ? { seed: Number(params.get('seed') ?? seed) } : {}),
      };
      return new Response(JSON.stringify({ code: 0, message: 'ok', data }));
    }),
  );
}

afterEach(() => {
  calls.length = 0;
  useLayoutStore.getState().patchLayout({ promoCode: '' });
});

describe('number pager', () => {
  it('sends the filter, no shuffle at first', async () => {
    stubNumberList();
    const pager = createNumberPager();
    const filter = { ...emptyFilter(), pattern: ['AABB' as const], provinceCode: '440000', priceMin: 0, priceMax: 100 };
    await pager.fetchPage(filter, 1, 10);
    expect(Object.fromEntries(calls[0]!)).toEqual({
      provinceCode: '440000',
      pattern: 'AABB',
      priceMin: '0',
      priceMax: '100',
      page: '1',
      pageSize: '10',
    });
  });

  it("lists the storefront's numbers: the promoter's code is sent and keys the cached pages", async () => {
    stubNumberList();
    const filter = emptyFilter();
    const siteKey = numberListQueryKey(filter);
    useLayoutStore.getState().patchLayout({ promoCode: 'agent7' });
    await createNumberPager().fetchPage(filter, 1, 10);
    expect(Object.fromEntries(calls[0]!)).toEqual({ promoCode: 'agent7', page: '1', pageSize: '10' });
    expect(numberListQueryKey(filter)).not.toEqual(siteKey);
  });

  it('换一批: page 1 asks for a new seed, later pages send the answered seed back', async () => {
    stubNumberList(4242);
    const pager = createNumberPager();
    const filter = emptyFilter();
    pager.reshuffle(filter);
    await pager.fetchPage(filter, 1, 10);
    await pager.fetchPage(filter, 2, 10);
    expect(calls[0]?.get('shuffle')).toBe('1');
    expect(calls[0]?.has('seed')).toBe(false);
    expect(calls[1]?.get('shuffle')).toBe('1');
    expect(calls[1]?.get('seed')).toBe('4242');

    // Another filter is not shuffled by this one's refresh.
    await pager.fetchPage({ ...filter, keyword: '8' }, 1, 10);
    expect(calls[2]?.has('shuffle')).toBe(false);

    // A second refresh asks for a new seed again.
    pager.reshuffle(filter);
    await pager.fetchPage(filter, 1, 10);
    expect(calls[3]?.has('seed')).toBe(false);
  });
});
