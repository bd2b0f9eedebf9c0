/**
 * Registers the shop's service worker (/shop/sw.js, src/service-worker/sw.ts; ADR 0024) and tells the
 * page when a new version has installed while it runs the old one. main.tsx loads this once the page
 * has loaded and is idle, so the first screen carries none of it.
 *
 * A new version waits until the pages of the old one are closed (so that an open page keeps the files it
 * was built with): the next visit gets it. `onUpdateReady` gives the page a way to switch at once: the
 * waiting worker takes over and the page reloads when it controls it.
 */
import { SKIP_WAITING } from '../service-worker/rules';

export interface ServiceWorkerEnv {
  container: ServiceWorkerContainer | undefined;
  /** The app's base (Vite's BASE_URL, '/shop/'): the worker's folder and scope. */
  base: string;
  reload: () => void;
  /** Called on each return to the page: a long-open page looks for a deploy then. */
  onVisible: (check: () => void) => void;
}

function browserEnv(): ServiceWorkerEnv {
  return {
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    base: import.meta.env.BASE_URL,
    reload: () => window.location.reload(),
    onVisible: (check) =>
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      }),
  };
}

/**
 * Registers the worker; `onUpdateReady(apply)` runs once per new version that is waiting while this page
 * is controlled by an older one (never on the first install, which has no page to replace). Resolves
 * with the registration, or undefined where there are no service workers (an old browser, http on
 * another host than localhost).
 */
export async function registerServiceWorker(
  onUpdateReady: (apply: () => void) => void,
  env: ServiceWorkerEnv = browserEnv(),
): Promise<ServiceWorkerRegistration | undefined> {
  const { container } = env;
  if (!container) return undefined;
  const registration = await container.register(`${env.base}sw.js`, { scope: env.base });
  const told = new WeakSet<ServiceWorker>();
  const waiting = (worker: ServiceWorker) => {
    if (!container.controller || told.has(worker)) return;
    told.add(worker);
    onUpdateReady(() => takeOver(container, worker, env.reload));
  };
  if (registration.waiting) waiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting(worker);
    });
  });
  env.onVisible(() => void registration.update().catch(() => undefined));
  return registration;
}

/** The waiting worker takes over; the page reloads once it is controlled by it (the new version's files). */
function takeOver(container: ServiceWorkerContainer, worker: ServiceWorker, reload: () => void): void {
  // Already active (another page of the shop took the prompt): this page only has to reload.
  if (worker.state !== 'installed') {
    reload();
    return;
  }
  container.addEventListener('controllerchange', () => reload(), { once: true });
  worker.postMessage({ type: SKIP_WAITING });
}
