/**
 * Generic upload (SPEC §7 "Other", §8): one multipart POST sent with XMLHttpRequest so the caller can show
 * the progress. It resolves with the HTTP status and the answer's text whatever the status is; reading the
 * answer is the caller's business. A network error rejects with errCode 602001, the timeout (60 s unless
 * told) with 'timeout' errCode 5, and an abort with 'abort' errCode 600003.
 */
import { clampPercent, GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { RuntimeErrCode, RuntimeFailure, requestAbort, requestTimeout } from './runtime-errors';

export interface UploadFileOptions {
  url: string;
  file: Blob;
  /** The form field of the file; `file` unless told. */
  name?: string;
  /** Plain fields, sent before the file so a streaming reader knows them first. */
  formData?: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Percent sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export interface UploadAnswer {
  statusCode: number;
  data: string;
}

export const uploadNetworkError = () => new RuntimeFailure('uploadFile:fail', RuntimeErrCode.UPLOAD_DOWNLOAD_NETWORK);

export function uploadFile(options: UploadFileOptions): Promise<UploadAnswer> {
  const { url, file, name = 'file', formData = {}, headers = {}, timeoutMs = GENERIC_TIMEOUT_MS } = options;
  const { onProgress, signal } = options;
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(requestAbort());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    // No content-type: the browser sets the multipart boundary itself.
    for (const [header, value] of Object.entries(headers)) xhr.setRequestHeader(header, value);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = (then: () => void) => () => {
      signal?.removeEventListener('abort', onAbort);
      then();
    };

    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(clampPercent(Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onerror = settle(() => reject(uploadNetworkError()));
    xhr.ontimeout = settle(() => reject(requestTimeout()));
    xhr.onabort = settle(() => reject(requestAbort()));
    xhr.onload = settle(() => resolve({ statusCode: xhr.status, data: xhr.responseText }));

    const form = new FormData();
    for (const [field, value] of Object.entries(formData)) form.append(field, value);
    form.append(name, file);
    xhr.send(form);
  });
}
