import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/shop/',
  plugins: [react()],
  resolve: { conditions: ['haoka-source', 'module', 'browser', 'development|production'] },
  build: {
    target: 'es2020',
    manifest: true,
    cssCodeSplit: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/provinces': 'http://127.0.0.1:8080' },
  },
});
