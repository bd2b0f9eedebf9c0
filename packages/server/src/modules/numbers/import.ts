/**
 * Number inventory import from CSV or JSON (`npm run cli -- import numbers <file.csv|json>`): every row validated,
 * bad rows reported with their line numbers and skipped, good rows upserted by number (idempotent; a
 * locked or sold number keeps its status). Streams the file, so a million rows fit in memory.
 */
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { type ImportReport, importRecords } from '../../lib/records.js';
import { isCityOf, regionByCode } from '../../lib/regions.js';
import { deriveNumber } from './number-row.js';
import { type NumberWrite, upsertNumbers } from './repository.js';

export const NUMBER_CSV_COLUMNS = [
  'number',
  'provinceCode',
  'cityCode',
  'price',
  'originalPrice',
  'minConsume',
  'contractMonths',
] as const;
export const NUMBER_CSV_OPTIONAL = ['status', 'promoCode', 'operatorType'] as const;

const yuan = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be an amount in yuan with at most 2 decimals' })
  .transform((v) => Math.round(Number(v) * 100));

const rowSchema = z.object({
  number: z.string().regex(/^1\d{10}$/, { error: 'number must be 11 digits starting with 1' }),
  provinceCode: z.string().regex(/^\d{6}$/, { error: 'province code must be 6 digits' }),
  cityCode: z.string().regex(/^\d{6}$/, { error: 'city code must be 6 digits' }),
  price: yuan,
  originalPrice: yuan,
  minConsume: yuan,
  contractMonths: z.coerce.number().int().min(0).max(120),
  status: z
    .enum(['', '0', '1'], { error: 'status must be 0 (off sale) or 1 (on sale)' })
    .transform((v) => (v === '0' ? 0 : 1)),
  promoCode: z
    .string()
    .regex(/^[0-9A-Za-z_-]{0,32}$/, { error: 'must be a promoter code: letters, digits, _ or -, at most 32' }),
  operatorType: z
    .enum(['', '1', '2', '3', '4'], { error: 'operator must be 1–4' })
    .transform((v) => (v ? Number(v) : undefined)),
});

export type { ImportReport } from '../../lib/records.js';

/** Validates one CSV record; returns the row to write or the reason it is refused. */
export function parseNumberRecord(record: Record<string, string>): NumberWrite | { error: string } {
  const parsed = rowSchema.safeParse({
    status: '',
    promoCode: '',
    operatorType: '',
    ...record,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}` };
  }
  const r = parsed.data;
  const derived = deriveNumber(r.number, r.operatorType);
  if ('error' in derived) return derived;
  if (regionByCode(r.provinceCode)?.level !== 1) return { error: `provinceCode: ${r.provinceCode} is not a province` };
  if (!isCityOf(r.cityCode, r.provinceCode)) return { error: `cityCode: ${r.cityCode} is not in ${r.provinceCode}` };
  if (r.originalPrice < r.price) return { error: 'originalPrice: must not be below the price' };
  return {
    number: r.number,
    ...derived,
    province_code: r.provinceCode,
    city_code: r.cityCode,
    price_fen: r.price,
    original_price_fen: r.originalPrice,
    min_consume_fen: r.minConsume,
    contract_months: r.contractMonths,
    status: r.status,
    promo_code: r.promoCode,
  };
}

/**
 * Imports a CSV (header row) or JSON array file of numbers. Rows are upserted by number in batches of
 * `batchSize`, one transaction each; a number named twice in the file is refused the second time.
 */
export function importNumbers(
  db: Db,
  file: string,
  onProgress?: (report: ImportReport) => void,
  batchSize = 1000,
): Promise<ImportReport> {
  return importRecords<NumberWrite>(
    db,
    file,
    {
      required: NUMBER_CSV_COLUMNS,
      parse: parseNumberRecord,
      key: (row) => row.number,
      async write(tx, rows) {
        await upsertNumbers(
          tx,
          rows.map((r) => r.row),
        );
        return [];
      },
      batchSize,
    },
    onProgress,
  );
}

/** The CSV import under its first name (the same reader takes JSON too). */
export const importNumbersCsv = importNumbers;
