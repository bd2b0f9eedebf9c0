import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from '../service-worker/rules';
import { registerServiceWorker, type ServiceWorkerEnv } from './service-worker';

/** A worker of the fake browser: its state changes fire `statechange`, as a real one's do. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  readonly postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  readonly update = vi.fn(async () => undefined);
  /** A new version is found and installs. */
  install(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.moveTo('installed');
    this.installing = null;
    this.waiting = worker;
  }
}

/** A browser whose page is controlled by a worker (`controlled`) or not yet (a first visit). */
function fakeBrowser({ controlled, waiting }: { controlled: boolean; waiting?: FakeWorker }) {
  const registration = new FakeRegistration();
  registration.waiting = waiting ?? null;
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker('activated') : null,
    register: vi.fn(async () => registration),
  });
  let visible: (() => void) | undefined;
  const env: ServiceWorkerEnv = {
    container: container as unknown as ServiceWorkerContainer,
    base: '/shop/',
    reload: vi.fn(),
    onVisible: (check) => {
      visible = check;
    },
  };
  return { registration, container, env, returnToPage: () => visible?.() };
}

describe('registering the service worker', () => {
  it('registers /shop/sw.js for the scope /shop/', async () => {
    const { container, env } = fakeBrowser({ controlled: false });
    await registerServiceWorker(vi.fn(), env);
    expect(container.register).toHaveBeenCalledWith('/shop/sw.js', { scope: '/shop/' });
  });

  it('does nothing where the browser has no service workers', async () => {
    const { env } = fakeBrowser({ controlled: false });
    expect(await registerServiceWorker(vi.fn(), { ...env, container: undefined })).toBeUndefined();
  });

  it('the first install asks nothing of the shopper', async () => {
    const { registration, env } = fakeBrowser({ controlled: false });
    const onUpdateReady = vi.fn();
    await registerServiceWorker(onUpdateReady, env);
    registration.install(new FakeWorker('installing'));
    expect(onUpdateReady).not.toHaveBeenCalled();
  });

  it('a new version that installs while the page runs the old one is offered once', async () => {
    const { registration, env } = fakeBrowser({ controlled: true });
    const onUpdateReady = vi.fn();
    await registerServiceWorker(onUpdateReady, env);
    expect(onUpdateReady).not.toHaveBeenCalled();
    const next = new FakeWorker('installing');
    registration.install(next);
    next.dispatchEvent(new Event('statechange'));
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('a version already waiting when the page opens (its old tabs still open) is offered at once', async () => {
    const { env } = fakeBrowser({ controlled: true, waiting: new FakeWorker('installed') });
    const onUpdateReady = vi.fn();
    await registerServiceWorker(onUpdateReady, env);
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
  });

  it('taking the offer: the waiting worker is asked to take over, and the page reloads once it has', async () => {
    const next = new FakeWorker('installed');
    const { container, env } = fakeBrowser({ controlled: true, waiting: next });
    let apply: (() => void) | undefined;
    await registerServiceWorker((take) => {
      apply = take;
    }, env);
    apply?.();
    expect(next.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    // Not before the new worker controls the page: the reload would still get the old version.
    expect(env.reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('taking the offer after another tab did: the page only reloads', async () => {
    const next = new FakeWorker('installed');
    const { env } = fakeBrowser({ controlled: true, waiting: next });
    let apply: (() => void) | undefined;
    await registerServiceWorker((take) => {
      apply = take;
    }, env);
    next.moveTo('activated');
    apply?.();
    expect(next.postMessage).not.toHaveBeenCalled();
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('a return to the page looks for a new deploy', async () => {
    const { registration, env, returnToPage } = fakeBrowser({ controlled: true });
    await registerServiceWorker(vi.fn(), env);
    expect(registration.update).not.toHaveBeenCalled();
    returnToPage();
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
