/**
 * When to run work that must not hold back the first screen.
 *
 * `afterFirstScreen`: work that must not share the first screen's network and main thread (the feedback
 * components and the service worker, main.tsx; the card home's VIP promo). It starts once the page has
 * loaded, the app's own requests have all answered (a card home's data arrives after the load event,
 * and its largest paint after that) and the browser is idle. Lighthouse's LCP counts every request
 * that starts before the largest paint, so a download started meanwhile delays it.
 */
export interface AfterFirstScreen {
  /** At most this long (ms) waiting for the app's requests, and again for an idle moment. */
  idleTimeout: number;
  /** Where the browser has no `requestIdleCallback` (Safari, and so WeChat on iOS): this long after. */
  otherwise: number;
}

let requestsOut = 0;
let waitingForQuiet: (() => void)[] = [];

/** Counts one of the app's requests (platform/request.ts) while it is out; returns it unchanged. */
export function whileRequesting<T>(request: Promise<T>): Promise<T> {
  requestsOut++;
  const settled = () => {
    requestsOut--;
    if (requestsOut > 0) return;
    const waiting = waitingForQuiet;
    waitingForQuiet = [];
    for (const resume of waiting) resume();
  };
  request.then(settled, settled);
  return request;
}

/** Once none of the app's requests is out, or after `timeout` ms (a request that takes long). */
function noRequestOut(timeout: number): Promise<void> {
  if (requestsOut === 0) return Promise.resolve();
  return new Promise((resolve) => {
    waitingForQuiet.push(resolve);
    setTimeout(resolve, timeout);
  });
}

export function afterFirstScreen({ idleTimeout, otherwise }: AfterFirstScreen): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => noRequestOut(idleTimeout))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: idleTimeout });
          else setTimeout(resolve, otherwise);
        }),
    );
}

/**
 * Runs `run` once the browser has painted what was just rendered (the next frame, then a task): for
 * work that must not hold back that paint, such as a large chunk's download and evaluation. Returns a
 * function that cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
