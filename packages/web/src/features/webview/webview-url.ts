/**
 * The web view's target (SCREENS §1 webview): `query.url`, decoded once more when the caller encoded it
 * on top of the query string's own encoding, accepted only when it passes the URL check (SPEC §5:
 * starts with http or https) and parses as a URL.
 */
import { isUrl } from '@haoka/contract';

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

export function webviewUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  if (isUrl(value)) return parses(value) ? value : null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  return isUrl(decoded) && parses(decoded) ? decoded : null;
}
