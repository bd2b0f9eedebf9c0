/**
 * Test projects: `unit` (contract, server rules, web platform in happy-dom), `api` (the server over
 * inject, once per database: HAOKA_TEST_DB=sqlite|postgres) and `e2e` (Chromium against the built app).
 */
import { defineConfig } from 'vitest/config';

const resolve = { conditions: ['haoka-source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['haoka-source', 'node', 'import', 'default'] };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['haoka-source'], externalConditions: ['haoka-source'] } },
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['haoka-source'], externalConditions: ['haoka-source'] } },
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
