/**
 * Test projects: `unit` (contract, server rules, web platform in happy-dom), `web` (the shop in happy-dom),
 * `admin` (the staff console in happy-dom), `api` (the server over inject, once per database:
 * HAOKA_TEST_DB=sqlite|postgres) and `e2e` (Chromium against the built app).
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The default order, except that the personal-data scan runs after every journey it scans. */
class ScanLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isScan = (file: TestSpecification) => file.moduleId.endsWith('/e2e/personal-data.spec.ts');
    return [...sorted.filter((f) => !isScan(f)), ...sorted.filter(isScan)];
  }
}

/**
 * React 19.2's development build reads `window.event` when a scheduler task starts (react/react#37100,
 * open). A task that a web test file's last render queued can start after vitest tore that file's DOM
 * down; it throws before doing any work, after every test of the file passed. The web setup waits for
 * such work before the teardown (packages/web/src/test/setup.ts), but a busy machine can still lose the
 * race. That error, from that place only, is React's and not a failure of the shop: it is not counted.
 */
export function isReactTeardownRace(error: { name?: string; message?: string; stack?: string }): boolean {
  const stack = error.stack ?? '';
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    stack.includes('react-dom-client.development.js') &&
    stack.includes('performWorkUntilDeadline')
  );
}

const resolve = { conditions: ['haoka-source', 'module', 'browser', 'development|production'] };
const serverResolve = { conditions: ['haoka-source', 'node', 'import', 'default'] };

export default defineConfig({
  test: {
    sequence: { sequencer: ScanLastSequencer },
    onUnhandledError: (error) => !isReactTeardownRace(error),
    projects: [
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['haoka-source'], externalConditions: ['haoka-source'] } },
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'packages/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
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
          // Room for several 5 s waits (setup.ts) in one test on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'admin',
          include: ['packages/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A page in a frame (the shop preview) is not loaded: there is no shop to answer; the journeys load it.
          environmentOptions: { happyDOM: { settings: { disableIframePageLoading: true } } },
          setupFiles: ['packages/admin/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: serverResolve,
        ssr: { resolve: { conditions: ['haoka-source'], externalConditions: ['haoka-source'] } },
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.api.test.ts'],
          environment: 'node',
          // An answer that breaks its contract fails the test that caused it.
          setupFiles: ['packages/server/src/test/api-setup.ts'],
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
          // A journey's expect.poll waits for the app (a payment, a navigation) the way Playwright's own waits
          // do: up to 15 s, not vitest's 1 s, which a loaded CI machine overran (a wait, not a timing check).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
