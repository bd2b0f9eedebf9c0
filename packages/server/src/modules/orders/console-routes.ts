/**
 * Routes of the console's orders queue (endpoints/admin-orders.ts): the contract's endpoints through
 * `bindEndpoint`, and the raw XLSX export (`GET /api/admin/orders/export`: a file, not an envelope), which
 * checks the staff session and permission with the binding's own `requireStaff`.
 */
import { PassThrough } from 'node:stream';
import { type AdminShopOrder, adminApi, ErrorCode, type ShopOrderFilter, shopOrderFilter } from '@haoka/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit, staffActor } from '../../http/audit.js';
import { bindEndpoint, requireStaff } from '../../http/contract.js';
import { parseInput } from '../../http/validation.js';
import { runBackOffice } from './back-office.js';
import * as queue from './console.js';

export function registerOrderConsoleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const db = ctx.db;

  bindEndpoint(app, db, adminApi.listOrders, (input) => queue.listOrders(ctx, input));
  bindEndpoint(app, db, adminApi.orderDetail, (input) => queue.orderDetail(ctx, input.orderSn));
  bindEndpoint(app, db, adminApi.auditOrder, (input, { staff, req }) =>
    runBackOffice(ctx, staffActor(staff, req.ip), input.orderSn, { action: 'audit' }),
  );
  bindEndpoint(app, db, adminApi.rejectOrder, (input, { staff, req }) =>
    runBackOffice(ctx, staffActor(staff, req.ip), input.orderSn, { action: 'reject', reason: input.reason }),
  );
  bindEndpoint(app, db, adminApi.shipOrder, (input, { staff, req }) =>
    runBackOffice(ctx, staffActor(staff, req.ip), input.orderSn, {
      action: 'ship',
      company: input.company,
      trackingNo: input.trackingNo,
    }),
  );
  bindEndpoint(app, db, adminApi.completeOrder, (input, { staff, req }) =>
    runBackOffice(ctx, staffActor(staff, req.ip), input.orderSn, { action: 'complete' }),
  );
  bindEndpoint(app, db, adminApi.refundOrder, (input, { staff, req }) =>
    queue.refundOrder(ctx, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.addOrderNote, (input, { staff, req }) =>
    queue.addOrderNote(ctx, staffActor(staff, req.ip), input),
  );
  bindEndpoint(app, db, adminApi.batchShip, (input, { staff, req }) =>
    queue.batchShip(ctx, staffActor(staff, req.ip), input.text),
  );
  bindEndpoint(app, db, adminApi.listCardOrders, (input) => queue.listCardOrders(ctx, input));
  bindEndpoint(app, db, adminApi.listMallOrders, (input) => queue.listMallOrders(ctx, input));
  bindEndpoint(app, db, adminApi.shipMallOrder, (input, { staff, req }) =>
    queue.shipMallOrder(ctx, staffActor(staff, req.ip), input),
  );

  app.get(adminApi.ADMIN_EXPORT_PATH, async (req, reply) => {
    const staff = await requireStaff(db, { method: 'GET', permission: 'exports.read' }, req);
    const parsed = parseInput(shopOrderFilter, req.query);
    if (!parsed.ok) {
      return { code: ErrorCode.FAIL, message: parsed.message, reason: parsed.reason, data: { field: parsed.field } };
    }
    const filter: ShopOrderFilter = parsed.value;
    await recordAudit(
      db,
      staffActor(staff, req.ip),
      { action: 'order.export', target: 'orders', before: null, after: { filter } },
      ctx.clock.now(),
    );
    const stream = new PassThrough();
    writeWorkbook(stream, exportTexts(req), queue.exportOrders(ctx, filter)).catch((err: unknown) => {
      ctx.log.error({ err }, 'orders export failed');
      stream.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    const day = new Date(ctx.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="orders-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Column = keyof AdminShopOrder;
const COLUMNS: Column[] = [
  'orderSn',
  'orderType',
  'title',
  'number',
  'contactName',
  'contactMobileMasked',
  'payAmount',
  'payType',
  'orderStatus',
  'payStatus',
  'promoCode',
  'expressCompany',
  'trackingNo',
  'createdAt',
  'paidAt',
  'shippedAt',
];
const TIME_COLUMNS = new Set<Column>(['createdAt', 'paidAt', 'shippedAt']);

interface ExportTexts {
  sheet: string;
  headers: Record<Column, string>;
}

/** The export's sheet name and column headers: zh-Hans, or English for a browser that asks for it. */
const EXPORT_TEXTS: Record<'zh-Hans' | 'en', ExportTexts> = {
  'zh-Hans': {
    sheet: '订单',
    headers: {
      orderSn: '订单号',
      orderType: '订单类型',
      title: '商品',
      number: '号码',
      contactName: '联系人',
      contactMobileMasked: '联系电话',
      payAmount: '支付金额',
      payType: '支付方式',
      orderStatus: '订单状态',
      payStatus: '支付状态',
      promoCode: '推广码',
      expressCompany: '快递公司',
      trackingNo: '快递单号',
      createdAt: '下单时间',
      paidAt: '支付时间',
      shippedAt: '发货时间',
    },
  },
  en: {
    sheet: 'Orders',
    headers: {
      orderSn: 'Order number',
      orderType: 'Order type',
      title: 'Item',
      number: 'Number',
      contactName: 'Contact',
      contactMobileMasked: 'Mobile',
      payAmount: 'Amount paid',
      payType: 'Payment method',
      orderStatus: 'Order status',
      payStatus: 'Pay status',
      promoCode: 'Promo code',
      expressCompany: 'Courier',
      trackingNo: 'Tracking number',
      createdAt: 'Ordered at',
      paidAt: 'Paid at',
      shippedAt: 'Shipped at',
    },
  },
};

function exportTexts(req: FastifyRequest): ExportTexts {
  const header = req.headers['accept-language'];
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? EXPORT_TEXTS.en : EXPORT_TEXTS['zh-Hans'];
}

/** Writes the orders into an XLSX streamed to `out`, one row per order, a row at a time. */
async function writeWorkbook(out: PassThrough, texts: ExportTexts, orders: AsyncIterable<AdminShopOrder>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(texts.sheet);
  sheet.columns = COLUMNS.map((key) => ({
    header: texts.headers[key],
    key,
    width: TIME_COLUMNS.has(key) ? 20 : key === 'title' ? 30 : 16,
    ...(TIME_COLUMNS.has(key) ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  for await (const order of orders) {
    const row: Record<string, unknown> = {};
    for (const key of COLUMNS) {
      const value = order[key];
      // Times are shown in China's time zone (UTC+8, no daylight saving), as the shop shows them.
      row[key] = TIME_COLUMNS.has(key) && typeof value === 'number' ? new Date(value + 8 * 3600_000) : value;
    }
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await workbook.commit();
}
