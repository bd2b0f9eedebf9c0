/**
 * Lazy page loading (SPEC §8–9): a loading placeholder after 200 ms, an error placeholder that reloads
 * on tap, and a 60 s chunk timeout with the connection-timeout message.
 */

import { DotLoading } from 'antd-mobile';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ErrorBlock } from '../components/error-block';
import { withTexts } from '../i18n';
import { useTranslation } from '../i18n/react';
import { ASYNC_PAGE_DELAY_MS, ASYNC_PAGE_TIMEOUT_MS } from '../platform/ui-defaults';

export { ASYNC_PAGE_DELAY_MS };

const CHUNK_TIMEOUT = 'chunk-timeout';

export function withTimeout<T>(promise: Promise<T>, ms = ASYNC_PAGE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

type PageImporter = () => Promise<{ default: ComponentType }>;

/** A page's code and its texts (`withTexts`), within the chunk timeout. */
const loadPage = (importer: PageImporter) => withTimeout(withTexts(importer()));

const lazyCache = new Map<PageImporter, ComponentType>();
/** Pages loaded ahead (`preloadPage`): their component, or why they could not load. */
const preloaded = new Map<PageImporter, ComponentType | Error>();

/**
 * Loads a page's code ahead of its render (main.tsx: the landing page's, beside the catalogue, while the
 * prerendered first view is on screen). A page whose code has loaded renders at once: as a lazy
 * component, it would first commit its loading placeholder, and React shows a boundary's content no
 * sooner than 300 ms after its placeholder. A page that failed, or did not arrive within the chunk
 * timeout, shows its error placeholder at once. Never rejects.
 */
export async function preloadPage(importer: PageImporter): Promise<void> {
  try {
    preloaded.set(importer, (await loadPage(importer)).default);
  } catch (error) {
    preloaded.set(importer, error instanceof Error ? error : new Error(String(error)));
  }
}

export function lazyPage(importer: PageImporter): ComponentType {
  let page = lazyCache.get(importer);
  if (!page) {
    const ahead = preloaded.get(importer);
    if (ahead instanceof Error) page = lazy(() => Promise.reject(ahead));
    else page = ahead ?? lazy(() => loadPage(importer));
    lazyCache.set(importer, page);
  }
  return page;
}

export function DelayedLoading({ delayMs = ASYNC_PAGE_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="page-loading" data-testid="page-loading">
      <DotLoading color="primary" />
    </div>
  );
}

function LoadError({ timedOut }: { timedOut: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="page-load-error"
      data-testid="page-load-error"
      onClick={() => window.location.reload()}
    >
      <ErrorBlock
        status="disconnected"
        title={t('shell.loadFailed')}
        description={timedOut ? t('errors.connectionTimeout') : t('errors.pageLoadFailed')}
      />
    </button>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) return <LoadError timedOut={this.state.error.message === CHUNK_TIMEOUT} />;
    return this.props.children;
  }
}

export function AsyncPage({ page }: { page: ComponentType }) {
  const Page = page;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<DelayedLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
