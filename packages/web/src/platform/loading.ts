/**
 * The loading mask of an action (SCREENS §0): shown while it runs, cleared when it succeeds. On failure
 * the request wrapper's toast or dialog replaces it; only a failure that shows nothing (HTTP 401, an
 * aborted request, a silent or silenced code, a non-request error) clears it here.
 */
import { outcomeFor } from './error-catalogue';
import { hideLoading, showLoading } from './feedback';
import { ApiError } from './request';
import { RuntimeFailure } from './runtime-errors';

function showsNothing(error: unknown, silentCodes: readonly number[]): boolean {
  if (error instanceof ApiError) {
    if (error.status !== 200) return error.status === 401;
    return silentCodes.includes(error.code) || outcomeFor(error.code, '', null).kind === 'silent';
  }
  if (error instanceof RuntimeFailure) return error.errMsg === 'abort';
  return true;
}

export async function withLoading<T>(
  run: () => Promise<T>,
  options: { text?: string; silentCodes?: readonly number[] } = {},
): Promise<T> {
  showLoading(options.text);
  try {
    const out = await run();
    hideLoading();
    return out;
  } catch (error) {
    if (showsNothing(error, options.silentCodes ?? [])) hideLoading();
    throw error;
  }
}
