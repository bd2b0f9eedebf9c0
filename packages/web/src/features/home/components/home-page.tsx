/**
 * Home page frame: waits for the site configuration (stored copy first), then the home content. The tab
 * home follows the home link rule (SPEC §2): with a page code it gives way to the selected-picks page.
 */
import { useEffect } from 'react';
import { PageState } from '../../../components/page-state';
import { keptQuery, redirectTo, SINGLE_PATH } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { useBaseConfig } from '../../site/api/get-base-config';
import { HomeView } from './home-view';

export function HomePage({ standalone = false }: { standalone?: boolean }) {
  const query = usePageQuery();
  const config = useBaseConfig();
  const pageCode = standalone ? '' : (query.pageCode ?? keptQuery().pageCode ?? '');
  useEffect(() => {
    if (pageCode) redirectTo(SINGLE_PATH, { pageCode });
  }, [pageCode]);
  if (pageCode) return null;
  return (
    <PageState
      loading={config.isPending}
      error={config.isError && !config.data ? config.error : undefined}
      onRetry={() => void config.refetch()}
      skeletonRows={8}
    >
      {config.data ? <HomeView config={config.data} standalone={standalone} /> : null}
    </PageState>
  );
}
