/**
 * Long-press on a QR image saves it (the generic long-press of platform/long-press.ts, SPEC §9 350 ms);
 * WeChat's own long-press menu, which recognises the code, still shows.
 */
import { saveFile } from '../../platform/download';

export { useLongPress } from '../../platform/long-press';
export { LONG_PRESS_MS } from '../../platform/ui-defaults';

/** Starts a download of the image (the browser's save for an image link). */
export function saveImage(src: string): void {
  saveFile(src, src.split('/').pop() || 'qrcode.png');
}
