/**
 * The console's orders queue (BACKOFFICE.md module 2, issue 22): the shop orders table and its detail
 * drawer, refund once per idempotency key, internal notes, batch ship, the card and mall order tabs and
 * the rows of the XLSX export. The state-machine steps themselves are the back-office service
 * (back-office.ts), which the CLI's `order` command runs too.
 */
import {
  type AdminCardOrder,
  type AdminMallOrder,
  type AdminOrderState,
  type AdminShopOrder,
  type AdminShopOrderDetail,
  adminApi,
  type BatchShipLine,
  fenToYuan,
  maskMobile,
  type Reason,
  type ShopOrderFilter,
  type SimAddress,
  type StaffNote,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { type CardOrderKind, pageCardOrders } from '../../db/card-orders.js';
import { inTransaction } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { onceByKey } from '../../http/idempotency.js';
import { regionName } from '../../lib/regions.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { findSimByNo } from '../iot-core/repository.js';
import { type MallBackOfficeStep, runMallBackOffice } from '../iot-mall/index.js';
import { pageAllOrders } from '../iot-mall/repository.js';
import { listPaymentsOf } from '../payments/repository.js';
import { auditPage } from '../staff/service.js';
import { checkShipment, orderTarget, runBackOffice } from './back-office.js';
import * as repo from './repository.js';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A row of the table: the contact's mobile masked. */
export function toAdminOrder(row: repo.ConsoleOrderRow): AdminShopOrder {
  return {
    orderSn: row.order_sn,
    orderType: row.order_type,
    title: row.title,
    number: row.number,
    contactName: row.contact_name,
    contactMobileMasked: maskMobile(row.contact_mobile),
    payAmount: fenToYuan(row.pay_amount_fen),
    payType: row.pay_type,
    orderStatus: row.order_status,
    payStatus: row.pay_status,
    promoCode: row.promo_code,
    expressCompany: row.express_company,
    trackingNo: row.tracking_no,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    shippedAt: row.shipped_at,
  };
}

export async function listOrders(
  ctx: AppContext,
  query: ShopOrderFilter & { page: number; pageSize: number },
): Promise<Page<AdminShopOrder>> {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([
    repo.pageConsoleOrders(ctx.db, filter, page, pageSize),
    repo.isUnfiltered(filter)
      ? unfilteredTotal(ctx).getOrLoad('all', () => repo.countConsoleOrders(ctx.db, filter))
      : repo.countConsoleOrders(ctx.db, filter),
  ]);
  return { list: rows.map(toAdminOrder), total, page, pageSize };
}

/**
 * The count of all orders is kept for a few seconds per app: counting every order on each page of the
 * unfiltered table was most of its time on PostgreSQL (docs/performance.md). A filtered count reads an
 * index range and is always fresh; the unfiltered total may miss the orders of the last seconds.
 */
const UNFILTERED_TOTAL_MS = 5_000;
const unfilteredTotals = new WeakMap<AppContext, TtlCache<number>>();

function unfilteredTotal(ctx: AppContext): TtlCache<number> {
  let cache = unfilteredTotals.get(ctx);
  if (!cache) {
    cache = new TtlCache<number>(UNFILTERED_TOTAL_MS, 1);
    unfilteredTotals.set(ctx, cache);
  }
  return cache;
}

/** How many audit lines of an order the drawer shows (the newest). */
const HISTORY_LINES = 100;

const toNote = (row: { id: number; at: number; author: string; text: string }): StaffNote => ({
  id: row.id,
  at: row.at,
  author: row.author,
  text: row.text,
});

export async function orderDetail(ctx: AppContext, orderSn: string): Promise<AdminShopOrderDetail> {
  const db = ctx.db;
  const row = await repo.findOrderBySn(db, orderSn);
  if (!row) throw fail('orderNotFound');
  const target = orderTarget(orderSn);
  const [payments, notes, history] = await Promise.all([
    listPaymentsOf(db, orderSn),
    repo.listStaffNotes(db, target),
    auditPage(db, { page: 1, pageSize: HISTORY_LINES, target }),
  ]);
  return {
    ...toAdminOrder(row),
    contactMobile: row.contact_mobile,
    idCardMasked: row.id_card_masked,
    address: {
      provinceName: regionName(row.province_code),
      cityName: regionName(row.city_code),
      countyName: regionName(row.county_code),
      detail: row.address_detail,
    },
    cancelReason: row.cancel_reason,
    tradeNo: row.trade_no,
    payments: payments.map((p) => ({
      channel: p.channel,
      payType: p.pay_type,
      amount: fenToYuan(p.amount_fen),
      status: p.status,
      tradeNo: p.trade_no,
      refundSn: p.refund_sn,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    })),
    notes: notes.map(toNote),
    history: history.list,
  };
}

/**
 * Refunds an order once per idempotency key: the same key again (a double click, a retry, ten at once)
 * answers the first refund's state and refunds nothing more.
 */
export function refundOrder(
  ctx: AppContext,
  actor: AuditActor,
  input: { orderSn: string; reason: string; idempotencyKey: string },
): Promise<AdminOrderState> {
  return onceByKey(
    ctx.db,
    { key: input.idempotencyKey, action: 'order.refund', target: orderTarget(input.orderSn), staffId: actor.staffId },
    () => runBackOffice(ctx, actor, input.orderSn, { action: 'refund', reason: input.reason }),
    ctx.clock.now(),
  );
}

/** Adds an internal note to an order, with its audit line, in one transaction. */
export async function addOrderNote(
  ctx: AppContext,
  actor: AuditActor,
  input: { orderSn: string; text: string },
): Promise<StaffNote> {
  const row = await repo.findOrderBySn(ctx.db, input.orderSn);
  if (!row) throw fail('orderNotFound');
  const target = orderTarget(input.orderSn);
  const at = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const id = await repo.insertStaffNote(tx, {
      target,
      staffId: actor.staffId,
      author: actor.name,
      text: input.text,
      at,
    });
    await recordAudit(tx, actor, { action: 'order.note', target, before: null, after: { note: input.text } }, at);
    return toNote({ id, at, author: actor.name, text: input.text });
  });
}

/** One line of a batch ship list: its fields, or null for a blank line. */
interface BatchLine {
  line: number;
  fields: string[];
}

/**
 * The lines of a pasted or uploaded batch ship list: `orderSn,company,trackingNo` per line, separated by
 * commas (also the full-width ，) or tabs, else by whitespace; blank lines and a header line (a first
 * line without a digit, e.g. `订单号,快递公司,快递单号`) are skipped.
 */
export function parseBatchShip(text: string): BatchLine[] {
  const lines: BatchLine[] = [];
  let seenFirst = false;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    const first = !seenFirst;
    seenFirst = true;
    if (first && !/\d/.test(line)) return;
    const separator = /[,，\t]/.test(line) ? /\s*[,，\t]\s*/ : /\s+/;
    lines.push({ line: i + 1, fields: line.split(separator).map((f) => f.trim()) });
  });
  return lines;
}

/** Ships each line's order on its own, as `order.batchShip`; one result per line. */
export async function batchShip(
  ctx: AppContext,
  actor: AuditActor,
  text: string,
): Promise<{ shipped: number; failed: number; lines: BatchShipLine[] }> {
  const lines = parseBatchShip(text);
  if (lines.length > adminApi.BATCH_SHIP_MAX) throw fail('batchTooLarge', { max: adminApi.BATCH_SHIP_MAX });
  const results: BatchShipLine[] = [];
  for (const { line, fields } of lines) {
    const orderSn = fields[0] ?? '';
    const refused = (reason: Reason) => results.push({ line, orderSn, ok: false, reason });
    if (fields.length !== 3) {
      refused('batchLineInvalid');
      continue;
    }
    const [, company = '', trackingNo = ''] = fields;
    const checked = checkShipment(orderSn, company, trackingNo);
    if (!checked.ok) {
      refused(checked.reason);
      continue;
    }
    try {
      await runBackOffice(ctx, actor, orderSn, { action: 'ship', company, trackingNo }, 'order.batchShip');
      results.push({ line, orderSn, ok: true });
    } catch (error) {
      if (!(error instanceof AppError) || !error.reason) throw error;
      refused(error.reason);
    }
  }
  const shipped = results.filter((r) => r.ok).length;
  return { shipped, failed: results.length - shipped, lines: results };
}

/** The card tab: package, balance, coupon, VIP and acceleration orders, newest first. */
export async function listCardOrders(
  ctx: AppContext,
  query: {
    page: number;
    pageSize: number;
    kind?: CardOrderKind | undefined;
    simNo?: string | undefined;
    orderSn?: string | undefined;
    payStatus?: number | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
): Promise<Page<AdminCardOrder>> {
  const { page, pageSize, simNo, ...filter } = query;
  let simId: number | undefined;
  if (simNo) {
    const sim = await findSimByNo(ctx.db, simNo);
    if (!sim) return { list: [], total: 0, page, pageSize };
    simId = sim.id;
  }
  const { rows, total } = await pageCardOrders(ctx.db, { ...filter, simId }, page, pageSize);
  return {
    list: rows.map((r) => ({
      orderSn: r.order_sn,
      kind: r.kind,
      simNo: r.sim_no,
      title: r.title,
      payAmount: fenToYuan(r.pay_amount_fen),
      payType: r.pay_type,
      status: r.status,
      payStatus: r.pay_status,
      createdAt: r.created_at,
      paidAt: r.paid_at,
    })),
    total,
    page,
    pageSize,
  };
}

function consigneeOf(addressJson: string | null): { name: string; mobile: string } {
  if (!addressJson) return { name: '', mobile: '' };
  try {
    const address = JSON.parse(addressJson) as Partial<SimAddress>;
    return { name: address.name ?? '', mobile: address.mobile ?? '' };
  } catch {
    return { name: '', mobile: '' };
  }
}

/** The mall tab: every card's points-mall orders, newest first, the consignee's mobile masked. */
export async function listMallOrders(
  ctx: AppContext,
  query: {
    page: number;
    pageSize: number;
    status?: number | undefined;
    simNo?: string | undefined;
    orderSn?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
  },
): Promise<Page<AdminMallOrder>> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await pageAllOrders(ctx.db, filter, page, pageSize);
  return {
    list: rows.map((r) => {
      const consignee = consigneeOf(r.address_json);
      return {
        orderSn: r.order_sn,
        simNo: r.sim_no,
        title: r.goods_name,
        points: r.points,
        payAmount: fenToYuan(r.pay_amount_fen),
        status: r.status,
        payStatus: r.pay_status,
        deliveryType: r.delivery_type,
        consigneeName: consignee.name,
        consigneeMobileMasked: maskMobile(consignee.mobile),
        expressCompany: r.express_company,
        trackingNo: r.tracking_no,
        createdAt: r.created_at,
      };
    }),
    total,
    page,
    pageSize,
  };
}

/** Ships a courier mall order with the courier and tracking number staff give (the CLI's `mall-order ship`). */
export async function shipMallOrder(
  ctx: AppContext,
  actor: AuditActor,
  input: { orderSn: string; company: string; trackingNo: string },
): Promise<{ orderSn: string; status: number }> {
  const step: MallBackOfficeStep = { action: 'ship', company: input.company, trackingNo: input.trackingNo };
  const status = await runMallBackOffice(ctx.db, actor, input.orderSn, step, ctx.clock.now());
  return { orderSn: input.orderSn, status };
}

/** How many orders the export reads at a time. */
const EXPORT_BATCH = 1000;

/** Every order of a filter, newest first, a batch at a time (the XLSX export). */
export async function* exportOrders(ctx: AppContext, filter: ShopOrderFilter): AsyncGenerator<AdminShopOrder> {
  let after: { createdAt: number; id: number } | null = null;
  for (;;) {
    const rows = await repo.consoleOrdersAfter(ctx.db, filter, after, EXPORT_BATCH);
    for (const row of rows) yield toAdminOrder(row);
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}
