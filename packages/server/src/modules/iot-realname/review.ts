/**
 * The back office's review of platform real-name submissions (BACKOFFICE.md module 3, issue 22 item 6):
 * the queue with masked names and ID numbers, signed 1-hour links to a submission's ID photos (each view
 * audited), and the decision. The console (`review-routes.ts`) and the CLI's `sim-auth` decide through
 * the one `decideSubmission`: only the card's latest submission, only while it is under review, audited
 * in the decision's transaction.
 */
import type { AdminRealnamePhotos, AdminRealnameSubmission, Page } from '@haoka/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import * as iotRepo from '../iot-core/repository.js';
import * as repo from './repository.js';
import { signUpload, UPLOAD_FILE_PATH } from './upload-store.js';

/** The remark a rejection without a reason shows the holder (the CLI may leave it out). */
export const DEFAULT_REJECT_REMARK = '资料审核未通过，请重新提交';
/** The longest remark the holder is shown (the contract's reject reason). */
const REMARK_MAX = 100;

export type ReviewDecision = 'approve' | 'reject';

type SubmissionFields = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findSubmission>>>,
  | 'id'
  | 'sim_no'
  | 'iccid'
  | 'name_masked'
  | 'id_card_masked'
  | 'status'
  | 'remark'
  | 'front_key'
  | 'back_key'
  | 'face_key'
  | 'created_at'
  | 'reviewed_at'
>;

function present(row: SubmissionFields): AdminRealnameSubmission {
  return {
    id: Number(row.id),
    simNo: row.sim_no,
    iccid: row.iccid,
    nameMasked: row.name_masked,
    idCardMasked: row.id_card_masked,
    status: Number(row.status),
    remark: row.remark,
    photos: { front: row.front_key !== null, back: row.back_key !== null, face: row.face_key !== null },
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : Number(row.reviewed_at),
  };
}

/** GET /api/admin/realname/list: the queue (status 2, oldest first) or any other filter (newest first). */
export async function listSubmissions(
  db: DbOrTx,
  query: repo.SubmissionFilter & { page: number; pageSize: number },
): Promise<Page<AdminRealnameSubmission>> {
  const { rows, total } = await repo.pageSubmissions(db, query, query.page, query.pageSize);
  return { list: rows.map(present), total, page: query.page, pageSize: query.pageSize };
}

/** The target of a card's audit lines. */
const cardTarget = (simNo: string) => `sim:${simNo}`;

/**
 * POST /api/admin/realname/photos: relative links, signed for `SIGNED_URL_TTL_MS` (1 h), to the
 * submission's photos, served by `GET /api/upload/file` (which checks the signature and expiry and
 * opens the sealed file). Asking for them is a view of personal data: each call writes an audit line.
 */
export async function photoLinks(db: Db, id: number, actor: AuditActor, now: number): Promise<AdminRealnamePhotos> {
  const row = await repo.findSubmission(db, id);
  if (!row) throw fail('submissionNotFound');
  let expiresAt = now;
  const link = (key: string | null) => {
    if (!key) return null;
    const signed = signUpload(key, now);
    expiresAt = Number(signed.exp) * 1000;
    return `${UPLOAD_FILE_PATH}?${new URLSearchParams(signed)}`;
  };
  const photos = { front: link(row.front_key), back: link(row.back_key), face: link(row.face_key) };
  await recordAudit(
    db,
    actor,
    {
      action: 'realname.viewPhotos',
      target: cardTarget(row.sim_no),
      after: {
        submissionId: Number(row.id),
        photos: Object.keys(photos).filter((k) => photos[k as keyof typeof photos]),
      },
    },
    now,
  );
  return { ...photos, expiresAt };
}

/**
 * Decides submission `id`: approve → verified (1, `need_platform_auth` cleared), reject → failed (3)
 * with the remark the holder sees on their real-name page (a default one when none is given). Only the
 * card's latest submission and only while it and the card are under review (2): `submissionNotFound`,
 * `reviewDone` (decided already, or a newer submission replaced it), `noPendingReview` (the card is not
 * under review). The change and its audit line (`realname.approve|reject`) commit together.
 */
export async function decideSubmission(
  db: Db,
  id: number,
  decision: ReviewDecision,
  remark: string,
  actor: AuditActor,
  now: number,
): Promise<AdminRealnameSubmission> {
  const row = await repo.findSubmission(db, id);
  if (!row) throw fail('submissionNotFound');
  const status = decision === 'approve' ? 1 : 3;
  const note = status === 3 ? (remark.trim() || DEFAULT_REJECT_REMARK).slice(0, REMARK_MAX) : '';
  await db.transaction().execute(async (tx) => {
    const latest = await repo.findLatestSubmission(tx, row.sim_id);
    if (Number(latest?.id) !== Number(row.id)) throw fail('reviewDone');
    if (!(await repo.decideSubmission(tx, row.id, { status, remark: note, reviewed_at: now }))) {
      throw fail('reviewDone');
    }
    const moved = await repo.movePlatformAuthFromReview(tx, row.sim_id, {
      auth_platform_status: status,
      ...(status === 1 ? { need_platform_auth: 0 } : {}),
      updated_at: now,
    });
    if (!moved) throw fail('noPendingReview');
    await recordAudit(
      tx,
      actor,
      {
        action: `realname.${decision}`,
        target: cardTarget(row.sim_no),
        before: { status: Number(row.status), remark: row.remark },
        after: { submissionId: Number(row.id), status, remark: note },
      },
      now,
    );
  });
  return present({ ...row, status, remark: note, reviewed_at: now });
}

/**
 * The CLI's `sim-auth <simNo> approve|reject [remark]`: decides the card's latest submission
 * (`simNotFound`, `noPendingReview` when it has none under review). Answers the new status.
 */
export async function reviewPlatformAuth(
  db: Db,
  simNo: string,
  decision: ReviewDecision,
  actor: AuditActor,
  remark = '',
  now = Date.now(),
): Promise<1 | 3> {
  const sim = await iotRepo.findSimByNo(db, simNo);
  if (!sim) throw fail('simNotFound');
  const latest = await repo.findLatestSubmission(db, sim.id);
  if (!latest || Number(latest.status) !== 2) throw fail('noPendingReview');
  const decided = await decideSubmission(db, Number(latest.id), decision, remark, actor, now);
  return decided.status === 1 ? 1 : 3;
}
