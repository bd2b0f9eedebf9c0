/**
 * Download with progress for the app update (SCREENS §4 appUpdate): reads the body as a stream and
 * reports 0–100 (clamped, SPEC §5) while the size is known; resolves a temporary object URL.
 */
import { downloadNetworkError } from '../../platform/download';

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export async function downloadWithProgress(
  url: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ href: string; revoke: () => void }> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch {
    throw downloadNetworkError();
  }
  if (!response.ok || !response.body) throw downloadNetworkError();
  const total = Number(response.headers.get('content-length') ?? 0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      if (total > 0) onProgress(clampPercent((received / total) * 100));
    }
  } catch {
    throw downloadNetworkError();
  }
  onProgress(100);
  const href = URL.createObjectURL(new Blob(chunks as BlobPart[]));
  return { href, revoke: () => URL.revokeObjectURL(href) };
}
