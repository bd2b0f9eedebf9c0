/**
 * antd-mobile's Popup, downloaded when it first opens: a page that only may open a sheet (the card
 * login's agreement, the language switch) does not load the popup and its animation libraries with its
 * first screen (docs/performance.md). Once opened it stays mounted, so closing animates as before.
 */
import type { PopupProps } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';

const Popup = lazy(() => import('./popup-component'));

export function LazyPopup(props: PopupProps) {
  const [wanted, setWanted] = useState(!!props.visible);
  if (props.visible && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
