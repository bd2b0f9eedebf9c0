/**
 * The shop's server-state cache (ADR 0029): the part of TanStack Query's API the shop uses, under its
 * names and with its meaning, in a seventh of its bytes on every first screen. The staff console keeps
 * TanStack Query itself.
 *
 * - A query is cached by its key (`queryKey`, hashed with object keys sorted) and fetched once however
 *   many components ask at the same time. Its answer replaces the old one structurally: unchanged parts
 *   keep their identity, so effects and memos that depend on them do not run again.
 * - A component that reads a query (`useQuery`, `useQueries`, `useInfiniteQuery`) fetches it when it
 *   mounts or its key or `enabled` changes, if it has no data, is stale (older than `staleTime`, 30 s by
 *   default: app/providers.tsx) or was invalidated; `refetchOnMount: 'always'` fetches on every mount.
 * - A query nobody reads is forgotten `gcTime` after its last reader left (5 min; 0 forgets at once).
 * - `invalidateQueries` marks every query under a key prefix stale and fetches again those being read;
 *   `refetch` fetches again at once (a fetch under way with data is superseded: its answer is dropped).
 * - A failed fetch is not retried (the request wrapper already told the shopper); the query keeps its
 *   data and reports the error. Nothing refetches on window focus or reconnect.
 * - `placeholderData` stands in while a query has no data (`keepPreviousData`: the previous key's);
 *   `initialData` is put in the cache when the query is created; `select` derives what the reader gets.
 * - An infinite query keeps `{ pages, pageParams }`: `fetchNextPage` appends the page
 *   `getNextPageParam` names, and a refetch fetches the loaded pages again in order.
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';

export type QueryKey = readonly unknown[];
type Status = 'pending' | 'error' | 'success';

interface QueryState {
  data: unknown;
  dataUpdatedAt: number;
  error: unknown;
  status: Status;
  isFetching: boolean;
  /** The running (or last failed) fetch is of an infinite query's next page. */
  nextPage: boolean;
  nextPageFailed: boolean;
  isInvalidated: boolean;
}

export interface InfiniteData<T, P = unknown> {
  pages: T[];
  pageParams: P[];
}

interface BaseOptions<T> {
  queryKey: QueryKey;
  enabled?: boolean;
  /** How long an answer is fresh, in ms. */
  staleTime?: number;
  /** How long a query nobody reads is kept, in ms. */
  gcTime?: number;
  refetchOnMount?: boolean | 'always';
  initialData?: T;
}

export interface QueryOptions<T = unknown, D = T> extends BaseOptions<T> {
  queryFn: (context: { queryKey: QueryKey }) => Promise<T> | T;
  placeholderData?: D | ((previous: D | undefined) => D | undefined);
  select?: (data: T) => D;
}

export interface InfiniteQueryOptions<T, P> extends BaseOptions<InfiniteData<T, P>> {
  queryFn: (context: { queryKey: QueryKey; pageParam: P }) => Promise<T>;
  initialPageParam: P;
  /** The next page's param, or undefined at the end. */
  getNextPageParam: (lastPage: T, pages: T[]) => P | undefined;
  placeholderData?: (previous: InfiniteData<T, P> | undefined) => InfiniteData<T, P> | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: the cache holds queries of every type; each hook types its own.
type AnyOptions = BaseOptions<any> & { queryFn?: (context: any) => unknown; initialPageParam?: unknown } & {
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  getNextPageParam?: (lastPage: any, pages: any[]) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  placeholderData?: any;
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  select?: (data: any) => unknown;
};

interface ResultBase<D> {
  error: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  /** Fetches again now; resolves with the result once it is in (never rejects). */
  refetch: () => Promise<QueryResult<D>>;
}
/** What a reader gets; `isSuccess` (or `status: 'success'`) tells that `data` is there. */
export type QueryResult<D> = ResultBase<D> &
  (
    | { status: 'success'; data: D; isPending: false; isError: false; isSuccess: true }
    | { status: 'pending'; data: D | undefined; isPending: true; isError: false; isSuccess: false }
    | { status: 'error'; data: D | undefined; isPending: false; isError: true; isSuccess: false }
  );
export type UseQueryResult<D> = QueryResult<D>;

export type UseInfiniteQueryResult<T = unknown, P = unknown> = QueryResult<InfiniteData<T, P>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<void>;
};

/** `placeholderData` that keeps showing the previous key's data while the new key loads. */
export const keepPreviousData = <T,>(previous: T | undefined): T | undefined => previous;

/** Names a query's options once, for `useQuery`, `fetchQuery` and `prefetchQuery` alike (types only). */
export const queryOptions = <T, D = T>(options: QueryOptions<T, D>): QueryOptions<T, D> => options;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** The key's hash: JSON with each object's keys sorted, so `{a, b}` and `{b, a}` are one query. */
export const hashKey = (key: QueryKey): string =>
  JSON.stringify(key, (_, value) =>
    isPlain(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  );

/** Whether `filter` (a key prefix) matches `key`: each of its parts equals the key's, objects partially. */
function matches(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (!key || !filter || typeof key !== 'object' || typeof filter !== 'object') return false;
  return Object.keys(filter).every((k) => matches((key as never)[k], (filter as never)[k]));
}

/** `next`, with every part deep-equal to `previous`'s replaced by that part (structural sharing). */
function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlain(previous) && isPlain(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  let same = keys.length === Object.keys(before).length;
  const copy: Record<string, unknown> = arrays ? ([] as never) : {};
  for (const k of keys) {
    copy[k] = share(before[k], after[k]);
    if (copy[k] !== before[k] || !(k in before)) same = false;
  }
  return same ? previous : copy;
}

interface Observer {
  options: AnyOptions;
}

let ids = 0;

class Query {
  readonly id = ++ids;
  state: QueryState;
  options: AnyOptions;
  readonly observers = new Set<Observer>();
  private readonly listeners = new Set<() => void>();
  private promise: Promise<void> | undefined;
  private run = 0;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cache: Map<string, Query>,
    readonly hash: string,
    readonly key: QueryKey,
    options: AnyOptions,
  ) {
    this.options = options;
    const data = options.initialData;
    this.state = {
      data,
      dataUpdatedAt: data === undefined ? 0 : Date.now(),
      error: null,
      status: data === undefined ? 'pending' : 'success',
      isFetching: false,
      nextPage: false,
      nextPageFailed: false,
      isInvalidated: false,
    };
  }

  set(patch: Partial<QueryState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  setData(data: unknown, patch: Partial<QueryState> = {}): void {
    this.set({
      data: share(this.state.data, data),
      dataUpdatedAt: Date.now(),
      error: null,
      status: 'success',
      isInvalidated: false,
      ...patch,
    });
  }

  isStale(staleTime = 0): boolean {
    const { data, dataUpdatedAt, isInvalidated } = this.state;
    return data === undefined || isInvalidated || Date.now() - dataUpdatedAt >= staleTime;
  }

  /** Whether a reader with `enabled` not false reads it (what invalidation fetches again). */
  isActive(): boolean {
    return [...this.observers].some((observer) => observer.options.enabled !== false);
  }

  subscribe(observer: Observer, listener: () => void): () => void {
    this.observers.add(observer);
    this.listeners.add(listener);
    clearTimeout(this.gcTimer);
    return () => {
      this.observers.delete(observer);
      this.listeners.delete(listener);
      this.scheduleGc();
    };
  }

  /** Forgets the query `gcTime` after its last reader left (one never read is kept). */
  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    if (this.observers.size > 0) return;
    this.gcTimer = setTimeout(
      () => {
        if (this.observers.size === 0 && this.cache.get(this.hash) === this) this.cache.delete(this.hash);
      },
      this.options.gcTime ?? 5 * 60_000,
    );
  }

  /**
   * Fetches the query (or its next page), sharing a fetch under way; `supersede` starts a new one
   * instead when the query has data (a refetch or an invalidation), and the old one's answer is dropped.
   */
  fetch(supersede = false, nextPage = false): Promise<void> {
    if (this.promise && !(supersede && this.state.data !== undefined)) return this.promise;
    const run = ++this.run;
    const current = () => run === this.run;
    this.set({ isFetching: true, nextPage, nextPageFailed: false });
    const promise = this.load(nextPage).then(
      (data) => {
        if (!current()) return;
        this.promise = undefined;
        this.setData(data, { isFetching: false, nextPage: false });
      },
      (error: unknown) => {
        if (!current()) return;
        this.promise = undefined;
        this.set({ error, status: 'error', isFetching: false, nextPage: false, nextPageFailed: nextPage });
      },
    );
    this.promise = promise;
    return promise;
  }

  private async load(nextPage: boolean): Promise<unknown> {
    const { queryFn, getNextPageParam, initialPageParam } = this.options;
    if (!queryFn) throw new Error(`query ${this.hash} has no queryFn`);
    const queryKey = this.key;
    if (!getNextPageParam) return queryFn({ queryKey });
    const old = this.state.data as InfiniteData<unknown> | undefined;
    const pages = nextPage && old ? [...old.pages] : [];
    const pageParams = nextPage && old ? [...old.pageParams] : [];
    const count = nextPage ? 1 : Math.max(old?.pages.length ?? 0, 1);
    for (let i = 0; i < count; i++) {
      const param = pages.length === 0 ? initialPageParam : getNextPageParam(pages[pages.length - 1], pages);
      if (param === undefined || param === null) break;
      pages.push(await queryFn({ queryKey, pageParam: param }));
      pageParams.push(param);
    }
    return { pages, pageParams };
  }
}

interface ClientConfig {
  defaultOptions?: { queries?: Pick<BaseOptions<unknown>, 'staleTime' | 'gcTime'> };
}

interface Filter {
  queryKey: QueryKey;
  /** Only the query with exactly this key, not those under it. */
  exact?: boolean;
}

export class QueryClient {
  private readonly cache = new Map<string, Query>();

  constructor(private readonly config: ClientConfig = {}) {}

  /** The query for these options, created if new; it fetches with the latest options' `queryFn`. */
  build(options: AnyOptions): { query: Query; options: AnyOptions } {
    const merged = { ...this.config.defaultOptions?.queries, ...options };
    const hash = hashKey(options.queryKey);
    let query = this.cache.get(hash);
    if (!query) {
      query = new Query(this.cache, hash, options.queryKey, merged);
      this.cache.set(hash, query);
    } else if (merged.queryFn) query.options = merged;
    return { query, options: merged };
  }

  private findAll({ queryKey, exact }: Filter): Query[] {
    const hash = hashKey(queryKey);
    return [...this.cache.values()].filter((query) => (exact ? query.hash === hash : matches(query.key, queryKey)));
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.cache.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  /** Puts data in the cache as a fresh answer (`update` gets the cached data; undefined changes nothing). */
  setQueryData<T>(queryKey: QueryKey, update: T | ((cached: T | undefined) => T | undefined)): void {
    const { query } = this.build({ queryKey });
    const data = typeof update === 'function' ? (update as (cached: unknown) => T)(query.state.data) : update;
    if (data !== undefined) query.setData(data);
  }

  /** `setQueryData` on every cached query under the key. */
  setQueriesData<T>(filter: Filter, update: (cached: T | undefined) => T | undefined): void {
    for (const query of this.findAll(filter)) this.setQueryData(query.key, update);
  }

  /** Marks the queries stale and fetches again those being read; resolves when they are in. */
  async invalidateQueries(filter: Filter): Promise<void> {
    const queries = this.findAll(filter);
    for (const query of queries) query.set({ isInvalidated: true });
    await Promise.all(queries.filter((query) => query.isActive()).map((query) => query.fetch(true)));
  }

  removeQueries(filter: Filter): void {
    for (const query of this.findAll(filter)) this.cache.delete(query.hash);
  }

  /** The query's data: the cached answer while fresh, else fetched; rejects with the fetch's error. */
  async fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    const { query, options: merged } = this.build(options);
    if (query.isStale(merged.staleTime)) await query.fetch();
    if (query.state.status === 'error') throw query.state.error;
    return query.state.data as T;
  }

  /** `fetchQuery` that never rejects (a failure is the reader's to show). */
  async prefetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    await this.fetchQuery(options).catch(() => undefined);
  }
}

const ClientContext = createContext<QueryClient | undefined>(undefined);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <ClientContext value={client}>{children}</ClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}

interface Observed {
  query: Query;
  observer: Observer & { previous: unknown };
}

/** Reads the queries of `list`: subscribes while mounted and fetches what is due. */
function useObserved(list: readonly AnyOptions[]): Observed[] {
  const client = useQueryClient();
  const built = list.map((options) => client.build(options));
  const identity = built.map(({ query }) => query.id).join();
  const last = useRef<Observed[]>([]);
  // One observer per query, kept while the component reads the same queries; it carries the last data
  // it read to the next key's (`keepPreviousData`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `identity` names the queries of `built`.
  const observed = useMemo<Observed[]>(
    () =>
      built.map(({ query, options }, i) => ({
        query,
        observer: { options, previous: last.current[i]?.observer.previous },
      })),
    [identity],
  );
  last.current = observed;
  built.forEach(({ options }, i) => {
    (observed[i] as Observed).observer.options = options;
  });
  const snapshot = useRef<QueryState[]>([]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = observed.map(({ query, observer }) => query.subscribe(observer, listener));
      return () => {
        for (const off of offs) off();
      };
    },
    [observed],
  );
  const read = useCallback(() => {
    const states = observed.map(({ query }) => query.state);
    const last = snapshot.current;
    if (states.length !== last.length || states.some((state, i) => state !== last[i])) snapshot.current = states;
    return snapshot.current;
  }, [observed]);
  useSyncExternalStore(subscribe, read, read);

  const due = observed.map(({ observer: { options } }) => (options.enabled === false ? 0 : 1)).join('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetches when the queries or `enabled` change.
  useEffect(() => {
    for (const { query, observer } of observed) {
      const { enabled, refetchOnMount, staleTime } = observer.options;
      if (enabled === false) continue;
      if (refetchOnMount === 'always' || query.isStale(staleTime)) void query.fetch();
    }
  }, [observed, due]);
  return observed;
}

function resultOf<D>({ query, observer }: Observed): QueryResult<D> {
  const { state } = query;
  const { placeholderData, select } = observer.options;
  let data = state.data;
  let status = state.status;
  let isPlaceholderData = false;
  if (data === undefined) {
    const placeholder =
      status === 'pending' && typeof placeholderData === 'function'
        ? placeholderData(observer.previous)
        : status === 'pending'
          ? placeholderData
          : undefined;
    if (placeholder !== undefined) {
      data = placeholder;
      status = 'success';
      isPlaceholderData = true;
    }
  } else observer.previous = data;
  return {
    data: (data !== undefined && select ? select(data) : data) as D,
    error: state.status === 'error' ? state.error : null,
    status,
    isPending: status === 'pending',
    isError: status === 'error',
    isSuccess: status === 'success',
    isFetching: state.isFetching,
    isPlaceholderData,
    dataUpdatedAt: state.dataUpdatedAt,
    refetch: () => query.fetch(true).then(() => resultOf<D>({ query, observer })),
  } as QueryResult<D>;
}

export function useQueries<T, D = T>({ queries }: { queries: readonly QueryOptions<T, D>[] }): QueryResult<D>[] {
  return useObserved(queries as readonly AnyOptions[]).map((observed) => resultOf<D>(observed));
}

export function useQuery<T, D = T>(options: QueryOptions<T, D>): QueryResult<D> {
  return resultOf<D>(useObserved([options as AnyOptions])[0] as Observed);
}

export function useInfiniteQuery<T, P>(options: InfiniteQueryOptions<T, P>): UseInfiniteQueryResult<T, P> {
  const observed = useObserved([options as AnyOptions])[0] as Observed;
  const result = resultOf<InfiniteData<T, P>>(observed);
  const { state } = observed.query;
  const pages = result.data?.pages ?? [];
  const last = pages[pages.length - 1];
  const next = last === undefined ? undefined : options.getNextPageParam(last, pages);
  return {
    ...result,
    hasNextPage: next !== undefined && next !== null,
    isFetchingNextPage: state.isFetching && state.nextPage,
    isFetchNextPageError: state.status === 'error' && state.nextPageFailed,
    fetchNextPage: () => observed.query.fetch(false, true),
  };
}
