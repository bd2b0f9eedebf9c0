/**
 * Where an IoT form goes when it is done: the `redirect` query when it is an in-app path, else back
 * (which lands on the card home when the page is the first in history, opened from a link).
 */
import { goBack, navigateUrl } from '../../platform/navigation';

/** Only an in-app path (`/…`, not `//host`) is followed, never an outside address. */
export function safeRedirect(value: string | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

export function leavePage(redirect: string | undefined): void {
  const target = safeRedirect(redirect);
  if (target) {
    navigateUrl(target, true);
    return;
  }
  goBack();
}
