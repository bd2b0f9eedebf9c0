/**
 * Long-press (SPEC §9: 350 ms): spread the returned handlers on an element; a touch held that long without
 * moving calls `onLongPress`. Nothing prevents the default, so WeChat's own long-press menu (which recognises
 * a QR code) still shows.
 */
import { useCallback, useEffect, useRef } from 'react';
import { LONG_PRESS_MS } from './ui-defaults';

export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  return {
    onTouchStart: () => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        onLongPress();
      }, ms);
    },
    onTouchEnd: cancel,
    onTouchMove: cancel,
    onTouchCancel: cancel,
  };
}
