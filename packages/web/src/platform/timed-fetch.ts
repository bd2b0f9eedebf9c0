/**
 * fetch with a timeout and the caller's abort signal (SPEC §8 generic runtime codes): a timeout is
 * 'timeout' (errCode 5), the caller's abort 'abort' (600003), anything else the caller's network error.
 * `read` runs inside, so a timeout or an abort while the body is still arriving counts too.
 */
import { requestAbort, requestTimeout } from './runtime-errors';

export interface TimedFetchOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  networkError: () => Error;
}

export async function timedFetch<T>(
  url: string,
  init: RequestInit,
  { timeoutMs, signal, networkError }: TimedFetchOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  // An 'abort' listener never fires for a signal that is already aborted: refuse before sending.
  if (signal?.aborted) throw requestAbort();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await read(await fetch(url, { ...init, signal: controller.signal }));
  } catch {
    if (timedOut) throw requestTimeout();
    if (signal?.aborted) throw requestAbort();
    throw networkError();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
