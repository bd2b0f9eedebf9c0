/** POST /api/upload and its files: who may upload, the answer with its signed link, and who may read a file. */
import { ErrorCode, type iotRealnameApi, type Reason } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import type { LimitRule, RateLimiter } from '../../http/rate-limit.js';
import { type SessionRow, useCard } from '../../http/sessions.js';
import { loadSim } from '../iot-core/card.js';
import * as repo from './repository.js';
import { acceptUpload } from './service.js';
import {
  isUploadScene,
  SIGNED_URL_TTL_MS,
  signUpload,
  UPLOAD_FILE_PATH,
  UPLOAD_KEY_RE,
  type UploadStore,
  verifyUploadSignature,
} from './upload-store.js';

/** Uploads per client address and hour (the files are kept, so an endless loop would fill the disk). */
const UPLOAD_IP_RULE: LimitRule = { limit: 60, windowMs: 3600_000 };

/** Counts an upload of this address; too many refuse it before its body is read. */
export async function admitUpload(limiter: RateLimiter, ip: string): Promise<void> {
  if (!(await limiter.hit(`upload:ip:${ip}`, UPLOAD_IP_RULE)).allowed) throw fail('uploadTooFrequent');
}

/**
 * Stores one upload of the caller: a real-name photo needs the card session of every IoT endpoint
 * (http/contract.ts) and belongs to that card; an avatar needs a signed-in shopper. The answer links
 * to the file: an avatar's link is public, a photo's is signed and runs out.
 */
export async function receiveUpload(
  db: DbOrTx,
  store: UploadStore,
  form: { scene: string | undefined; bytes: Buffer | undefined },
  caller: { session: SessionRow | undefined; simNo: string | undefined },
  baseUrl: string,
): Promise<iotRealnameApi.UploadResult> {
  if (!isUploadScene(form.scene)) throw fail('uploadSceneInvalid', { field: 'scene' });
  const { session, simNo } = caller;
  let simId: number | null = null;
  if (form.scene === 'realname') {
    if (!session || !simNo || !(await useCard(db, session.id, simNo))) {
      throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
    }
    simId = (await loadSim(db, simNo)).id;
  } else if (!session) {
    throw new AppError(ErrorCode.SHOP_LOGIN_TIMEOUT);
  }
  if (!form.bytes) throw fail('fileRequired', { field: 'file' });

  const stored = await acceptUpload(db, store, { scene: form.scene, simId, bytes: form.bytes });
  const query =
    stored.scene === 'avatar' ? new URLSearchParams({ key: stored.key }) : new URLSearchParams(signUpload(stored.key));
  return { url: `${baseUrl}${UPLOAD_FILE_PATH}?${query}`, key: stored.key, size: stored.size };
}

export type UploadFile =
  | { refusal: { status: 403 | 404; reason: Reason } }
  | { bytes: Buffer; mime: string; cacheControl: string };

/**
 * GET /api/upload/file: an avatar for anyone, a photo only with an unexpired signature; cached for as
 * long as its link lives. A file missing from the store is gone.
 */
export async function readUpload(
  db: DbOrTx,
  store: UploadStore,
  link: { key: string; exp: string; sig: string },
  onUnreadable: (error: unknown) => void,
  now = Date.now(),
): Promise<UploadFile> {
  const gone = { refusal: { status: 404, reason: 'fileGone' } } as const;
  const upload = UPLOAD_KEY_RE.test(link.key) ? await repo.findUpload(db, link.key) : undefined;
  if (!upload || !isUploadScene(upload.scene)) return gone;
  const isPublic = upload.scene === 'avatar';
  if (!isPublic && !verifyUploadSignature(link.key, link.exp, link.sig, now)) {
    return { refusal: { status: 403, reason: 'fileLinkExpired' } };
  }
  let bytes: Buffer;
  try {
    bytes = await store.read(upload.scene, link.key);
  } catch (error) {
    onUnreadable(error);
    return gone;
  }
  const maxAge = isPublic
    ? 86_400
    : Math.max(0, Math.min(SIGNED_URL_TTL_MS / 1000, Number(link.exp) - Math.floor(now / 1000)));
  return { bytes, mime: upload.mime, cacheControl: `${isPublic ? 'public' : 'private'}, max-age=${maxAge}` };
}
