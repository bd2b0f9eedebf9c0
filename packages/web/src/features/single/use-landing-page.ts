/**
 * What both landing screens do around their data (SCREENS §4 single): load the page, report page_view with
 * its pageCode once per visit, show its title in the header, and leave for home without the page code when
 * it does not exist.
 */
import { useEffect } from 'react';
import { forgetKeptQuery, HOME_PATH, redirectTo } from '../../platform/navigation';
import { usePageTitle } from '../../platform/page-title';
import { useLayoutStore } from '../../stores/layout';
import { reportPoint } from '../site/api/report-point';
import { isPageMissing, useSinglePage } from './api/get-single-page';

export function leaveMissingPage(): void {
  // Both the remembered query and the stored context forget the code, or home would send us straight back.
  forgetKeptQuery('pageCode');
  useLayoutStore.getState().patchLayout({ pageCode: '' });
  redirectTo(HOME_PATH, { pageCode: '' });
}

export function useLandingPage(pageCode: string, page: string) {
  const query = useSinglePage(pageCode);
  const missing = !pageCode || isPageMissing(query.error);
  usePageTitle(query.data?.title);

  useEffect(() => {
    if (missing) leaveMissingPage();
  }, [missing]);

  useEffect(() => {
    if (pageCode) reportPoint({ event: 'page_view', page, pageCode });
  }, [pageCode, page]);

  return { query, missing };
}
