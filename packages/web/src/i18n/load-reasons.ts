/**
 * The server refusals' texts (the `reasons` section, about 250 texts in five languages) are not part of
 * the first screen: the request wrapper loads them when an answer first names a reason, and features
 * that show reasons from data (coupons) register them with their routes.
 */
import { registerSection } from '.';

let loading: Promise<void> | undefined;

/** Registers the `reasons` section once; a failed load (offline) is retried next time. */
export function loadReasons(): Promise<void> {
  loading ??= import('./sections/reasons').then(
    ({ reasons }) => registerSection('reasons', reasons),
    () => {
      loading = undefined;
    },
  );
  return loading;
}
