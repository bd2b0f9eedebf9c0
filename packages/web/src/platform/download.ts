/**
 * Generic download (SPEC §7 "Other", §8): a GET whose body becomes a temporary object URL, the H5 form of the
 * runtime's temporary file path. The caller revokes it when done (or passes it to `saveFile`). A network
 * error rejects with errCode 602001, the timeout (60 s unless told) with 'timeout' errCode 5, and an abort
 * with 'abort' errCode 600003.
 */
import { GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { RuntimeErrCode, RuntimeFailure } from './runtime-errors';
import { timedFetch } from './timed-fetch';

export interface DownloadFileOptions {
  url: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface DownloadResult {
  statusCode: number;
  /** A `blob:` URL of the body, valid until revoked. */
  tempFilePath: string;
  /** Frees the temporary URL. */
  revoke: () => void;
}

export const downloadNetworkError = () =>
  new RuntimeFailure('downloadFile:fail', RuntimeErrCode.UPLOAD_DOWNLOAD_NETWORK);

export function downloadFile(options: DownloadFileOptions): Promise<DownloadResult> {
  const { url, headers = {}, timeoutMs = GENERIC_TIMEOUT_MS, signal } = options;
  return timedFetch(
    url,
    { method: 'GET', headers },
    { timeoutMs, signal, networkError: downloadNetworkError },
    async (response) => {
      const tempFilePath = URL.createObjectURL(await response.blob());
      return { statusCode: response.status, tempFilePath, revoke: () => URL.revokeObjectURL(tempFilePath) };
    },
  );
}

/** Hands a URL (a temporary file path or an image address) to the browser's save, under `fileName`. */
export function saveFile(href: string, fileName = href.split('/').pop() || 'download'): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
