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
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: '金额格式不正确（元，最多两位小数）' })
  .transform((v) => Math.round(Number(v) * 100));

const rowSchema = z.object({
  number: z.string().regex(/^1\d{10}$/, { error: '号码必须是以1开头的11位数字' }),
  provinceCode: z.string().regex(/^\d{6}$/, { error: '省份编码必须是6位数字' }),
  cityCode: z.string().regex(/^\d{6}$/, { error: '城市编码必须是6位数字' }),
  price: yuan,
  originalPrice: yuan,
  minConsume: yuan,
  contractMonths: z.coerce.number().int().min(0).max(120),
  status: z.enum(['', '0', '1'], { error: '状态只能是 0（下架）或 1（在售）' }).transform((v) => (v === '0' ? 0 : 1)),
  promoCode: z.string().regex(/^[0-9A-Za-z_-]{0,32}$/, { error: '推广码格式不正确' }),
  operatorType: z
    .enum(['', '1', '2', '3', '4'], { error: '运营商只能是 1–4' })
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
    return { error: `${String(issue?.path[0] ?? '')}: ${issue?.message ?? '格式不正确'}` };
  }
  const r = parsed.data;
  const derived = deriveNumber(r.number, r.operatorType);
  if ('error' in derived) return derived;
  if (regionByCode(r.provinceCode)?.level !== 1) return { error: `provinceCode: ${r.provinceCode} 不是省级编码` };
  if (!isCityOf(r.cityCode, r.provinceCode)) return { error: `cityCode: ${r.cityCode} 不属于 ${r.provinceCode}` };
  if (r.originalPrice < r.price) return { error: 'originalPrice: 原价不能低于售价' };
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
