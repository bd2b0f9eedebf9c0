/**
 * A paginated list (SCREENS §0 "Lists"): pull-to-refresh (threshold 45), infinite scroll (the next page
 * 50 px before the end, SPEC §9) that stops when the list reaches `total`, the footer 没有更多了, and the
 * page states for first load, error and empty.
 */
import type { Page } from '@haoka/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { type QueryKey, type UseInfiniteQueryResult, useInfiniteQuery } from '../platform/query';
import { SCROLL_THRESHOLD } from '../platform/ui-defaults';
import { PageState } from './page-state';
import { PullRefresh } from './pull-refresh';
import './infinite-list.css';

export const DEFAULT_PAGE_SIZE = 10;

export interface InfiniteListProps<T> {
  queryKey: QueryKey;
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  pageSize?: number;
  emptyText?: string;
  emptyAction?: ReactNode;
  /** Runs before the first page is fetched again on pull-to-refresh (e.g. to pick a new shuffle seed). */
  onRefresh?: () => void;
  className?: string;
  /** Rendered above the items, inside the pull-to-refresh area. */
  header?: ReactNode;
}

export function InfiniteList<T>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  pageSize = DEFAULT_PAGE_SIZE,
  emptyText,
  emptyAction,
  onRefresh,
  className,
  header,
}: InfiniteListProps<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? pages.length + 1 : undefined;
    },
  });
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <PullRefresh
      onRefresh={async () => {
        onRefresh?.();
        await query.refetch();
      }}
    >
      {header}
      {/* The first load holds a screen's height, so what follows the list does not jump when it fills. */}
      <div className={query.isPending ? 'infinite-list-pending' : undefined}>
        <PageState
          loading={query.isPending}
          error={query.isError && items.length === 0 ? query.error : undefined}
          empty={query.isSuccess && items.length === 0}
          emptyText={emptyText}
          emptyAction={emptyAction}
          onRetry={() => void query.refetch()}
        >
          <div className={className} data-testid="infinite-list">
            {items.map((item, index) => (
              <div key={itemKey(item)} className="infinite-list-item">
                {renderItem(item, index)}
              </div>
            ))}
          </div>
          <LoadMore query={query} />
        </PageState>
      </div>
    </PullRefresh>
  );
}

/**
 * The end of a paged list: the next page 50 px before the end (SPEC §9), 加载中… while there is one, and
 * 没有更多了 once the list reached its total. A failed next page stops asking until the list is refreshed.
 *
 * The browser tells when the end comes near (an IntersectionObserver on the footer, the viewport grown by
 * the threshold): nothing reads the layout as the list renders or scrolls. (antd-mobile's InfiniteScroll
 * measured the footer after every render, a forced layout each time, the costliest script of the number
 * search's first screen.) The footer is watched anew after each page, and the browser's first report
 * says whether the list still ends on screen: a short page asks for the next at once.
 */
export function LoadMore({
  query,
}: {
  query: Pick<
    UseInfiniteQueryResult,
    'hasNextPage' | 'isFetchNextPageError' | 'isFetchingNextPage' | 'fetchNextPage' | 'dataUpdatedAt'
  >;
}) {
  const { t } = useTranslation();
  const footer = useRef<HTMLDivElement>(null);
  // Watched anew for each page the list gets (its `dataUpdatedAt`), even when a page came too quickly for
  // a render to see it loading; not watched while one loads, after a failed one, or at the end.
  const watchedPage =
    query.hasNextPage && !query.isFetchNextPageError && !query.isFetchingNextPage ? query.dataUpdatedAt : null;
  const fetchNextPage = useRef(query.fetchNextPage);
  fetchNextPage.current = query.fetchNextPage;
  useEffect(() => {
    const element = footer.current;
    if (watchedPage === null || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void fetchNextPage.current();
      },
      { rootMargin: `0px 0px ${SCROLL_THRESHOLD}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watchedPage]);
  return (
    <div ref={footer} className="infinite-list-footer">
      {query.hasNextPage ? t('ui.loadingMore') : t('ui.noMore')}
    </div>
  );
}
