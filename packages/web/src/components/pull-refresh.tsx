/**
 * Pull-to-refresh as every screen uses it (SCREENS §0 "Lists"): threshold 45 px and the pulling,
 * release, refreshing and done texts in the reader's language. It behaves as antd-mobile's
 * PullToRefresh did (a touch pull from the top of the page, rubber-banded; past the threshold a release
 * refreshes, the head stays open while the refresh runs and shows "done" for half a second), without
 * its animation libraries, which the shop's first screen does not otherwise need (docs/performance.md):
 * the head follows the finger and eases back with a CSS transition.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { REFRESH_THRESHOLD } from '../platform/ui-defaults';
import './pull-refresh.css';

export { REFRESH_THRESHOLD };

/** The head's height while refreshing and the most a pull opens it (5 heads), as antd-mobile's. */
export const HEAD_HEIGHT = 40;
/** How long "done" shows after a refresh. */
export const COMPLETE_DELAY_MS = 500;

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The pull's distance past the top, rubber-banded like antd-mobile's (constant 0.5 over 5 heads). */
export function pulledHeight(distance: number): number {
  if (distance <= 0) return 0;
  const dimension = HEAD_HEIGHT * 5;
  return (distance * dimension * 0.5) / (dimension + 0.5 * distance);
}

/** Whether the touched element, or any box scrolling it, is scrolled away from its top. */
function scrolledDown(target: EventTarget | null): boolean {
  let node = target instanceof Element ? target : null;
  while (node && node !== document.body) {
    const { overflowY } = getComputedStyle(node);
    if (/scroll|auto|overlay/.test(overflowY) && node.scrollHeight > node.clientHeight && node.scrollTop > 0) {
      return true;
    }
    node = node.parentElement;
  }
  return window.scrollY > 0;
}

export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  // The gesture's state lives in refs: the touch listeners are attached once.
  const gesture = useRef<{ startY: number; pulling: boolean; height: number } | null>(null);
  const busy = useRef(false);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let alive = true;
    const start = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (busy.current || !touch || event.touches.length > 1) return;
      gesture.current = { startY: touch.clientY, pulling: false, height: 0 };
    };
    const move = (event: TouchEvent) => {
      const state = gesture.current;
      const touch = event.touches[0];
      if (!state || !touch) return;
      const distance = touch.clientY - state.startY;
      if (!state.pulling) {
        // A pull starts only downwards and only from the top of what scrolls.
        if (distance <= 0 || scrolledDown(event.target)) {
          gesture.current = null;
          return;
        }
        state.pulling = true;
        setDragging(true);
      }
      if (event.cancelable) event.preventDefault();
      state.height = pulledHeight(distance);
      setHeight(state.height);
      setStatus(state.height > REFRESH_THRESHOLD ? 'canRelease' : 'pulling');
    };
    const end = async () => {
      const state = gesture.current;
      gesture.current = null;
      if (!state?.pulling) return;
      setDragging(false);
      if (state.height <= REFRESH_THRESHOLD) {
        setHeight(0);
        return;
      }
      busy.current = true;
      setStatus('refreshing');
      setHeight(HEAD_HEIGHT);
      try {
        await refresh.current();
      } catch {
        // the caller showed why
      }
      if (!alive) return;
      setStatus('complete');
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_DELAY_MS));
      if (!alive) return;
      setHeight(0);
      busy.current = false;
    };
    element.addEventListener('touchstart', start, { passive: true });
    // Not passive: a pull stops the page from scrolling (or bouncing) under the finger.
    element.addEventListener('touchmove', move, { passive: false });
    element.addEventListener('touchend', end);
    element.addEventListener('touchcancel', end);
    return () => {
      alive = false;
      element.removeEventListener('touchstart', start);
      element.removeEventListener('touchmove', move);
      element.removeEventListener('touchend', end);
      element.removeEventListener('touchcancel', end);
    };
  }, []);

  const text = {
    pulling: t('ui.pullToRefresh'),
    canRelease: t('ui.releaseToRefresh'),
    refreshing: t('ui.refreshing'),
    complete: t('ui.refreshed'),
  }[status];
  return (
    <div className="hk-pull" ref={root} data-status={status}>
      <div className={`hk-pull__head${dragging ? '' : ' hk-pull__head--settling'}`} style={{ height }}>
        <div className="hk-pull__text" style={{ height: HEAD_HEIGHT }}>
          {text}
        </div>
      </div>
      <div className="hk-pull__content">{children}</div>
    </div>
  );
}
