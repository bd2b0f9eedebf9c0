/** The staff console's build: its own entry under /admin/, never part of the shop's bundle (BACKOFFICE.md). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { conditions: ['haoka-source', 'module', 'browser', 'development|production'] },
  build: {
    target: 'es2020',
    cssCodeSplit: true,
    sourcemap: false,
    // antd's desktop components are one framework chunk by design: the console is not a first-screen budget.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/media': 'http://127.0.0.1:8080' } },
});
