import { describe, expect, it, vi } from 'vitest';
import { RuntimeErrCode } from '../../platform/runtime-errors';
import { clampPercent, downloadWithProgress } from './download-with-progress';

function streamOf(parts: number[], length: string | null) {
  const body = new ReadableStream({
    start(controller) {
      for (const n of parts) controller.enqueue(new Uint8Array(n));
      controller.close();
    },
  });
  return new Response(body, { headers: length === null ? {} : { 'content-length': length } });
}

describe('download with progress', () => {
  it('reports 0, each chunk as a percent of content-length, then 100', async () => {
    vi.stubGlobal('fetch', async () => streamOf([250, 250, 500], '1000'));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    const seen: number[] = [];
    const file = await downloadWithProgress('/a.apk', (p) => seen.push(p));
    expect(seen).toEqual([0, 25, 50, 100, 100]);
    expect(file.href).toBe('blob:x');
  });

  it('without a size it reports 0 then 100; a body longer than announced stays clamped at 100', async () => {
    vi.stubGlobal('fetch', async () => streamOf([10, 10], null));
    URL.createObjectURL = vi.fn(() => 'blob:y');
    const seen: number[] = [];
    await downloadWithProgress('/a.apk', (p) => seen.push(p));
    expect(seen).toEqual([0, 100]);
    vi.stubGlobal('fetch', async () => streamOf([600, 600], '1000'));
    const over: number[] = [];
    await downloadWithProgress('/a.apk', (p) => over.push(p));
    expect(Math.max(...over)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('a network error or an HTTP error rejects with errCode 602001', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(downloadWithProgress('/a.apk', () => {})).rejects.toMatchObject({
      errCode: RuntimeErrCode.UPLOAD_DOWNLOAD_NETWORK,
    });
    vi.stubGlobal('fetch', async () => new Response('no', { status: 404 }));
    await expect(downloadWithProgress('/a.apk', () => {})).rejects.toMatchObject({ errCode: 602001 });
  });
});
