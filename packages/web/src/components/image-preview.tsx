/**
 * Full-screen image preview (SPEC §9: zoom from 1 to 4 times): swipe between the images, pinch or
 * double-tap to zoom, tap to close.
 */
import { ImageViewer } from 'antd-mobile';
import { IMAGE_PREVIEW_MAX_SCALE } from '../platform/ui-defaults';

/** Opens the preview at `index`; returns a function that closes it. */
export function showImagePreview(images: readonly string[], index = 0): () => void {
  const defaultIndex = Math.min(Math.max(0, index), Math.max(0, images.length - 1));
  // antd-mobile never zooms out below 1, the SPEC's lower bound; the upper bound is ours to set.
  const handler = ImageViewer.Multi.show({ images: [...images], defaultIndex, maxZoom: IMAGE_PREVIEW_MAX_SCALE });
  return () => handler.close();
}
