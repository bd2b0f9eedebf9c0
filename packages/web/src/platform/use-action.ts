/**
 * The one way a screen writes: `run` sends the action unless one is
 * already under way (a second tap while it runs does nothing), `busy` is true meanwhile, and a failure
 * is shown once, here:
 *
 * - a refusal or HTTP failure of the request wrapper was already told by it (the catalogue's toast or
 *   dialog, the envelope's `reason` in the shopper's language), so it is not told again; a code the
 *   request was sent with as silent (`silentCodes`) is the caller's (`onError`);
 * - anything else that fails (a bug, not an answer) gets the generic 操作失败 toast.
 *
 * `loading` shows the loading mask while the request runs (SCREENS §0, `withLoading`). `onSuccess` runs
 * inside the busy window (e.g. following a payment launch), so a tap meanwhile is still ignored.
 * `run` never rejects: it resolves with the result, or undefined when it failed or was ignored.
 */
import { useRef, useState } from 'react';
import i18next from '../i18n/translator';
import { showToast } from './feedback';
import { withLoading } from './loading';
import { ApiError } from './request';
import { RuntimeFailure } from './runtime-errors';

export interface ActionOptions<V, R> {
  /** The loading mask while the request runs: true for 加载中…, or its own text (per call, if a function). */
  loading?: boolean | string | ((vars: V) => boolean | string);
  /** Codes the request was sent with as silent: the mask is cleared, and `onError` tells the shopper. */
  silentCodes?: readonly number[];
  /** After success, still inside the busy window. */
  onSuccess?: (result: R, vars: V) => void | Promise<void>;
  /** After a failure was shown (or left to the caller, for a silent code). */
  onError?: (error: unknown, vars: V) => void;
  /** After success or failure (not after an ignored tap), e.g. to read again what may have changed. */
  onSettled?: (vars: V) => void;
}

export interface Action<V, R> {
  /** Sends the action; does nothing while one is under way. Never rejects. */
  run: (vars: V) => Promise<R | undefined>;
  /** True from `run` until the action and its `onSuccess` are done. */
  busy: boolean;
}

/** Whether the request wrapper (or the platform) already told the shopper about this failure. */
export function isToldFailure(error: unknown): boolean {
  return error instanceof ApiError || error instanceof RuntimeFailure;
}

export function useAction<V = void, R = unknown>(
  send: (vars: V) => Promise<R>,
  options: ActionOptions<V, R> = {},
): Action<V, R> {
  const latest = useRef({ send, options });
  latest.current = { send, options };
  const pending = useRef(false);

  const [busy, setBusy] = useState(false);

  const run = useRef(async (vars: V): Promise<R | undefined> => {
    if (pending.current) return undefined;
    pending.current = true;
    setBusy(true);
    try {
      const { send: go, options: o } = latest.current;
      const loading = typeof o.loading === 'function' ? o.loading(vars) : o.loading;
      const result = loading
        ? await withLoading(() => go(vars), {
            text: typeof loading === 'string' ? loading : undefined,
            silentCodes: o.silentCodes,
          })
        : await go(vars);
      await o.onSuccess?.(result, vars);
      return result;
    } catch (error) {
      if (!isToldFailure(error)) showToast(i18next.t('errors.fail'));
      latest.current.options.onError?.(error, vars);
      return undefined;
    } finally {
      pending.current = false;
      setBusy(false);
      latest.current.options.onSettled?.(vars);
    }
  });
  // `run` is one function for the component's life; it reads the latest options through refs.
  return { run: run.current, busy };
}
