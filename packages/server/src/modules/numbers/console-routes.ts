/**
 * Routes of the console's number inventory (endpoints/admin-inventory.ts): the contract's endpoints through
 * `bindEndpoint`, and the raw XLSX export (`GET /api/admin/inventory/export`: a file, not an envelope), which
 * checks the staff session and permission with the binding's own `requireStaff`. The index is the app's
 * number index, the one the shop's search reads.
 */
import { PassThrough } from 'node:stream';
import { type AdminNumber, adminApi, ErrorCode, inventoryFilter } from '@haoka/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit, staffActor } from '../../http/audit.js';
import { bindEndpoint, requireStaff } from '../../http/contract.js';
import { parseInput } from '../../http/validation.js';
import * as inventory from './console.js';
import { findNumbersByIds } from './repository.js';
import type { NumberIndex } from './search-index.js';

export function registerInventoryConsoleRoutes(app: FastifyInstance, index: NumberIndex): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listInventory, (input) => inventory.listInventory(ctx, index, input));
  bindEndpoint(app, db, adminApi.previewInventoryChange, (input) => inventory.previewChange(ctx, index, input));
  bindEndpoint(app, db, adminApi.applyInventoryChange, (input, { staff, req }) =>
    inventory.applyChange(ctx, index, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.startInventoryImport, (input, { staff, req }) =>
    inventory.startImport(ctx, index, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.inventoryJob, (input) => inventory.inventoryJob(ctx, input.id));

  app.get(adminApi.INVENTORY_EXPORT_PATH, async (req, reply) => {
    const staff = await requireStaff(db, { method: 'GET', permission: 'inventory.read' }, req);
    const parsed = parseInput(inventoryFilter, req.query);
    if (!parsed.ok) {
      return { code: ErrorCode.FAIL, message: parsed.message, reason: parsed.reason, data: { field: parsed.field } };
    }
    const filter = parsed.value;
    const { ids, total } = await inventory.filterIds(index, filter, adminApi.INVENTORY_EXPORT_MAX_ROWS);
    await recordAudit(
      db,
      staffActor(staff, req.ip),
      { action: 'inventory.export', target: 'numbers', before: null, after: { filter, rows: ids.length, total } },
      ctx.clock.now(),
    );
    const stream = new PassThrough();
    writeWorkbook(stream, exportTexts(req), rowsOf(ids)).catch((err: unknown) => {
      ctx.log.error({ err }, 'inventory export failed');
      stream.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="numbers-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  /** The rows of `ids`, read a thousand at a time, in the order of `ids`. */
  async function* rowsOf(ids: readonly number[]): AsyncIterable<AdminNumber> {
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      const byId = new Map((await findNumbersByIds(db, part)).map((r) => [r.id, r]));
      for (const id of part) {
        const row = byId.get(id);
        if (row) yield inventory.toAdminNumber(row);
      }
    }
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Column =
  | 'number'
  | 'operatorType'
  | 'provinceName'
  | 'cityName'
  | 'price'
  | 'originalPrice'
  | 'minConsume'
  | 'contractMonths'
  | 'status'
  | 'level'
  | 'patterns'
  | 'promoCode';
const COLUMNS: Column[] = [
  'number',
  'operatorType',
  'provinceName',
  'cityName',
  'price',
  'originalPrice',
  'minConsume',
  'contractMonths',
  'status',
  'level',
  'patterns',
  'promoCode',
];

interface ExportTexts {
  sheet: string;
  headers: Record<Column, string>;
}

/** The export's sheet name and column headers: zh-Hans, or English for a browser that asks for it. */
const EXPORT_TEXTS: Record<'zh-Hans' | 'en', ExportTexts> = {
  'zh-Hans': {
    sheet: '号码库存',
    headers: {
      number: '号码',
      operatorType: '运营商',
      provinceName: '省份',
      cityName: '城市',
      price: '售价',
      originalPrice: '原价',
      minConsume: '最低消费',
      contractMonths: '合约期(月)',
      status: '状态',
      level: '等级',
      patterns: '靓号规律',
      promoCode: '推广码',
    },
  },
  en: {
    sheet: 'Numbers',
    headers: {
      number: 'Number',
      operatorType: 'Operator',
      provinceName: 'Province',
      cityName: 'City',
      price: 'Price',
      originalPrice: 'Original price',
      minConsume: 'Minimum spend',
      contractMonths: 'Contract (months)',
      status: 'Status',
      level: 'Level',
      patterns: 'Patterns',
      promoCode: 'Promo code',
    },
  },
};

function exportTexts(req: FastifyRequest): ExportTexts {
  const header = req.headers['accept-language'];
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? EXPORT_TEXTS.en : EXPORT_TEXTS['zh-Hans'];
}

/** Writes the numbers into an XLSX streamed to `out`, a row at a time. */
async function writeWorkbook(out: PassThrough, texts: ExportTexts, rows: AsyncIterable<AdminNumber>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(texts.sheet);
  sheet.columns = COLUMNS.map((key) => ({ header: texts.headers[key], key, width: key === 'patterns' ? 30 : 14 }));
  for await (const n of rows) {
    const row: Record<string, unknown> = {};
    for (const key of COLUMNS) row[key] = key === 'patterns' ? n.patterns.join(',') : n[key];
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await workbook.commit();
}
