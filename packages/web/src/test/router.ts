/** A router stand-in registered with platform/navigation, recording where the app navigates. */
import { vi } from 'vitest';
import { registerRouter } from '../platform/navigation';

export function fakeRouter(pathname = '/pages/index/index', search = '') {
  const router = {
    state: { location: { pathname, search } },
    navigate: vi.fn((_to: string | number, _options?: { replace?: boolean }): void => {}),
  };
  registerRouter(router);
  return router;
}

export type FakeRouter = ReturnType<typeof fakeRouter>;
