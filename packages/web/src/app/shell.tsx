/**
 * The page frame: header with the route's title and back, the page, and the tab bar on tab pages.
 * It also keeps the kept query parameters and the promoter code in step with the URL, and loads the
 * site configuration the pages rely on.
 */
import { type ReactNode, useEffect } from 'react';
import { useBaseConfig } from '../features/site/api/get-base-config';
import { loadDictionary } from '../features/site/api/get-dict-options';
import { useGenericConfig } from '../features/site/api/get-generic-config';
import { goBack, rememberKeptQuery } from '../platform/navigation';
import { usePageHeaderRightStore } from '../platform/page-header-right';
import { usePageTitleStore } from '../platform/page-title';
import { ScrollRestoration, useLocation } from '../platform/router';
import { useLayoutStore } from '../stores/layout';
import { PageHeader } from './page-header';
import { findRoute } from './routes';
import { ShopTabBar } from './tab-bar';

/**
 * Keeps the kept query parameters, the promoter code and the page code in step with the URL. The app
 * calls it once before its first render (main.tsx), so the first requests already carry the URL's
 * promoter; the shell calls it again on every navigation.
 */
export function applyUrlContext(search: string): void {
  rememberKeptQuery(search);
  const params = new URLSearchParams(search);
  const promoCode = params.get('promoCode');
  const pageCode = params.get('pageCode');
  const layout = useLayoutStore.getState();
  const patch: { promoCode?: string; pageCode?: string } = {};
  if (promoCode && promoCode !== layout.promoCode) patch.promoCode = promoCode;
  if (pageCode !== null && pageCode !== layout.pageCode) patch.pageCode = pageCode;
  if (Object.keys(patch).length > 0) layout.patchLayout(patch);
}

/** The frame around `children`, the page at the current location (app/router.tsx). */
export function Shell({ children }: { children: ReactNode }) {
  const location = useLocation();
  useEffect(() => applyUrlContext(location.search), [location.search]);
  const route = findRoute(location.pathname);
  const baseConfig = useBaseConfig();
  useGenericConfig();
  useEffect(() => {
    void loadDictionary();
  }, []);

  const frontTitle = baseConfig.data?.front.title;
  const pageTitle = usePageTitleStore((s) => s.title);
  const headerRight = usePageHeaderRightStore((s) => s.right);
  const routeTitle = route ? (route.titleFromFront && frontTitle ? frontTitle : route.title) : '';
  const title = pageTitle || routeTitle;
  useEffect(() => {
    document.title = title || frontTitle || '';
  }, [title, frontTitle]);

  const isTab = route?.tab !== undefined;
  return (
    <div className={`app-shell${isTab ? ' with-tab-bar' : ''}`}>
      <header className="app-header">
        <PageHeader title={title} onBack={isTab ? undefined : goBack} right={headerRight} />
      </header>
      <main className="app-page">{children}</main>
      {isTab && route?.tab !== undefined ? <ShopTabBar activeIndex={route.tab} /> : null}
      {/* A new page opens at its top (a long form's scroll would otherwise carry over); back restores. */}
      <ScrollRestoration />
    </div>
  );
}
