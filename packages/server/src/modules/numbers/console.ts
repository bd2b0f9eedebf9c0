/**
 * The console's number inventory (BACKOFFICE.md module 4, issue 23 item 1). The table is the shop's search
 * index (search-index.ts) asked for every promoter and any status, its page read back from the database;
 * a bulk change on a whole filter takes its ids from the same index. Bulk changes are audited once per
 * action (scope, change, counts) in the change's transaction. An import runs the CLI's importer
 * (import.ts `importNumbers`) as a console job: the upload answers the queued job, the job runs in this
 * process, and the page polls its progress and per-row errors (`db/console-jobs.ts`, the console's one job table).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AdminImportJob,
  type AdminNumber,
  adminApi,
  codesOfMask,
  fenToYuan,
  INVENTORY_IMPORT_JOB,
  type InventoryChange,
  type InventoryFilter,
  type InventoryScope,
} from '@haoka/contract';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context/app-context.js';
import * as consoleJobs from '../../db/console-jobs.js';
import { inTransaction } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { cityDisplayName, regionName } from '../../lib/regions.js';
import { importNumbers } from './import.js';
import * as repo from './repository.js';
import type { NumberIndex, SearchQuery } from './search-index.js';

/** At most this many numbers in one bulk change on a whole filter. */
export const BULK_FILTER_MAX = 1_000_000;
const IMPORT_KIND = INVENTORY_IMPORT_JOB;

export function toAdminNumber(row: repo.NumberRow): AdminNumber {
  return {
    id: row.id,
    number: row.number,
    operatorType: row.operator_type,
    provinceName: regionName(row.province_code),
    cityName: cityDisplayName(row.city_code),
    price: fenToYuan(row.price_fen),
    originalPrice: fenToYuan(row.original_price_fen),
    minConsume: fenToYuan(row.min_consume_fen),
    contractMonths: row.contract_months,
    status: row.status,
    staffLocked: row.status === 2 && row.lock_order_sn === null && row.lock_expire_at === null,
    lockOrderSn: row.lock_order_sn,
    level: row.level,
    patterns: codesOfMask(row.pattern_mask),
    promoCode: row.promo_code,
    updatedAt: row.updated_at,
  };
}

/** The index query of a console filter: every promoter, the status asked for (any when absent). */
function indexQuery(filter: InventoryFilter): Omit<SearchQuery, 'page' | 'pageSize' | 'shuffleSeed'> {
  return {
    promoCode: null,
    status: filter.status ?? null,
    provinceCode: filter.provinceCode,
    cityCode: filter.cityCode,
    operatorType: filter.operatorType,
    segment: filter.segment,
    patterns: filter.pattern,
    keyword: filter.keyword,
    position: filter.position,
    priceMinFen: filter.priceMin === undefined ? undefined : filter.priceMin * 100,
    priceMaxFen: filter.priceMax === undefined ? undefined : filter.priceMax * 100,
    excludeDigits: filter.excludeDigits,
    sort: filter.sort,
  };
}

/** Rows by id, in the order of `ids` (those gone since the index saw them are left out). */
async function rowsInOrder(ctx: AppContext, ids: readonly number[]): Promise<repo.NumberRow[]> {
  const byId = new Map((await repo.findNumbersByIds(ctx.db, ids)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is repo.NumberRow => r !== undefined);
}

export async function listInventory(
  ctx: AppContext,
  index: NumberIndex,
  query: InventoryFilter & { page: number; pageSize: number },
): Promise<{ list: AdminNumber[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, ...filter } = query;
  await index.ready();
  const { ids, total } = index.search({ ...indexQuery(filter), page, pageSize });
  return { list: (await rowsInOrder(ctx, ids)).map(toAdminNumber), total, page, pageSize };
}

/** Every number a filter matches, in the table's order, at most `limit`. */
export async function filterIds(index: NumberIndex, filter: InventoryFilter, limit: number) {
  await index.ready();
  return index.allIds(indexQuery(filter), limit);
}

function toWrite(change: InventoryChange): repo.InventoryWrite {
  return change.kind === 'price' ? { kind: 'price', priceFen: Math.round(Number(change.price) * 100) } : change;
}

async function scopeIds(index: NumberIndex, scope: InventoryScope): Promise<number[]> {
  if ('ids' in scope) return [...new Set(scope.ids)];
  return (await filterIds(index, scope.filter, BULK_FILTER_MAX)).ids;
}

/** How many numbers the change would touch: in scope, and eligible (neither sold nor held by an order). */
export async function previewChange(
  ctx: AppContext,
  index: NumberIndex,
  input: { scope: InventoryScope; change: InventoryChange },
): Promise<{ matched: number; changeable: number }> {
  const ids = await scopeIds(index, input.scope);
  const changeable = await repo.countEligible(ctx.db, ids, toWrite(input.change));
  return { matched: ids.length, changeable };
}

/** Applies a bulk change, with one audit line (scope, change, counts) in the same transaction. */
export async function applyChange(
  ctx: AppContext,
  index: NumberIndex,
  actor: AuditActor,
  input: { scope: InventoryScope; change: InventoryChange },
): Promise<{ matched: number; changed: number }> {
  const ids = await scopeIds(index, input.scope);
  const now = ctx.clock.now();
  const changed = await inTransaction(ctx.db, async (tx) => {
    const changed = await repo.applyInventoryWrite(tx, ids, toWrite(input.change), now);
    await recordAudit(
      tx,
      actor,
      {
        action: `inventory.${input.change.kind}`,
        target: 'numbers',
        before: null,
        after: { scope: input.scope, change: input.change, matched: ids.length, changed },
      },
      now,
    );
    return changed;
  });
  index.markStale();
  return { matched: ids.length, changed };
}

// ---- Import jobs ----------------------------------------------------------------------------------

interface ImportResult {
  imported: number;
  rejected: { line: number; message: string }[];
  error?: string;
}

export function toAdminJob(row: consoleJobs.ConsoleJobRow): AdminImportJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    total: row.total,
    result: consoleJobs.resultOf<ImportResult>(row),
    reason: row.reason,
    staff: row.staff_name,
    at: Number(row.created_at),
  };
}

export async function inventoryJob(ctx: AppContext, id: number): Promise<AdminImportJob> {
  const row = await consoleJobs.readJob(ctx.db, id, [IMPORT_KIND], ctx.clock.now());
  if (!row) throw fail('jobGone');
  return toAdminJob(row);
}

/** A cell of a sheet as the text a CSV cell would hold. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  return '';
}

/**
 * The file written for the importer: a CSV as uploaded, or an XLSX's first sheet as a JSON array with one
 * element per line, so element k sits on line k + 2 and a refused row is reported by its sheet row.
 */
async function importFile(input: { format: 'csv' | 'xlsx'; content: string }): Promise<{ text: string; rows: number }> {
  if (input.format === 'csv') {
    const text = input.content;
    const rows = text.split(/\r?\n/).filter((l) => l.trim() !== '').length - 1;
    return { text, rows: Math.max(rows, 0) };
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(input.content, 'base64') as unknown as ArrayBuffer);
  } catch {
    throw fail('importFileInvalid');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('importFileInvalid');
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const lines: string[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = sheet.getRow(r).values as ExcelJS.CellValue[];
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      if (name) record[name] = cellText(values[i + 1]);
    });
    lines.push(JSON.stringify(record));
  }
  // Trailing empty rows of a sheet are not rows of the import.
  while (lines.length > 0 && Object.values(JSON.parse(lines[lines.length - 1] as string)).every((v) => v === '')) {
    lines.pop();
  }
  return { text: `[\n${lines.join(',\n')}\n]\n`, rows: lines.length };
}

/**
 * Queues an import of an uploaded file and runs it after answering: the job row tells its progress, and at
 * the end the imported count and every refused row. The start is audited (file, rows); the rows written are
 * the importer's, as from the CLI.
 */
export async function startImport(
  ctx: AppContext,
  index: NumberIndex,
  actor: AuditActor,
  input: { fileName: string; format: 'csv' | 'xlsx'; content: string },
): Promise<AdminImportJob> {
  const file = await importFile(input);
  if (file.rows > adminApi.INVENTORY_IMPORT_MAX_ROWS) {
    throw fail('importTooLarge', { max: adminApi.INVENTORY_IMPORT_MAX_ROWS });
  }
  const now = ctx.clock.now();
  const job = await inTransaction(ctx.db, async (tx) => {
    const row = await consoleJobs.createJob(
      tx,
      { kind: IMPORT_KIND, total: file.rows, staff: { staffId: actor.staffId, name: actor.name } },
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: IMPORT_KIND,
        target: `job:${row.id}`,
        before: null,
        after: { fileName: input.fileName, format: input.format, rows: file.rows },
      },
      now,
    );
    return row;
  });
  setImmediate(() => {
    runImport(ctx, index, job.id, file.rows, input.format, file.text).catch((err: unknown) =>
      ctx.log.error({ err, job: job.id }, 'inventory import failed'),
    );
  });
  return toAdminJob(job);
}

async function runImport(
  ctx: AppContext,
  index: NumberIndex,
  id: number,
  total: number,
  format: 'csv' | 'xlsx',
  text: string,
) {
  const dir = join(tmpdir(), 'haoka-import');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.${format === 'csv' ? 'csv' : 'json'}`);
  await writeFile(path, text, 'utf8');
  let progressWrite: Promise<void> = Promise.resolve();
  try {
    await consoleJobs.startJob(ctx.db, id, ctx.clock.now());
    const report = await importNumbers(
      ctx.db,
      path,
      (r) => {
        // The file's line of the last row read; its first line is the header (CSV) or `[` (XLSX).
        const progress = Math.max(r.lines - 1, 0);
        progressWrite = progressWrite.then(() => consoleJobs.reportProgress(ctx.db, id, progress, ctx.clock.now()));
        index.markStale();
      },
      500,
    );
    await progressWrite;
    const result: ImportResult = { imported: report.imported, rejected: report.rejected };
    await consoleJobs.finishJob(ctx.db, id, total, result, ctx.clock.now());
  } catch (error) {
    await progressWrite.catch(() => {});
    const result: ImportResult = {
      imported: 0,
      rejected: [],
      error: error instanceof Error ? error.message : String(error),
    };
    await consoleJobs.failJob(ctx.db, id, 'operationFailed', result, ctx.clock.now());
  } finally {
    index.markStale();
    await rm(path, { force: true });
  }
}
