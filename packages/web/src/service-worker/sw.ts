/**
 * The shop's service worker (ADR 0024), built by vite-plugin-pwa (injectManifest) into /shop/sw.js, its
 * scope /shop/. It precaches the shell (index.html, every hashed file of the build, the shell's own
 * pictures), answers the app's navigations with the precached index.html and the storefront
 * configuration stale-while-revalidate (rules.ts); every other request (the API, uploads, other
 * pictures) goes to the network as if there were no worker.
 *
 * A new deploy installs beside the running one and waits: the pages open keep the files they were built
 * with, and the new version takes over once they are closed (the next visit), or at once when the
 * shopper takes the page's reload prompt (SKIP_WAITING).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import {
  BASE_CONFIG_CACHE,
  BASE_CONFIG_ENTRIES,
  isKeepableAnswer,
  isSharedBaseConfig,
  isShellNavigation,
  mayAnswerFromCache,
  SKIP_WAITING,
} from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const scope = new URL(self.registration.scope);

// The build writes the list of files here (vite-plugin-pwa's injectManifest).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL(new URL('index.html', scope).href);
registerRoute(({ request, url }) => request.mode === 'navigate' && isShellNavigation(url, scope), shell);

const baseConfig = new StaleWhileRevalidate({
  cacheName: BASE_CONFIG_CACHE,
  plugins: [
    // Stored under its URL alone: the request's own headers (the page's address, the anonymous order key)
    // are not kept with it.
    { cacheKeyWillBeUsed: async ({ request }) => request.url },
    { cacheWillUpdate: async ({ response }) => ((await isKeepableAnswer(response)) ? response : null) },
    {
      // The newest few promoter links only (a put moves its key to the end).
      cacheDidUpdate: async ({ cacheName }) => {
        const cache = await caches.open(cacheName);
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, -BASE_CONFIG_ENTRIES).map((key) => cache.delete(key)));
      },
    },
  ],
});
registerRoute(
  ({ request, url }) => isSharedBaseConfig(request, url, scope.origin),
  async (options) => {
    const { event, request } = options;
    const clientId = event instanceof FetchEvent ? event.clientId : '';
    const client = clientId ? await self.clients.get(clientId) : undefined;
    if (!mayAnswerFromCache(client)) return fetch(request);
    return baseConfig.handle(options);
  },
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
// A worker that activates (the first install, or a new version once the old pages are gone or the
// shopper reloaded) controls the open pages at once, so their later requests use it.
clientsClaim();
