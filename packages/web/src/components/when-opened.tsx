/**
 * A sheet or dialog (a component with `visible`) that renders nothing until it is first opened, then
 * stays mounted, so that closing animates as before. With a lazy component, its file downloads on the
 * first opening (components/lazy-popup.tsx, the language switch's sheet, the card login's agreement).
 */
import { type ComponentType, Suspense, useState } from 'react';

export function whenOpened<P extends { visible?: boolean }>(Component: ComponentType<P>) {
  return function WhenOpened(props: P) {
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
