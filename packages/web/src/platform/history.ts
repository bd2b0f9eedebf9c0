/**
 * Where the shop is and how it moves: the location in the URL's hash (`#/pages/…?query`, SPEC §2) and the
 * browser's history under it. One object per app (`createHashHistory`; the tests' `createMemoryHistory`),
 * registered with platform/navigation, read by the router's hooks (platform/router.tsx).
 *
 * Every page of the shop is a fixed path of the route table (app/routes.ts), so the router needs no
 * pattern matching: this history and a lookup are all of it (ADR 0023). The history behaves as the
 * library router did: each entry carries a unique `key` and its index (`idx`) in `history.state`, so
 * `goBack` can tell the first page; a navigation pushes unless told to replace; a back or forward is a
 * `POP`.
 */

export interface Location {
  /** `/pages/index/index`. */
  pathname: string;
  /** `''` or `?a=1&b=2`. */
  search: string;
  /** Unique per history entry (`default` for the entry the app started on). */
  key: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface HistoryUpdate {
  location: Location;
  previous: Location;
  action: HistoryAction;
}

export interface AppHistory {
  readonly state: { location: Location; action: HistoryAction };
  /** To `path?query` (pushed unless `replace`), or `delta` entries back or forward. */
  navigate(to: string | number, options?: { replace?: boolean }): void;
  /** Called after each change, before React renders it (the page's scroll is still the old one's). */
  subscribe(listener: (update: HistoryUpdate) => void): () => void;
}

/** `path?query` as a location's path and search (a missing leading slash is added). */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search'> {
  const at = path.indexOf('?');
  const raw = at >= 0 ? path.slice(0, at) : path;
  const search = at >= 0 ? path.slice(at) : '';
  return { pathname: raw.startsWith('/') ? raw : `/${raw}`, search: search === '?' ? '' : search };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  key?: string;
  idx?: number;
}

/** The app's history in `window.location.hash`. */
export function createHashHistory(): AppHistory {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  const entry = () => (window.history.state ?? {}) as EntryState;
  const read = (key: string): Location => ({ ...parsePath(window.location.hash.slice(1)), key });

  let index = entry().idx ?? 0;
  if (entry().idx === undefined) window.history.replaceState({ ...entry(), key: 'default', idx: 0 }, '');
  const state = { location: read(entry().key ?? 'default'), action: 'POP' as HistoryAction };

  const change = (location: Location, action: HistoryAction) => {
    const previous = state.location;
    state.location = location;
    state.action = action;
    for (const listener of listeners) listener({ location, previous, action });
  };

  const onPop = () => {
    const { key, idx } = entry();
    if (idx === undefined) {
      // An entry the app did not make (the hash typed into the address bar): number it now.
      index += 1;
      const made = newKey();
      window.history.replaceState({ ...entry(), key: made, idx: index }, '');
      change(read(made), 'POP');
      return;
    }
    index = idx;
    change(read(key ?? 'default'), 'POP');
  };

  return {
    state,
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const target = parsePath(to);
      const key = newKey();
      const replace = options.replace === true;
      if (!replace) index += 1;
      const url = `#${target.pathname}${target.search}`;
      if (replace) window.history.replaceState({ key, idx: index }, '', url);
      else window.history.pushState({ key, idx: index }, '', url);
      change({ ...target, key }, replace ? 'REPLACE' : 'PUSH');
    },
    // The browser's back and forward are followed while someone listens (the app's router always does).
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
  };
}

/** A history kept in memory, starting at `path` (the web tests). */
export function createMemoryHistory(path = '/'): AppHistory & { readonly entries: readonly Location[] } {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  const entries: Location[] = [{ ...parsePath(path), key: 'default' }];
  let index = 0;
  const state = { location: entries[0] as Location, action: 'POP' as HistoryAction };
  const change = (action: HistoryAction) => {
    const previous = state.location;
    state.location = entries[index] as Location;
    state.action = action;
    for (const listener of listeners) listener({ location: state.location, previous, action });
  };
  return {
    state,
    entries,
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        const next = Math.min(Math.max(index + to, 0), entries.length - 1);
        if (next === index) return;
        index = next;
        change('POP');
        return;
      }
      const location = { ...parsePath(to), key: newKey() };
      if (options.replace === true) entries[index] = location;
      else {
        index += 1;
        entries.splice(index, entries.length, location);
      }
      change(options.replace === true ? 'REPLACE' : 'PUSH');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
