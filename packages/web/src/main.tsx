/**
 * Entry: antd-mobile's global styles and the shop's theme first, then i18n, the router and the providers
 * (antd-mobile's imperative components render with React 19's createRoot: build/antd-react-render.ts). The build imports antd-mobile per component (build/antd-per-component.ts), so its global
 * styles, which the package index would bring, are imported here.
 */
import 'antd-mobile/es/global';
// The shop's theme after antd-mobile's defaults, which it overrides.
import './theme.css';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadPage } from './app/async-page';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes, createAppHistory } from './app/router';
import { findRoute, preloadRoutePages } from './app/routes';
import { applyUrlContext } from './app/shell';
import { baseConfigQuery } from './features/site/api/get-base-config';
import { initI18n } from './i18n';
import { feedbackUi } from './platform/feedback';
import { endFirstView } from './platform/first-view';
import { afterFirstScreen } from './platform/idle';
import { RouterProvider } from './platform/router';
import { useLayoutStore } from './stores/layout';
import './styles.css';

// The active locale's catalogue, the only one the first screen loads; the app renders once it is there.
const i18nReady = initI18n();
const appHistory = createAppHistory();
// The URL's promoter before the first render, and its storefront configuration asked for at once:
// every page waits for it, and the request need not wait for React's first render.
applyUrlContext(appHistory.state.location.search);
const queryClient = createQueryClient();
void queryClient.prefetchQuery(baseConfigQuery(useLayoutStore.getState().promoCode));
// The page's code downloads beside the catalogue instead of after the first render (the page's lazy
// component imports the same module again, already loaded or on its way).
const landingPage = findRoute(appHistory.state.location.pathname)?.page;
const pageReady = landingPage && preloadPage(landingPage);
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

/** At the app's first commit, which replaced the prerendered first view (platform/first-view.ts). */
function FirstViewEnd() {
  useLayoutEffect(endFirstView, []);
  return null;
}

const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider history={appHistory}>
            <AppRoutes />
          </RouterProvider>
        </Providers>
        <FirstViewEnd />
      </StrictMode>,
    ),
  );
  // Focus for antd-mobile's overlays (platform/modal-focus.ts), off the first screen's files: no overlay
  // opens before the first render, and one that opens while the module arrives is taken in hand when
  // it starts (it reads the overlays already open).
  void import('./platform/modal-focus').then((focus) => focus.startModalFocus());
};
// The first render waits for the catalogue and the page's code, so that it replaces the prerendered view
// with the page itself, not with the page's loading placeholder. A catalogue or page that cannot load
// (offline, or not within the chunk timeout) still lets the app start; the page shows its own failure.
void Promise.all([i18nReady, pageReady]).then(render, render);
// After the page has loaded and is idle, off the first screen's path: the toasts' and dialogs'
// components (so that a later toast, a network error's included, need not download them then), the
// other pages' loaders (`preloadRoutePages`: opening one then waits for its own files only), and
// the service worker (repeat visits from its cache, ADR 0024), whose install downloads the whole build
// (about 620 KB) and must not share a slow network with the first screen's files and data. Asked for
// at once, the feedback components had downloaded (with their animation library) and run beside the
// first screen's own files while the catalogue loaded.
void afterFirstScreen({ idleTimeout: 3000, otherwise: 1500 }).then(() =>
  Promise.all([feedbackUi(), preloadRoutePages()]).catch(() => undefined),
);
void afterFirstScreen({ idleTimeout: 10_000, otherwise: 3000 }).then(() =>
  import('./app/service-worker').then((worker) => worker.startServiceWorker()).catch(() => undefined),
);
