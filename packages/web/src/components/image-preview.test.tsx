import { waitFor } from '@testing-library/react';
import { ImageViewer } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';
import { showImagePreview } from './image-preview';

describe('showImagePreview (SPEC §9: scale 1 to 4)', () => {
  it('opens the images at the index with zoom up to 4 times', () => {
    const show = vi.spyOn(ImageViewer.Multi, 'show');
    showImagePreview(['/a.png', '/b.png'], 1);
    expect(show).toHaveBeenCalledWith({ images: ['/a.png', '/b.png'], defaultIndex: 1, maxZoom: 4 });
    showImagePreview(['/a.png'], 7);
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ defaultIndex: 0 }));
  });

  it('shows the image full screen and closes on demand', async () => {
    const close = showImagePreview(['/a.png']);
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-image-wrapper img')).not.toBeNull());
    expect(document.querySelector('.adm-image-viewer-image-wrapper img')?.getAttribute('src')).toBe('/a.png');
    close();
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-image-wrapper img')).toBeNull());
  });
});
