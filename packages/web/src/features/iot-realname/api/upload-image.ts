/**
 * POST /api/upload (API.md §6, multipart): one real-name photo, field `file` plus `scene`. Sent through the
 * generic upload (platform/upload.ts) so the page can show the progress (0–100), with the same headers and
 * 120 s timeout as the request wrapper; the `{code, message, data}` answer is handled like the wrapper
 * does (catalogue toast or dialog, 34061 to the card login). The file is checked on the client first: jpg/png/webp, ≤ 5 MB.
 */
import { ErrorCode, iotRealnameApi, REQUEST_TIMEOUT_MS } from '@haoka/contract';
import { loadReasons } from '../../../i18n/load-reasons';
import i18next from '../../../i18n/translator';
import { applyOutcome, outcomeFor } from '../../../platform/error-catalogue';
import { showToast } from '../../../platform/feedback';
import { requestHeaders } from '../../../platform/headers';
import { navigateUrl } from '../../../platform/navigation';
import { API_BASE, ApiError } from '../../../platform/request';
import { RuntimeFailure } from '../../../platform/runtime-errors';
import { type UploadAnswer, uploadFile } from '../../../platform/upload';

export type UploadResult = iotRealnameApi.UploadResult;

export type UploadScene = 'realname' | 'avatar';

/**
 * Whether an upload's `data` is the stored file the pages show: checked by hand, as the web keeps the
 * contract's schemas off (stores/persist.ts).
 */
function isUploadResult(data: unknown): data is UploadResult {
  const d = data as Partial<Record<keyof UploadResult, unknown>> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.url === 'string' &&
    typeof d.key === 'string' &&
    Number.isInteger(d.size)
  );
}

/** Why a file is refused before sending, or null when it may be sent. */
export type FileProblem = 'type' | 'size' | null;

export function checkImageFile(file: Pick<File, 'type' | 'size'>): FileProblem {
  if (!(iotRealnameApi.UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > iotRealnameApi.UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export interface UploadOptions {
  scene?: UploadScene;
  /** Percent sent so far, 0–100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Rejects with the refusal, after the user was told (toast / dialog), like the request wrapper. */
export async function uploadImage(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  const { scene = 'realname', onProgress, signal } = options;
  if (!signal?.aborted) onProgress?.(0);
  let answer: UploadAnswer;
  try {
    answer = await uploadFile({
      url: `${API_BASE}${iotRealnameApi.UPLOAD_PATH}`,
      file,
      formData: { scene },
      headers: { ...requestHeaders(), accept: 'application/json' },
      timeoutMs: REQUEST_TIMEOUT_MS,
      onProgress,
      signal,
    });
  } catch (error) {
    // SPEC §8: network error 602001 and timeout are told like the wrapper's network failure; an abort is not.
    if (error instanceof RuntimeFailure && error.errMsg !== 'abort') showToast(i18next.t('errors.network'));
    throw error;
  }
  const result = await readAnswer(answer.statusCode, answer.data);
  onProgress?.(100);
  return result;
}

/** The upload's answer as the request wrapper reads any answer (SPEC §8). */
async function readAnswer(status: number, text: string): Promise<UploadResult> {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const envelope = body as { code?: unknown; message?: unknown; reason?: unknown; data?: unknown } | null;
  const message = typeof envelope?.message === 'string' ? envelope.message : '';
  const reason = typeof envelope?.reason === 'string' ? envelope.reason : undefined;
  if (reason) await loadReasons();
  if (status < 200 || status >= 300) {
    if (status === 401) throw new ApiError(ErrorCode.FAIL, message, null, 401, reason);
    const failure = new ApiError(ErrorCode.FAIL, message, envelope?.data ?? null, status, reason);
    showToast(status >= 500 ? i18next.t('errors.serverError') : failure.text || i18next.t('errors.requestError'));
    throw failure;
  }
  if (!envelope || typeof envelope !== 'object' || !('data' in envelope) || typeof envelope.code !== 'number') {
    showToast(i18next.t('errors.dataInvalid'));
    throw new ApiError(ErrorCode.FAIL, i18next.t('errors.dataInvalid'), null, status);
  }
  if (envelope.code !== ErrorCode.OK) {
    applyOutcome(outcomeFor(envelope.code, message, envelope.data, reason), navigateUrl);
    throw new ApiError(envelope.code, message, envelope.data ?? null, 200, reason);
  }
  if (!isUploadResult(envelope.data)) {
    showToast(i18next.t('errors.dataInvalid'));
    throw new ApiError(ErrorCode.FAIL, i18next.t('errors.dataInvalid'), null, status);
  }
  return envelope.data;
}
