/**
 * Number inventory import from CSV (`npm run cli -- import numbers <file.csv>`): every row validated,
 * bad rows reported with their line numbers and skipped, good rows upserted by number (idempotent; a
 * locked or sold number keeps its status). Streams the file, so a million rows fit in memory.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { splitCsvLine } from '../../lib/csv.js';
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

export interface ImportReport {
  imported: number;
  rejected: { line: number; message: string }[];
  lines: number;
}

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

export async function importNumbersCsv(
  db: Db,
  file: string,
  onProgress?: (report: ImportReport) => void,
  batchSize = 1000,
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, rejected: [], lines: 0 };
  const input = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  let header: string[] | null = null;
  let batch: NumberWrite[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await db.transaction().execute((tx) => upsertNumbers(tx, rows));
    report.imported += rows.length;
    onProgress?.(report);
  };
  for await (const raw of input) {
    report.lines += 1;
    const line = report.lines === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    const cells = splitCsvLine(line);
    if (!header) {
      header = cells;
      const missing = NUMBER_CSV_COLUMNS.filter((c) => !header?.includes(c));
      if (missing.length > 0) {
        report.rejected.push({ line: 1, message: `缺少列：${missing.join(', ')}` });
        break;
      }
      continue;
    }
    const record = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    const row = parseNumberRecord(record);
    if ('error' in row) {
      report.rejected.push({ line: report.lines, message: row.error });
      continue;
    }
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return report;
}
