/** Queries of card real-name: platform submissions, uploads, vice SIMs and the real-name columns of `sims`. */
import type { Insertable, Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { pageOf } from '../../db/paging.js';
import type { IotRealnameSubmissionsTable, SimsTable, UploadsTable } from '../../db/schema.js';

export type SubmissionRow = Awaited<ReturnType<typeof findLatestSubmission>> & {};

export function findLatestSubmission(db: DbOrTx, simId: number) {
  return db
    .selectFrom('iot_realname_submissions')
    .selectAll()
    .where('sim_id', '=', simId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One submission with its card's number, ICCID and platform real-name state. */
export function findSubmission(db: DbOrTx, id: number) {
  return db
    .selectFrom('iot_realname_submissions as s')
    .innerJoin('sims', 'sims.id', 's.sim_id')
    .selectAll('s')
    .select(['sims.sim_no', 'sims.iccid', 'sims.auth_platform_status'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** What the back office's queue may filter on: the state of the submission, the card's number. */
export interface SubmissionFilter {
  status?: number | undefined;
  simNo?: string | undefined;
}

/**
 * One page of submissions with their card's number and ICCID, never the sealed name or ID number: the
 * ones under review (2) oldest first, as a queue is worked; any other filter newest first. The queue
 * reads the (status, id) index of migration 0019, a card's submissions the (sim_id, id) one.
 */
export function pageSubmissions(db: DbOrTx, filter: SubmissionFilter, page: number, pageSize: number) {
  let scope = db.selectFrom('iot_realname_submissions as s').innerJoin('sims', 'sims.id', 's.sim_id');
  if (filter.status !== undefined) scope = scope.where('s.status', '=', filter.status);
  if (filter.simNo) scope = scope.where('sims.sim_no', '=', filter.simNo);
  const direction = filter.status === 2 ? 'asc' : 'desc';
  return pageOf(scope, page, pageSize, (s) =>
    s
      .select([
        's.id',
        'sims.sim_no',
        'sims.iccid',
        's.name_masked',
        's.id_card_masked',
        's.status',
        's.remark',
        's.front_key',
        's.back_key',
        's.face_key',
        's.created_at',
        's.reviewed_at',
      ])
      .orderBy('s.id', direction),
  );
}

export async function insertSubmission(db: DbOrTx, values: Insertable<IotRealnameSubmissionsTable>): Promise<number> {
  const row = await db.insertInto('iot_realname_submissions').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Moves a card's platform real-name state, but only from a state open to a submission (0 未实名 or
 * 3 认证失败); false when it is already 1 or 2 (a concurrent submission won, or it was done meanwhile).
 */
export async function moveOpenPlatformAuth(db: DbOrTx, simId: number, values: Updateable<SimsTable>) {
  const result = await db
    .updateTable('sims')
    .set(values)
    .where('id', '=', simId)
    .where('auth_platform_status', 'not in', [1, 2])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Decides a pending submission (2 → 1 or 3); false when it is no longer pending. */
export async function decideSubmission(
  db: DbOrTx,
  id: number,
  values: { status: 1 | 3; remark: string; reviewed_at: number },
) {
  const result = await db
    .updateTable('iot_realname_submissions')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 2)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a card's platform real-name state out of review (2) with the decision's values; false when the
 * card is no longer under review.
 */
export async function movePlatformAuthFromReview(db: DbOrTx, simId: number, values: Updateable<SimsTable>) {
  const result = await db
    .updateTable('sims')
    .set(values)
    .where('id', '=', simId)
    .where('auth_platform_status', '=', 2)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds `count` completed real-names to the card's counter and writes the other values with it. */
export function updateSimAuth(db: DbOrTx, id: number, values: Updateable<SimsTable>, count: number) {
  return db
    .updateTable('sims')
    .set((eb) => ({ ...values, ...(count > 0 ? { numb_auth: eb('numb_auth', '+', count) } : {}) }))
    .where('id', '=', id)
    .execute();
}

export function findViceSim(db: DbOrTx, simId: number, viceSimNo: string) {
  return db
    .selectFrom('vice_sims')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('sim_no', '=', viceSimNo)
    .executeTakeFirst();
}

export function listViceSims(db: DbOrTx, simId: number) {
  return db.selectFrom('vice_sims').select(['id', 'sim_no', 'auth_status']).where('sim_id', '=', simId).execute();
}

/** Moves a card's operator real-name state from `from` to `to`; false when another writer moved it first. */
export async function moveSimAuthStatus(db: DbOrTx, id: number, from: number, to: number) {
  const result = await db
    .updateTable('sims')
    .set({ auth_status: to })
    .where('id', '=', id)
    .where('auth_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The same for one vice SIM of a device. */
export async function moveViceAuthStatus(db: DbOrTx, id: number, from: number, to: number) {
  const result = await db
    .updateTable('vice_sims')
    .set({ auth_status: to })
    .where('id', '=', id)
    .where('auth_status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertUpload(db: DbOrTx, values: Insertable<UploadsTable>) {
  return db.insertInto('uploads').values(values).execute();
}

export function findUpload(db: DbOrTx, key: string) {
  return db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
}
