/**
 * antd-mobile's Popup and ActionSheet, downloaded when one first opens: a page that only may open a sheet
 * (the card login's agreement, the language switch, the card home's card switch) does not load them and
 * their animation libraries with its first screen (docs/performance.md). Once opened they stay mounted,
 * so closing animates as before.
 */
import type { ActionSheetProps, PopupProps } from 'antd-mobile';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { withTexts } from '../i18n';

const overlays = () => withTexts(import('./overlay-components'));
const Popup = lazy(() => overlays().then((m) => ({ default: m.Popup })));
const ActionSheet = lazy(() => overlays().then((m) => ({ default: m.ActionSheet })));

function whenOpened<P extends { visible?: boolean }>(Component: ComponentType<P>) {
  return function Lazy(props: P) {
    const [wanted, setWanted] = useState(!!props.visible);
    if (props.visible && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

export const LazyPopup = whenOpened<PopupProps>(Popup);
export const LazyActionSheet = whenOpened<ActionSheetProps>(ActionSheet);
