/**
 * Card import from CSV or JSON (`npm run cli -- import cards <file>`): cards upserted by card number
 * (simNo). A new card starts with its opening balance and points, each written to its ledger as 期初, so
 * a card's ledger always sums to its balance; re-importing an existing card updates its assignment
 * (operator, promoter, layout, APN, device) but never its balance or points — change those with
 * `card adjust-balance`. A new card with flow in its pool (`totalFlowMb`) holds it as its opening package
 * (开卡套餐, modules/iot-buy/opening-package.ts), as the demo cards do. The card's live state (status, flow,
 * validity) comes from the operator.
 * Real-name data (names, ID numbers) is not imported: holders complete real-name in the app, where it
 * is encrypted (lib/personal-data.ts).
 */
import { SIM_NO_RE } from '@haoka/contract';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import type { Db, Tx } from '../../db/database.js';
import type { SimsTable } from '../../db/schema.js';
import {
  byKnownPromoter,
  fields,
  type ImportReport,
  importRecords,
  parseRecord,
  type RowError,
} from '../../lib/records.js';
import { openPackages } from '../iot-buy/index.js';
import { findPromoterCodes } from '../site/repository.js';
import { newSimRow } from './sim-row.js';

export const CARD_COLUMNS = ['simNo', 'iccid', 'operatorType'] as const;

const rowSchema = z.object({
  simNo: z.string().regex(SIM_NO_RE, { error: 'card number must be 6–32 letters or digits' }),
  iccid: z.string().regex(/^[0-9A-Fa-f]{19,20}$/, { error: 'ICCID must be 19–20 characters' }),
  imsi: z.string().regex(/^(\d{15})?$/, { error: 'IMSI must be 15 digits' }),
  imei: z.string().regex(/^(\d{15})?$/, { error: 'IMEI must be 15 digits' }),
  operatorType: z.enum(['1', '2', '3', '4'], { error: 'operator must be 1–4' }).transform(Number),
  promoCode: fields.promoCode(),
  layoutCode: z.string().regex(/^[0-9A-Za-z_-]{0,32}$/, { error: 'layout code: letters, digits, _ or -, at most 32' }),
  sourceType: z.enum(['1', '2'], { error: 'must be 1 (card) or 2 (device)' }).transform(Number),
  deviceNo: z.string().regex(/^[0-9A-Za-z_-]{0,32}$/, { error: 'device number: letters, digits, _ or -, at most 32' }),
  apn: fields.text(32),
  simStatus: z
    .enum(['1', '2', '3', '4'], { error: 'card status must be 1–4 (dictionary sim_status)' })
    .transform(Number),
  needAuth: fields.flag(0),
  totalFlowMb: fields.int(0, 100_000_000, 0),
  endDate: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'date must be YYYY-MM-DD' })
    .transform((v) => (v ? Date.parse(`${v}T23:59:59+08:00`) : null)),
  balance: fields.yuan(),
  integral: fields.int(0, 100_000_000, 0),
});

type CardRow = z.output<typeof rowSchema>;

export function parseCardRecord(record: Record<string, string>) {
  const defaults = { sourceType: '1', simStatus: '2', balance: '0' };
  const filled = { ...record };
  for (const [k, v] of Object.entries(defaults)) if (!filled[k]) filled[k] = v;
  return parseRecord(rowSchema, filled);
}

async function writeCards(tx: Tx, rows: { line: number; row: CardRow }[]): Promise<RowError[]> {
  const now = Date.now();
  const { known, refused } = await byKnownPromoter(
    rows,
    (r) => r.row.promoCode,
    (codes) => findPromoterCodes(tx, codes),
  );
  const created: number[] = [];
  for (const { line, row: c } of known) {
    const assignment = {
      operator_type: c.operatorType,
      promo_code: c.promoCode,
      layout_code: c.layoutCode,
      source_type: c.sourceType,
      device_no: c.deviceNo || null,
      apn: c.apn,
      imei: c.imei,
    };
    const existing = await tx
      .selectFrom('sims')
      .select(['id', 'iccid'])
      .where('sim_no', '=', c.simNo)
      .executeTakeFirst();
    if (existing) {
      if (existing.iccid !== c.iccid) {
        refused.push({ line, message: `iccid: card ${c.simNo} already has ICCID ${existing.iccid}` });
        continue;
      }
      await tx
        .updateTable('sims')
        .set({ ...assignment, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      continue;
    }
    const owner = await tx.selectFrom('sims').select('sim_no').where('iccid', '=', c.iccid).executeTakeFirst();
    if (owner) {
      refused.push({ line, message: `iccid: already belongs to card ${owner.sim_no}` });
      continue;
    }
    const values: Insertable<SimsTable> = newSimRow(now, {
      sim_no: c.simNo,
      iccid: c.iccid,
      imsi: c.imsi || `4600${c.iccid.slice(-11).replace(/\D/g, '0')}`,
      ...assignment,
      balance_fen: c.balance,
      integral: c.integral,
      sim_status: c.simStatus,
      auth_status: c.needAuth ? 0 : 1,
      need_auth: c.needAuth,
      internet_status: c.simStatus === 2 ? 1 : 0,
      online_status: 0,
      total_flow: c.totalFlowMb,
      use_flow: 0,
      surplus_time: 0,
      surplus_unit: 2,
      end_at: c.endDate,
      last_robin_at: null,
      created_at: now,
    });
    const { id } = await tx.insertInto('sims').values(values).returning('id').executeTakeFirstOrThrow();
    created.push(Number(id));
    const opening = { sim_id: id, order_sn: '', remark: '期初', created_at: now };
    if (c.balance > 0) {
      await tx
        .insertInto('iot_balance_logs')
        .values({ ...opening, type: 4, amount_fen: c.balance, balance_after_fen: c.balance })
        .execute();
    }
    if (c.integral > 0) {
      await tx
        .insertInto('iot_integral_logs')
        .values({ ...opening, type: 7, points: c.integral, integral_after: c.integral })
        .execute();
    }
  }
  await openPackages(tx, now, created);
  return refused;
}

export function importCards(db: Db, file: string, onProgress?: (r: ImportReport) => void): Promise<ImportReport> {
  return importRecords<CardRow>(
    db,
    file,
    { required: CARD_COLUMNS, parse: parseCardRecord, key: (c) => c.simNo, write: writeCards, batchSize: 500 },
    onProgress,
  );
}
