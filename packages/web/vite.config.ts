import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdPerComponent } from './build/antd-per-component';
import { antdDefaultLocale, antdLightOnly, antdReactRender } from './build/antd-render';
import { codeSplitting } from './build/chunks';
import { contractFingerprint } from './build/contract-fingerprint';
import { contractPure } from './build/contract-pure';
import { contractRoutes } from './build/contract-routes';
import { firstView } from './build/first-view';
import { inlineBoot } from './build/inline-boot';
import { localeSplit } from './build/locale-split';
import { routePages } from './build/route-pages';
import { shopServiceWorker } from './build/service-worker';

export default defineConfig({
  base: '/shop/',
  plugins: [
    react(),
    antdPerComponent(),
    antdReactRender(),
    antdDefaultLocale(),
    antdLightOnly(),
    contractRoutes(),
    contractPure(),
    ...localeSplit(),
    inlineBoot(),
    firstView(),
    routePages(),
    shopServiceWorker(),
  ],
  define: {
    // The version of the stores that keep server answers (src/stores/persist.ts).
    'import.meta.env.HAOKA_CONTRACT_FINGERPRINT': JSON.stringify(
      String(contractFingerprint(fileURLToPath(new URL('../contract/src', import.meta.url)))),
    ),
  },
  resolve: {
    conditions: ['haoka-source', 'module', 'browser', 'development|production'],
    alias: {
      'resize-observer-polyfill': fileURLToPath(new URL('./build/native-resize-observer.ts', import.meta.url)),
    },
  },
  build: {
    target: 'es2020',
    manifest: true,
    cssCodeSplit: true,
    sourcemap: false,
    // The initial chunk holds the whole first-screen framework (React DOM, router, query, i18n) on purpose.
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: codeSplitting() }, treeshake: { manualPureFunctions: ['z'] } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/provinces': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
});
