/**
 * The shop's service worker in the build (ADR 0024): vite-plugin-pwa compiles src/service-worker/sw.ts
 * into dist/sw.js and writes into it the list of files to precache. The page registers it itself, after
 * its first screen (src/platform/service-worker.ts): nothing is added to index.html, and there is no web
 * app manifest (the shop is not offered for installation).
 */
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

/**
 * What the worker precaches, relative to dist/: the page, every hashed script and stylesheet (the
 * first screen's and every route's and language's, so that a repeat visit and any page after it load
 * nothing of the shell from the network), and the pictures of the shell itself (the icon, the tab bars,
 * the operators' marks on the number lists, the error pictures). Not the region files (provinces/, about
 * 2.6 MB, asked for by the address form only) nor the demo's product pictures, which the operator replaces.
 */
export const PRECACHE_GLOBS = [
  'index.html',
  'assets/*.{js,css}',
  'static/logo.png',
  'static/tabbar/*.png',
  'static/operator/*.png',
  'static/error-block/*.svg',
  'static/iot/tab/*.png',
];

export const SERVICE_WORKER_OPTIONS: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  // The page registers the worker itself, once it has loaded and is idle.
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: PRECACHE_GLOBS,
    // Hashed names change with their content: fetched as they are, without a revision to check.
    dontCacheBustURLsMatching: /^assets\//,
  },
  devOptions: { enabled: false },
};

export function shopServiceWorker() {
  return VitePWA(SERVICE_WORKER_OPTIONS);
}
