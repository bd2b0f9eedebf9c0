/**
 * The router's React side (ADR 0023): the provider that renders the history's location, the hooks the
 * pages read it with, a link, and the scroll restoration. A location change renders as a transition, as
 * the library router did: a page whose code is still loading keeps the previous page on screen instead of
 * a blank placeholder.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import type { AppHistory, HistoryAction, Location } from './history';

interface RouterValue {
  history: AppHistory;
  location: Location;
  action: HistoryAction;
}

const RouterContext = createContext<RouterValue | null>(null);

export function RouterProvider({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [current, setCurrent] = useState(() => ({ location: history.state.location, action: history.state.action }));
  useLayoutEffect(() => {
    const unsubscribe = history.subscribe(({ location, action }) =>
      startTransition(() => setCurrent({ location, action })),
    );
    // A change between the first render and this subscription.
    setCurrent((shown) =>
      shown.location === history.state.location
        ? shown
        : { location: history.state.location, action: history.state.action },
    );
    return unsubscribe;
  }, [history]);
  const value = useMemo(() => ({ history, ...current }), [history, current]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('the router hooks need a RouterProvider');
  return value;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** The location's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: { replace?: boolean }) => void] {
  const { history, location } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const { pathname } = location;
  const set = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      const query = next.toString();
      history.navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [history, pathname],
  );
  return [params, set];
}

/** A link to `path?query` of the app: a real `href` (a new tab works), an in-app navigation on a plain click. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { history } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    history.navigate(to);
  };
  return <a href={`#${to}`} onClick={follow} {...rest} />;
}

const SCROLL_STORAGE = 'shop:scroll';

function readPositions(): Map<string, number> {
  try {
    return new Map(
      Object.entries(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE) ?? '{}') as Record<string, number>),
    );
  } catch {
    return new Map();
  }
}

/** Scrolls to `top` once the page is tall enough (its data may still be arriving), for up to a second. */
function scrollWhenTall(top: number): () => void {
  let frame = 0;
  const until = Date.now() + 1000;
  const attempt = () => {
    window.scrollTo(0, top);
    if (window.scrollY >= top - 1 || Date.now() > until) return;
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * A new page opens at its top; back and forward return to where that entry was left, a reload too. The
 * position of the page being left is taken when the history changes, before the next page renders.
 */
export function ScrollRestoration(): null {
  const { history, location, action } = useRouter();
  const [positions] = useState(readPositions);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      positions.set(history.state.location.key, window.scrollY);
      try {
        sessionStorage.setItem(SCROLL_STORAGE, JSON.stringify(Object.fromEntries(positions)));
      } catch {
        // storage unavailable: positions live in memory only
      }
    };
    const unsubscribe = history.subscribe(({ previous }) => positions.set(previous.key, window.scrollY));
    window.addEventListener('pagehide', save);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', save);
    };
  }, [history, positions]);
  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (action === 'POP') return saved === undefined ? undefined : scrollWhenTall(saved);
    window.scrollTo(0, 0);
    return undefined;
  }, [location.key, action, positions]);
  return null;
}
