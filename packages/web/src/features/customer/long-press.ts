/**
 * Long-press (SPEC §9: 350 ms) on a QR image saves it; WeChat's own long-press menu, which recognises the
 * code, still shows because nothing here prevents the default.
 */
import { useCallback, useEffect, useRef } from 'react';

export const LONG_PRESS_MS = 350;

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

/** Starts a download of the image (the browser's save for an image link). */
export function saveImage(src: string): void {
  const link = document.createElement('a');
  link.href = src;
  link.download = src.split('/').pop() || 'qrcode.png';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
