import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdPerComponent } from './build/antd-per-component';
import { codeSplitting } from './build/chunks';
import { contractRoutes } from './build/contract-routes';
import { localeSplit } from './build/locale-split';

export default defineConfig({
  base: '/shop/',
  plugins: [react(), antdPerComponent(), contractRoutes(), ...localeSplit()],
  resolve: { conditions: ['haoka-source', 'module', 'browser', 'development|production'] },
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
