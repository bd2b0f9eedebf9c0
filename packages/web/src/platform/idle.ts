/**
 * When to run work that must not hold back the first screen. `afterFirstScreen`: work that must not
 * share the first screen's network and main thread: it starts once the page has
 * loaded (every file and picture the first screen asked for) and the browser is idle. Lighthouse's LCP
 * counts every request that starts before the largest paint, so a download started meanwhile delays it.
 * Used for the feedback components and the service worker (main.tsx) and the card home's VIP promo.
 */
export interface AfterFirstScreen {
  /** At most this long (ms) after the load event waiting for an idle moment. */
  idleTimeout: number;
  /** Where the browser has no `requestIdleCallback` (Safari, and so WeChat on iOS): this long after load. */
  otherwise: number;
}

export function afterFirstScreen({ idleTimeout, otherwise }: AfterFirstScreen): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: idleTimeout });
      else setTimeout(resolve, otherwise);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
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
