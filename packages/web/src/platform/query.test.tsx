import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  hashKey,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useQueries,
  useQuery,
} from './query';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the query cache', () => {
  it('hashes keys with object keys sorted, so one query answers both orders', () => {
    expect(hashKey(['a', { x: 1, y: 2 }])).toBe(hashKey(['a', { y: 2, x: 1 }]));
    expect(hashKey(['a', 1])).not.toBe(hashKey(['a', '1']));
  });

  it('fetches a key once for every reader, and reports pending, then the data', async () => {
    const { wrapper } = setup();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const { result } = renderHook(
      () => [useQuery({ queryKey: ['k'], queryFn }), useQuery({ queryKey: ['k'], queryFn })],
      { wrapper },
    );
    expect(result.current[0]?.isPending).toBe(true);
    await waitFor(() => expect(result.current[0]?.isFetching).toBe(true));
    await act(async () => answer.resolve('one'));
    expect(result.current.map((r) => r?.data)).toEqual(['one', 'one']);
    expect(result.current[0]?.isSuccess).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('serves a fresh answer from the cache on the next mount, and fetches a stale one again', async () => {
    const { wrapper } = setup();
    let n = 0;
    const queryFn = vi.fn(async () => ++n);
    const fresh = renderHook(() => useQuery({ queryKey: ['fresh'], queryFn }), { wrapper });
    await waitFor(() => expect(fresh.result.current.data).toBe(1));
    fresh.unmount();
    const again = renderHook(() => useQuery({ queryKey: ['fresh'], queryFn }), { wrapper });
    expect(again.result.current.data).toBe(1);
    await act(async () => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);

    const stale = renderHook(() => useQuery({ queryKey: ['fresh'], queryFn, staleTime: 0 }), { wrapper });
    // The cached answer shows while the new one comes.
    expect(stale.result.current.data).toBe(1);
    await waitFor(() => expect(stale.result.current.data).toBe(2));
  });

  it('does not fetch while disabled, and fetches once enabled', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(async () => 'x');
    const { result, rerender } = renderHook(({ on }) => useQuery({ queryKey: ['off'], queryFn, enabled: on }), {
      wrapper,
      initialProps: { on: false },
    });
    await act(async () => undefined);
    expect(queryFn).not.toHaveBeenCalled();
    expect(result.current.status).toBe('pending');
    rerender({ on: true });
    await waitFor(() => expect(result.current.data).toBe('x'));
  });

  it('keeps the data and reports the error when a fetch fails, and a refetch recovers', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn<() => Promise<string>>().mockResolvedValueOnce('ok').mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => useQuery({ queryKey: ['e'], queryFn }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('ok'));
    await act(async () => void (await result.current.refetch()));
    expect(result.current.isError).toBe(true);
    expect((result.current.error as Error).message).toBe('down');
    expect(result.current.data).toBe('ok');
    queryFn.mockResolvedValueOnce('back');
    let refetched: unknown;
    await act(async () => {
      refetched = (await result.current.refetch()).data;
    });
    expect(refetched).toBe('back');
    expect(result.current.error).toBeNull();
    expect(result.current.isSuccess).toBe(true);
  });

  it('keeps the identity of the unchanged parts of a new answer', async () => {
    const { wrapper } = setup();
    const queryFn = vi
      .fn()
      .mockResolvedValueOnce({ a: { n: 1 }, b: [{ n: 2 }], c: 1 })
      .mockResolvedValueOnce({ a: { n: 1 }, b: [{ n: 3 }], c: 1 });
    const { result } = renderHook(() => useQuery({ queryKey: ['s'], queryFn }), { wrapper });
    await waitFor(() => expect(result.current.data).toBeDefined());
    const first = result.current.data;
    await act(async () => void (await result.current.refetch()));
    expect(result.current.data).not.toBe(first);
    expect(result.current.data.a).toBe(first.a);
    expect(result.current.data.b).not.toBe(first.b);
  });

  it('invalidation fetches again the read queries under the key prefix, and only marks the rest', async () => {
    const { client, wrapper } = setup();
    const read = vi.fn(async () => 'read');
    const unread = vi.fn(async () => 'unread');
    const other = vi.fn(async () => 'other');
    await client.prefetchQuery({ queryKey: ['orders', 'unread'], queryFn: unread });
    renderHook(
      () => [
        useQuery({ queryKey: ['orders', { status: 1 }], queryFn: read }),
        useQuery({ queryKey: ['other'], queryFn: other }),
      ],
      { wrapper },
    );
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await act(() => client.invalidateQueries({ queryKey: ['orders'] }));
    expect(read).toHaveBeenCalledTimes(2);
    expect(unread).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
    // The unread one is stale now: its next reader fetches it.
    renderHook(() => useQuery({ queryKey: ['orders', 'unread'], queryFn: unread }), { wrapper });
    await waitFor(() => expect(unread).toHaveBeenCalledTimes(2));
  });

  it('forgets a query gcTime after its last reader left', async () => {
    const { client, wrapper } = setup();
    const queryFn = vi.fn(async () => 'd');
    const { unmount } = renderHook(() => useQuery({ queryKey: ['gc'], queryFn, gcTime: 0 }), { wrapper });
    await waitFor(() => expect(client.getQueryData(['gc'])).toBe('d'));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(['gc'])).toBeUndefined();
  });

  it('shows the previous key’s data as a placeholder while the next key loads (keepPreviousData)', async () => {
    const { wrapper } = setup();
    const next = deferred<string>();
    const queryFn = vi.fn(({ queryKey }: { queryKey: readonly unknown[] }) =>
      queryKey[1] === 1 ? Promise.resolve('first') : next.promise,
    );
    const { result, rerender } = renderHook(
      ({ id }) => useQuery({ queryKey: ['p', id], queryFn, placeholderData: keepPreviousData }),
      { wrapper, initialProps: { id: 1 } },
    );
    await waitFor(() => expect(result.current.data).toBe('first'));
    rerender({ id: 2 });
    expect(result.current.data).toBe('first');
    expect(result.current.isPlaceholderData).toBe(true);
    await act(async () => next.resolve('second'));
    expect(result.current.data).toBe('second');
    expect(result.current.isPlaceholderData).toBe(false);
  });

  it('setQueryData puts a fresh answer (from an updater too); select derives what the reader gets', async () => {
    const { client, wrapper } = setup();
    const queryFn = vi.fn(async () => [1, 2, 3]);
    client.setQueryData(['n'], [1]);
    client.setQueryData<number[]>(['n'], (old) => [...(old ?? []), 2]);
    const { result } = renderHook(() => useQuery({ queryKey: ['n'], queryFn, select: (list) => list.length }), {
      wrapper,
    });
    expect(result.current.data).toBe(2);
    await act(async () => undefined);
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('fetchQuery answers from the cache while fresh, and fetches once stale', async () => {
    const client = new QueryClient();
    let n = 0;
    const options = { queryKey: ['ip'], queryFn: async () => ++n, staleTime: 60_000 };
    expect(await client.fetchQuery(options)).toBe(1);
    expect(await client.fetchQuery(options)).toBe(1);
    expect(await client.fetchQuery({ ...options, staleTime: 0 })).toBe(2);
  });

  it('fetchQuery rejects with the failure; prefetchQuery does not', async () => {
    const client = new QueryClient();
    const failing = { queryKey: ['f'], queryFn: () => Promise.reject(new Error('no')) };
    await expect(client.fetchQuery(failing)).rejects.toThrow('no');
    await expect(client.prefetchQuery(failing)).resolves.toBeUndefined();
  });

  it('useQueries reads a list of queries, as many as it is given', async () => {
    const { wrapper } = setup();
    const { result, rerender } = renderHook(
      ({ ids }) => useQueries({ queries: ids.map((id) => ({ queryKey: ['q', id], queryFn: async () => id * 10 })) }),
      { wrapper, initialProps: { ids: [1, 2] } },
    );
    await waitFor(() => expect(result.current.map((r) => r.data)).toEqual([10, 20]));
    rerender({ ids: [1, 2, 3] });
    await waitFor(() => expect(result.current.map((r) => r.data)).toEqual([10, 20, 30]));
  });

  it('an infinite query appends the next page, stops at the end, and a refetch fetches the loaded pages again', async () => {
    const { wrapper } = setup();
    let version = 1;
    const queryFn = vi.fn(async ({ pageParam }: { pageParam: number }) => ({ page: pageParam, version }));
    const { result } = renderHook(
      () =>
        useInfiniteQuery({
          queryKey: ['pages'],
          queryFn,
          initialPageParam: 1,
          getNextPageParam: (last: { page: number }) => (last.page < 2 ? last.page + 1 : undefined),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.pages).toEqual([{ page: 1, version: 1 }]));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    expect(result.current.data?.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(result.current.hasNextPage).toBe(false);
    version = 2;
    await act(async () => void (await result.current.refetch()));
    expect(result.current.data?.pages).toEqual([
      { page: 1, version: 2 },
      { page: 2, version: 2 },
    ]);
    expect(queryFn).toHaveBeenCalledTimes(4);
  });

  it('a failed next page is reported as such, and the loaded pages stay', async () => {
    const { wrapper } = setup();
    const queryFn = vi
      .fn<(c: { pageParam: number }) => Promise<number>>()
      .mockResolvedValueOnce(1)
      .mockRejectedValueOnce(new Error('page 2'));
    const { result } = renderHook(
      () =>
        useInfiniteQuery({
          queryKey: ['broken'],
          queryFn,
          initialPageParam: 1,
          getNextPageParam: (last: number) => last + 1,
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data?.pages).toEqual([1]));
    await act(() => result.current.fetchNextPage());
    expect(result.current.isFetchNextPageError).toBe(true);
    expect(result.current.data?.pages).toEqual([1]);
  });

  it('a refetch while a fetch with data is under way supersedes it: the older answer is dropped', async () => {
    const { wrapper } = setup();
    const slow = deferred<string>();
    const queryFn = vi.fn<() => Promise<string>>().mockResolvedValueOnce('a').mockReturnValueOnce(slow.promise);
    const { result } = renderHook(() => ({ query: useQuery({ queryKey: ['race'], queryFn }) }), { wrapper });
    await waitFor(() => expect(result.current.query.data).toBe('a'));
    act(() => void result.current.query.refetch());
    queryFn.mockResolvedValueOnce('c');
    await act(async () => void (await result.current.query.refetch()));
    expect(result.current.query.data).toBe('c');
    await act(async () => slow.resolve('b'));
    expect(result.current.query.data).toBe('c');
  });
});
