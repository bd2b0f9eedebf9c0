/**
 * Card real-name (API.md §4 simOfficialAuth, deviceOfficialAuth, simPlatformAuth; §6 upload; SCREENS §3
 * realnameAuth/*): the operator's real-name entry from the carrier, the platform's own real-name with its
 * instant check or back-office review, private uploads of ID photos, and how a sync's real-name result
 * lands on the card.
 */

import { createHash } from 'node:crypto';
import {
  ageOn,
  ErrorCode,
  iotRealnameApi,
  isIdCard,
  maskIdCard,
  type OfficialAuthEntry as OfficialAuthData,
  type Reason,
} from '@haoka/contract';
import QRCode from 'qrcode';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { CarrierRefusal, type OfficialAuthEntry, type SyncedSim } from '../../gateways/carrier/carrier-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { shanghaiToday } from '../../lib/order-sn.js';
import { encryptPersonal, lookupHash } from '../../lib/personal-data.js';
import { formatDateTime } from '../../lib/time.js';
import { loadSim } from '../iot-core/card.js';
import type { SimRow } from '../iot-core/repository.js';
import type { IdentityVerifier } from './identity-verifier.js';
import * as repo from './repository.js';
import { newUploadKey, sniffImageType, type UploadScene, type UploadStore } from './upload-store.js';

/** What real-name needs: the app context's parts, and the identity check (a test may bring its own). */
export type RealnameDeps = Pick<AppContext, 'db' | 'carrier' | 'limiter'> & {
  verifier: IdentityVerifier;
  log?: AppContext['log'] | undefined;
};

/** The app pages the operator's real-name page sends the browser back to (SCREENS §3). */
export const OFFICIAL_RETURN_PATH = '/shop/#/pages/iot/index/realnameAuth/official/index';
export const VICE_OFFICIAL_RETURN_PATH = '/shop/#/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index';

/** Minimum age of a platform real-name holder (API.md §4 simPlatformAuth). */
export const MIN_AGE = 16;
/** Instant checks per card and day: each one may cost a provider call, and a loop would probe IDs. */
export const PLATFORM_CHECK_RULE: LimitRule = { limit: 5, windowMs: 24 * 3600_000 };
const REVIEW_REMARK = '资料已提交，预计1-3个工作日内完成审核';

/** The absolute return URL of the official real-name page (or of a vice SIM's page). */
export function officialReturnUrl(base: string, viceSimNo?: string): string {
  const origin = base.replace(/\/+$/, '');
  return viceSimNo
    ? `${origin}${VICE_OFFICIAL_RETURN_PATH}?viceSimNo=${encodeURIComponent(viceSimNo)}`
    : `${origin}${OFFICIAL_RETURN_PATH}`;
}

/** An SVG QR code as a data URL (mode qrcode: the QR holds the operator page). */
async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

async function carrierEntry(
  deps: RealnameDeps,
  simNo: string,
  target: { authSimNo: string; operatorType: number },
  returnUrl: string,
): Promise<OfficialAuthEntry> {
  try {
    return await deps.carrier.officialAuthEntry(simNo, target, returnUrl);
  } catch (error) {
    if (error instanceof CarrierRefusal) throw new AppError(ErrorCode.MODULE_CLOSED, error.reason);
    deps.log?.warn({ simNo, err: error instanceof Error ? error.message : String(error) }, 'official auth entry');
    throw fail('upstreamBusy');
  }
}

async function present(entry: OfficialAuthEntry, operatorType: number, authStatus: number): Promise<OfficialAuthData> {
  return {
    mode: entry.mode,
    ...(entry.url ? { url: entry.url } : {}),
    ...(entry.mode === 'qrcode' && entry.url ? { qrImage: await qrDataUrl(entry.url) } : {}),
    ...(entry.smsText ? { smsText: entry.smsText } : {}),
    tips: entry.tips,
    operatorType,
    authStatus,
  };
}

/** Already real-named: no entry, nothing to open. */
const done = (operatorType: number): OfficialAuthData => ({
  mode: 'redirect',
  tips: '已完成实名认证',
  operatorType,
  authStatus: 1,
});

/**
 * The operator's current real-name state of the card (or of `authSimNo`, one of its vice SIMs), written
 * through `applySyncedAuth` when it changed; the stored state when the operator cannot be asked.
 */
async function askAuthState(
  deps: RealnameDeps,
  sim: SimRow,
  target: { authSimNo: string; stored: number },
): Promise<number> {
  let state: number;
  try {
    state = await deps.carrier.officialAuthState(sim.sim_no, target.authSimNo);
  } catch (error) {
    deps.log?.warn({ simNo: sim.sim_no, err: error instanceof Error ? error.message : String(error) }, 'auth state');
    return target.stored;
  }
  if (state === target.stored) return state;
  const synced =
    target.authSimNo === sim.sim_no
      ? { authStatus: state }
      : { authStatus: sim.auth_status, viceSims: [{ simNo: target.authSimNo, authStatus: state }] };
  await deps.db.transaction().execute((tx) => applySyncedAuth(tx, sim, synced));
  return state;
}

/**
 * GET /api/iot/simOfficialAuth. `base` is the shop's origin (PUBLIC_URL or the request's). Until the card
 * is real-named the operator is asked for its state each time, so a holder back from the operator's page
 * sees the outcome at once rather than at the next sync.
 */
export async function getOfficialAuth(deps: RealnameDeps, sim: SimRow, base: string): Promise<OfficialAuthData> {
  if (sim.auth_status === 1) return done(sim.operator_type);
  const state = await askAuthState(deps, sim, { authSimNo: sim.sim_no, stored: sim.auth_status });
  if (state === 1) return done(sim.operator_type);
  const entry = await carrierEntry(
    deps,
    sim.sim_no,
    { authSimNo: sim.sim_no, operatorType: sim.operator_type },
    officialReturnUrl(base),
  );
  return present(entry, sim.operator_type, state);
}

/** GET /api/iot/deviceOfficialAuth: the same for one vice SIM of a device. */
export async function getDeviceOfficialAuth(
  deps: RealnameDeps,
  sim: SimRow,
  viceSimNo: string,
  base: string,
): Promise<OfficialAuthData & { viceSimNo: string }> {
  const vice = sim.source_type === 2 ? await repo.findViceSim(deps.db, sim.id, viceSimNo) : undefined;
  if (!vice) throw fail('notOwnViceSim', { field: 'viceSimNo' });
  if (vice.auth_status === 1) return { ...done(vice.operator_type), viceSimNo: vice.sim_no };
  const state = await askAuthState(deps, sim, { authSimNo: vice.sim_no, stored: vice.auth_status });
  if (state === 1) return { ...done(vice.operator_type), viceSimNo: vice.sim_no };
  const entry = await carrierEntry(
    deps,
    sim.sim_no,
    { authSimNo: vice.sim_no, operatorType: vice.operator_type },
    officialReturnUrl(base, vice.sim_no),
  );
  return { ...(await present(entry, vice.operator_type, state)), viceSimNo: vice.sim_no };
}

/**
 * Writes the real-name part of an upstream sync (iot-core `refreshSim`, inside its transaction) or of a
 * real-name state query (the operator entry, below). `sim` is the card as read BEFORE: a card or vice SIM
 * that newly reaches 1 adds one to `numb_auth` (a number shared by the card and its vice SIM counts once),
 * `need_auth` is cleared once the card is real-named, and each vice SIM's state is written. Every state
 * change is conditional on the state read, so two writers that saw the same change count it once.
 */
export async function applySyncedAuth(
  tx: DbOrTx,
  sim: Pick<SimRow, 'id' | 'sim_no' | 'auth_status' | 'need_auth'>,
  synced: Pick<SyncedSim, 'authStatus' | 'viceSims'>,
): Promise<void> {
  const newlyVerified = new Set<string>();
  if (synced.authStatus !== sim.auth_status) {
    const moved = await repo.moveSimAuthStatus(tx, sim.id, sim.auth_status, synced.authStatus);
    if (moved && synced.authStatus === 1) newlyVerified.add(sim.sim_no);
  }
  if (synced.viceSims && synced.viceSims.length > 0) {
    const stored = new Map((await repo.listViceSims(tx, sim.id)).map((v) => [v.sim_no, v]));
    for (const vice of synced.viceSims) {
      const row = stored.get(vice.simNo);
      if (!row || row.auth_status === vice.authStatus) continue;
      const moved = await repo.moveViceAuthStatus(tx, row.id, row.auth_status, vice.authStatus);
      if (moved && vice.authStatus === 1) newlyVerified.add(vice.simNo);
    }
  }
  const values = synced.authStatus === 1 && sim.need_auth !== 0 ? { need_auth: 0 } : {};
  if (Object.keys(values).length === 0 && newlyVerified.size === 0) return;
  await repo.updateSimAuth(tx, sim.id, values, newlyVerified.size);
}

// ---------------------------------------------------------------------------------------------------------
// Platform real-name

type ImageField = 'frontImage' | 'backImage' | 'faceImage';

/** Why each photo is refused: missing, the same file as another, not an upload of this card. */
const IMAGE_REFUSALS: Record<ImageField, { missing: Reason; duplicate: Reason; invalid: Reason }> = {
  frontImage: { missing: 'frontImageMissing', duplicate: 'frontImageDuplicate', invalid: 'frontImageInvalid' },
  backImage: { missing: 'backImageMissing', duplicate: 'backImageDuplicate', invalid: 'backImageInvalid' },
  faceImage: { missing: 'faceImageMissing', duplicate: 'faceImageDuplicate', invalid: 'faceImageInvalid' },
};

/** Photos each `platform_auth_type` needs: 1 none, 2 both ID sides, 3 both sides and a face photo. */
const REQUIRED_IMAGES: Record<1 | 2 | 3, ImageField[]> = {
  1: [],
  2: ['frontImage', 'backImage'],
  3: ['frontImage', 'backImage', 'faceImage'],
};

const platformAuthTypeOf = (sim: SimRow): 1 | 2 | 3 =>
  sim.platform_auth_type === 2 || sim.platform_auth_type === 3 ? sim.platform_auth_type : 1;

/** 张三 → 张*, 欧阳娜娜 → 欧***. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return `${chars[0] ?? ''}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/**
 * Platform real-name is open to a card whose `need_platform_auth` is 1, or that has submitted before
 * (so a rejected holder can try again after the flag was changed); any other card answers 40001.
 */
function assertSubmittable(sim: SimRow, latest: repo.SubmissionRow | undefined): void {
  if (sim.auth_platform_status === 1) throw fail('alreadyVerified');
  if (sim.auth_platform_status === 2) throw fail('underReview');
  if (sim.need_platform_auth !== 1 && !latest) {
    throw new AppError(ErrorCode.MODULE_CLOSED, 'platformAuthClosed');
  }
}

async function checkImages(
  db: DbOrTx,
  simId: number,
  type: 1 | 2 | 3,
  input: Partial<Record<ImageField, string | undefined>>,
): Promise<Partial<Record<ImageField, string>>> {
  const keys: Partial<Record<ImageField, string>> = {};
  for (const field of REQUIRED_IMAGES[type]) {
    const key = input[field];
    if (!key) throw fail(IMAGE_REFUSALS[field].missing, { field });
    if (Object.values(keys).includes(key)) throw fail(IMAGE_REFUSALS[field].duplicate, { field });
    const upload = await repo.findUpload(db, key);
    if (!upload || upload.sim_id !== simId || upload.scene !== 'realname') {
      throw fail(IMAGE_REFUSALS[field].invalid, { field });
    }
    keys[field] = key;
  }
  return keys;
}

/**
 * POST /api/iot/simPlatformAuth. Type 1 is checked at once by the identity verifier (1 passed, or 3 with
 * the reason and -1 姓名与身份证不匹配); types 2 and 3 wait for the back-office review (2). The name and ID
 * number are stored encrypted, with an ID lookup hash and masked copies; the full ID is never answered
 * or logged.
 */
export async function submitPlatformAuth(
  deps: RealnameDeps,
  sim: SimRow,
  input: { name: string; idCard: string } & Partial<Record<ImageField, string | undefined>>,
  now = Date.now(),
): Promise<{ authPlatformStatus: number; remark: string }> {
  const { db } = deps;
  assertSubmittable(sim, await repo.findLatestSubmission(db, sim.id));

  const name = input.name.trim();
  const idCard = input.idCard.trim().toUpperCase();
  const today = shanghaiToday(now);
  if (!isIdCard(idCard, today)) throw fail('idCardInvalid', { field: 'idCard' });
  const age = ageOn(idCard, today);
  if (age === null || age < MIN_AGE) throw fail('tooYoung', { field: 'idCard' });
  const type = platformAuthTypeOf(sim);
  const images = await checkImages(db, sim.id, type, input);

  let status: 1 | 2 | 3 = 2;
  let remark = '';
  if (type === 1) {
    if (!(await deps.limiter.hit(`iot:platform-auth:${sim.id}`, PLATFORM_CHECK_RULE)).allowed) {
      throw fail('authDailyLimit');
    }
    let verdict: Awaited<ReturnType<IdentityVerifier['verify']>>;
    try {
      verdict = await deps.verifier.verify({ name, idCard });
    } catch (error) {
      deps.log?.warn(
        {
          simNo: sim.sim_no,
          verifier: deps.verifier.name,
          err: error instanceof Error ? error.message : String(error),
        },
        'identity check unavailable',
      );
      throw fail('verifierBusy');
    }
    status = verdict.ok ? 1 : 3;
    remark = verdict.ok ? '' : verdict.reason;
  }

  await db.transaction().execute(async (tx) => {
    const moved = await repo.moveOpenPlatformAuth(tx, sim.id, {
      auth_platform_status: status,
      ...(status === 1 ? { need_platform_auth: 0 } : {}),
      updated_at: now,
    });
    if (!moved) {
      // A concurrent submission (or a review) won since the check above.
      const fresh = await loadSim(tx, sim.sim_no);
      throw fail(fresh.auth_platform_status === 1 ? 'alreadyVerified' : 'underReview');
    }
    await repo.insertSubmission(tx, {
      sim_id: sim.id,
      name_masked: maskName(name),
      name_enc: encryptPersonal(name),
      id_card_enc: encryptPersonal(idCard),
      id_card_hmac: lookupHash('idcard', idCard),
      id_card_masked: maskIdCard(idCard),
      front_key: images.frontImage ?? null,
      back_key: images.backImage ?? null,
      face_key: images.faceImage ?? null,
      status,
      remark,
      created_at: now,
      reviewed_at: status === 2 ? null : now,
    });
  });
  deps.log?.info({ simNo: sim.sim_no, idCard: maskIdCard(idCard), status, type }, 'platform real-name submitted');
  if (status === 3) throw fail('idMismatch', { field: 'idCard' });
  return { authPlatformStatus: status, remark: status === 2 ? REVIEW_REMARK : '' };
}

/** GET /api/iot/simPlatformAuthInfo: the card's state and its latest submission, masked. */
export async function getPlatformAuthInfo(db: DbOrTx, sim: SimRow) {
  const latest = await repo.findLatestSubmission(db, sim.id);
  return {
    authPlatformStatus: sim.auth_platform_status,
    platformAuthType: platformAuthTypeOf(sim),
    name: latest?.name_masked ?? '',
    idCardMasked: latest?.id_card_masked ?? '',
    remark: latest?.remark ?? '',
    submittedAt: latest ? formatDateTime(latest.created_at) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Uploads

export interface StoredUpload {
  key: string;
  size: number;
  mime: string;
  scene: UploadScene;
}

/**
 * Checks and stores one uploaded image: size ≤ 5 MB, type by its magic bytes (jpg/png/webp), a random
 * key. `simId` is the card of a real-name photo (null for an avatar).
 */
export async function acceptUpload(
  db: DbOrTx,
  store: UploadStore,
  upload: { scene: UploadScene; simId: number | null; bytes: Buffer },
  now = Date.now(),
): Promise<StoredUpload> {
  const { scene, simId, bytes } = upload;
  if (bytes.length === 0) throw fail('fileRequired', { field: 'file' });
  if (bytes.length > iotRealnameApi.UPLOAD_MAX_BYTES) throw fail('fileTooLarge', { field: 'file' });
  const type = sniffImageType(bytes);
  if (!type) throw fail('fileTypeUnsupported', { field: 'file' });
  const key = newUploadKey(type.ext);
  await store.write(scene, key, bytes);
  try {
    await repo.insertUpload(db, {
      key,
      sim_id: simId,
      scene,
      mime: type.mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      created_at: now,
    });
  } catch (error) {
    await store.remove(scene, key);
    throw error;
  }
  return { key, size: bytes.length, mime: type.mime, scene };
}
