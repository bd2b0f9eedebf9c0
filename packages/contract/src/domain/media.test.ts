import { describe, expect, it } from 'vitest';
import { MEDIA_PATH_RE, mediaPath, mediaTypeOf } from './media.js';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('mediaTypeOf', () => {
  it('tells PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(mediaTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ ext: 'png', mime: 'image/png' });
    expect(mediaTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(mediaTypeOf(bytes('GIF89a', [1, 0]))).toEqual({ ext: 'gif', mime: 'image/gif' });
    expect(mediaTypeOf(bytes('GIF87a'))).toEqual({ ext: 'gif', mime: 'image/gif' });
    expect(mediaTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toEqual({ ext: 'webp', mime: 'image/webp' });
  });

  it('refuses anything else, however it starts to look like an image', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      bytes('%PDF-1.4'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
      bytes('GIF8'),
      bytes([0x89], 'PN'),
      bytes(),
    ]) {
      expect(mediaTypeOf(other)).toBeNull();
    }
  });

  it('names the served path by content hash and type', () => {
    const path = mediaPath('a'.repeat(64), 'webp');
    expect(path).toBe(`/media/${'a'.repeat(64)}.webp`);
    expect(MEDIA_PATH_RE.test(path)).toBe(true);
    expect(MEDIA_PATH_RE.test('/media/../../etc/passwd')).toBe(false);
  });
});
