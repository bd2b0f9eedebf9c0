/**
 * Shop orders (API.md §6, SCREENS §5.1–5.2, §6): create with the ID rules, one conditional update for a
 * vanity number or a goods unit, everything in one transaction and idempotent on the client's uuid;
 * read and cancel by the owner only; the payment core reaches these orders through the 'shop' kind.
 */
import {
  ageOn,
  type EndpointParsedInput,
  ErrorCode,
  fenToYuan,
  maskIdCard,
  maskMobile,
  type orderApi,
  reviewStateOf,
  type ShopOrder,
  ShopOrderStatus,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import type { CourierGateway } from '../../gateways/courier/courier.js';
import { narrowPayTypes } from '../../gateways/payment/payment-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import { newOrderSn, shanghaiToday } from '../../lib/order-sn.js';
import { encryptPersonal, lookupHash } from '../../lib/personal-data.js';
import { cityDisplayName, isCityOf, regionByCode, regionName } from '../../lib/regions.js';
import { requestHash } from '../../lib/request-hash.js';
import { formatDateTime } from '../../lib/time.js';
import { findNumberById, insertComment, reviewedOrders } from '../numbers/repository.js';
import { deriveNumber } from '../numbers/service.js';
import { closeOpenPayments, type LaunchClient, type LaunchRequest, launchPayment } from '../payments/service.js';
import { getSetting } from '../site/repository.js';
import { getGenericConfig, resolvePromoter, toBaseConfig } from '../site/service.js';
import { type CheckedCode, checkSmsCode, useSmsCode } from '../sms/service.js';
import * as repo from './repository.js';

type CreateInput = EndpointParsedInput<typeof orderApi.createShopOrder>;

export const MAX_CARDS_PER_ID = 5;
export const MIN_AGE = 16;
export const MAX_AGE = 60;

export interface Caller {
  orderSessionId: string;
  /** Mobile of a live shopper session, if any. */
  shopperMobile: string | null;
}

function createdResult(row: repo.ShopOrderRow) {
  return {
    orderSn: row.order_sn,
    orderStatus: row.order_status,
    payAmount: fenToYuan(row.pay_amount_fen),
    needPay: row.pay_amount_fen > 0 && row.order_status === 0,
    expireAt: row.expire_at === null ? null : formatDateTime(row.expire_at),
  };
}

function checkRegion(input: CreateInput) {
  const county = regionByCode(input.countyCode);
  if (
    regionByCode(input.provinceCode)?.level !== 1 ||
    !isCityOf(input.cityCode, input.provinceCode) ||
    county?.level !== 3 ||
    county.cityCode !== input.cityCode
  ) {
    throw fail('regionInvalid', { field: 'countyCode' });
  }
}

/** What is being bought, resolved and checked before the transaction. */
async function resolveItem(db: DbOrTx, input: CreateInput) {
  if (input.orderType === 1) {
    const number = await findNumberById(db, input.numberId as number);
    if (!number || number.status === 0) throw fail('numberGone');
    if (number.status !== 1) throw new AppError(ErrorCode.NUMBER_TAKEN);
    const packages = await repo.listNumberPackagesFor(db, number.operator_type, number.level);
    const pkg = input.packageId ? packages.find((p) => p.id === input.packageId) : packages[0];
    if (input.packageId && !pkg) throw fail('packageNotForNumber', { field: 'packageId' });
    const settings = (await getSetting(db, 'number_order')) as { needSmsCode?: number } | undefined;
    return {
      kind: 'number' as const,
      number,
      pkg,
      title: `靓号 ${number.number}`,
      operatorType: number.operator_type,
      amountFen: number.price_fen,
      needSmsCode: settings?.needSmsCode !== 0,
      image: '',
    };
  }
  const goods = await repo.findGoods(db, input.goodsId as number);
  if (goods?.status !== 1) throw fail('goodsGone');
  if (goods.stock !== null && goods.stock <= 0) throw new AppError(ErrorCode.SOLD_OUT);
  return {
    kind: 'goods' as const,
    goods,
    title: goods.name,
    operatorType: goods.operator_type,
    amountFen: goods.price_fen,
    needSmsCode: goods.need_sms_code === 1,
    image: goods.image,
  };
}

export async function createOrder(ctx: AppContext, input: CreateInput, caller: Caller) {
  const db = ctx.db;
  if (!caller.orderSessionId) throw fail('sessionIdMissing', { field: 'order-session-id' });
  const hash = requestHash(input);
  const repeat = await repo.findOrderByUuid(db, caller.orderSessionId, input.uuid);
  if (repeat) {
    if (repeat.request_hash !== hash) throw fail('duplicateRequest');
    return createdResult(repeat);
  }

  const item = await resolveItem(db, input);
  // The mobile is proven before any rule about the person is judged. A right code is used up only by the
  // order it makes (inside the transaction below): a refused order leaves it valid for the corrected form.
  let smsCode: CheckedCode | null = null;
  if (item.needSmsCode) {
    if (!input.smsCode) throw fail('smsCodeRequired', { field: 'smsCode' });
    smsCode = await checkSmsCode(db, { mobile: input.contactMobile, scene: 'order', code: input.smsCode });
  }
  const idCard = input.idCard.toUpperCase();
  const age = ageOn(idCard, shanghaiToday());
  if (age === null) throw fail('idCardInvalid', { field: 'idCard' });
  if (age < MIN_AGE || age > MAX_AGE) {
    throw new AppError(ErrorCode.ORDER_REJECTED, 'ageOutOfRange', { minAge: MIN_AGE, maxAge: MAX_AGE });
  }
  checkRegion(input);
  const idHmac = lookupHash('idcard', idCard);
  const generic = await getGenericConfig(db);
  const now = Date.now();
  const orderSn = newOrderSn('shop', now);
  const needPay = item.amountFen > 0;
  const expireAt = needPay ? now + generic.payTimeoutMinutes.shop * 60_000 : null;

  try {
    const row = await db.transaction().execute(async (tx) => {
      if (smsCode) await useSmsCode(tx, smsCode, now);
      // spec (API.md §6): at most 5 open orders or cards per ID per operator, else 30003.
      if ((await repo.countHoldingOrders(tx, idHmac, item.operatorType)) >= MAX_CARDS_PER_ID) {
        throw new AppError(ErrorCode.ORDER_REJECTED, 'idCardLimitReached');
      }
      if (item.kind === 'number') {
        // A free number is the buyer's at once; a paid one is held until payment or timeout.
        const taken = await repo.takeNumber(tx, item.number.id, { status: needPay ? 2 : 3, orderSn, expireAt }, now);
        if (!taken) throw new AppError(ErrorCode.NUMBER_TAKEN);
      } else if (!(await repo.takeGoodsUnit(tx, item.goods.id, now))) {
        throw new AppError(ErrorCode.SOLD_OUT);
      }
      const order: repo.NewShopOrder = {
        order_sn: orderSn,
        order_type: input.orderType,
        number_id: item.kind === 'number' ? item.number.id : null,
        package_id: item.kind === 'number' ? (item.pkg?.id ?? null) : null,
        goods_id: item.kind === 'goods' ? item.goods.id : null,
        title: item.title,
        number: item.kind === 'number' ? item.number.number : null,
        package_name: item.kind === 'number' ? (item.pkg?.name ?? null) : null,
        goods_image: item.image,
        operator_type: item.operatorType,
        contact_name: input.contactName,
        contact_mobile: input.contactMobile,
        id_card_enc: encryptPersonal(idCard),
        id_card_hmac: idHmac,
        id_card_masked: maskIdCard(idCard),
        id_card_last6_hmac: lookupHash('idcard-last6', idCard.slice(-6)),
        province_code: input.provinceCode,
        city_code: input.cityCode,
        county_code: input.countyCode,
        address_detail: input.addressDetail,
        pay_amount_fen: item.amountFen,
        pay_type: '',
        order_status: needPay ? 0 : 1,
        pay_status: 0,
        expire_at: expireAt,
        paid_at: null,
        trade_no: null,
        tracking_no: '',
        express_company: '',
        shipped_at: null,
        cancel_reason: '',
        order_session_id: caller.orderSessionId,
        promo_code: input.promoCode ?? '',
        page_code: input.pageCode ?? '',
        bd_vid: input.bd_vid ?? '',
        uuid: input.uuid,
        request_hash: hash,
        created_at: now,
        updated_at: now,
      };
      await repo.insertOrder(tx, order);
      return order;
    });
    if (item.kind === 'number') ctx.numberIndex.markStale();
    return createdResult({ ...row, id: 0 });
  } catch (error) {
    // The same intent sent twice at once: the loser of the unique (session, uuid) gets the winner's order.
    const again = await repo.findOrderByUuid(db, caller.orderSessionId, input.uuid);
    if (again) {
      if (again.request_hash !== hash) throw fail('duplicateRequest');
      return createdResult(again);
    }
    throw error;
  }
}

/** The owner of an order: the anonymous buyer key that created it, or the shopper with its mobile. */
export async function findOwnedOrder(db: DbOrTx, orderSn: string, caller: Caller): Promise<repo.ShopOrderRow> {
  const row = await repo.findOrderBySn(db, orderSn);
  const owns =
    row &&
    ((caller.orderSessionId !== '' && row.order_session_id === caller.orderSessionId) ||
      (caller.shopperMobile !== null && row.contact_mobile === caller.shopperMobile));
  if (owns) return row;
  // Not the owner: someone not logged in is asked to log in; a logged-in stranger learns nothing.
  if (caller.shopperMobile === null) throw new AppError(ErrorCode.SHOP_LOGIN_TIMEOUT);
  throw fail('orderNotFound');
}

export function toShopOrder(row: repo.ShopOrderRow, options: { maskContact: boolean; reviewed: boolean }): ShopOrder {
  return {
    orderSn: row.order_sn,
    orderType: row.order_type === 1 ? 1 : 2,
    title: row.title,
    ...(row.number ? { number: row.number } : {}),
    ...(row.package_name ? { packageName: row.package_name } : {}),
    goodsImage: row.goods_image,
    contactName: options.maskContact ? `${row.contact_name.slice(0, 1)}**` : row.contact_name,
    contactMobile: options.maskContact ? maskMobile(row.contact_mobile) : row.contact_mobile,
    idCardMasked: row.id_card_masked,
    address: {
      provinceName: regionName(row.province_code),
      cityName: cityDisplayName(row.city_code),
      countyName: regionName(row.county_code),
      detail: row.address_detail,
    },
    payAmount: fenToYuan(row.pay_amount_fen),
    payType: row.pay_type,
    orderStatus: row.order_status,
    payStatus: row.pay_status,
    expireAt: row.expire_at === null ? null : formatDateTime(row.expire_at),
    paidAt: row.paid_at === null ? null : formatDateTime(row.paid_at),
    trackingNo: row.tracking_no,
    expressCompany: row.express_company,
    cancelReason: row.cancel_reason,
    createdAt: formatDateTime(row.created_at),
    review: reviewStateOf({ orderType: row.order_type, orderStatus: row.order_status }, options.reviewed),
  };
}

/** An order as its owner reads it (detail, pay page). */
export async function ownOrderView(db: DbOrTx, row: repo.ShopOrderRow): Promise<ShopOrder> {
  const reviewed = await reviewedOrders(db, [row.order_sn]);
  return toShopOrder(row, { maskContact: false, reviewed: reviewed.has(row.order_sn) });
}

export async function listOrders(
  db: DbOrTx,
  mobile: string,
  status: number | undefined,
  page: number,
  pageSize: number,
) {
  const { rows, total } = await repo.pageOrdersByMobile(db, mobile, status, page, pageSize);
  const reviewed = await reviewedOrders(
    db,
    rows.filter((r) => r.order_type === 1 && r.order_status === ShopOrderStatus.DONE).map((r) => r.order_sn),
  );
  const list = rows.map((r) => toShopOrder(r, { maskContact: true, reviewed: reviewed.has(r.order_sn) }));
  return { list, total, page, pageSize };
}

/**
 * The buyer of a completed number order reviews it (design.md "Number reviews"). The review records the
 * kind of number bought (its level, from `deriveNumber`), so it is shown on numbers of that level.
 */
export async function reviewOrder(
  db: DbOrTx,
  mobile: string,
  input: { orderSn: string; star: number; content: string; tags: readonly string[] },
  now = Date.now(),
): Promise<{ id: number }> {
  const row = await repo.findOrderBySn(db, input.orderSn);
  if (!row || row.contact_mobile !== mobile) throw fail('orderNotFound');
  const derived = row.order_type === 1 && row.number ? deriveNumber(row.number) : null;
  if (!derived || 'error' in derived) throw fail('reviewNumberOrdersOnly');
  if (row.order_status !== ShopOrderStatus.DONE) throw fail('reviewNotCompleted');
  const id = await insertComment(db, {
    promo_code: row.promo_code,
    mobile,
    star: input.star,
    content: input.content,
    images_json: '[]',
    tags_json: JSON.stringify(input.tags),
    enabled: 1,
    created_at: now,
    order_sn: row.order_sn,
    number: row.number as string,
    level: derived.level,
  });
  if (id === null) throw fail('reviewExists');
  return { id };
}

/** Releases what an unpaid order holds: its number back on sale, or its goods unit back in stock. */
async function releaseHold(tx: Tx, row: repo.ShopOrderRow, now: number) {
  if (row.number_id !== null) {
    await repo.moveOrderNumber(tx, row.number_id, row.order_sn, 1, [2], now);
  } else if (row.goods_id !== null) {
    await repo.returnGoodsUnit(tx, row.goods_id, now);
  }
}

/**
 * Cancels an unpaid order (user or timeout): status 0 → 5, payment closed, number or stock released, in
 * one transaction. Returns false when the order had already left status 0.
 */
export async function cancelUnpaid(db: Db, row: repo.ShopOrderRow, reason: string): Promise<boolean> {
  const now = Date.now();
  return db.transaction().execute(async (tx) => {
    const moved = await repo.moveOrder(
      tx,
      row.order_sn,
      { orderStatus: [0], payStatus: [0, 1] },
      { order_status: 5, pay_status: 3, cancel_reason: reason },
      now,
    );
    if (moved) await releaseHold(tx, row, now);
    return moved;
  });
}

/** GET /api/shop/order/detail: the caller's order, with the pay types of its promoter (else the site's). */
/** The caller's order, with the pay types its shop offers that some payment provider takes. */
export async function getOwnOrder(ctx: AppContext, orderSn: string, caller: Caller, hostname: string) {
  const row = await findOwnedOrder(ctx.db, orderSn, caller);
  const promoter = await resolvePromoter(ctx.db, row.promo_code || undefined, hostname).catch(() =>
    resolvePromoter(ctx.db, undefined, hostname),
  );
  return {
    ...(await ownOrderView(ctx.db, row)),
    payTypes: narrowPayTypes(toBaseConfig(promoter).showPaymentType, ctx.payments.payTypes),
  };
}

/** Pays the caller's order through the payment core. */
export async function payOrder(
  ctx: AppContext,
  input: Pick<LaunchRequest, 'orderSn' | 'payType' | 'returnUrl'>,
  caller: Caller,
  client: LaunchClient,
) {
  await findOwnedOrder(ctx.db, input.orderSn, caller);
  return launchPayment(ctx, {
    kind: 'shop',
    orderSn: input.orderSn,
    payType: input.payType,
    returnUrl: input.returnUrl,
    ...client,
  });
}

/** Cancels the caller's unpaid order (a repeat answers the same): its number back on sale, its launches closed. */
export async function cancelOwnOrder(ctx: AppContext, orderSn: string, caller: Caller, reason: string) {
  const row = await findOwnedOrder(ctx.db, orderSn, caller);
  if (row.order_status === 5) return { orderStatus: 5 as const };
  if (row.order_status !== 0 || !(await cancelUnpaid(ctx.db, row, reason))) throw fail('notCancellable');
  if (row.number_id !== null) ctx.numberIndex.markStale();
  await closeOpenPayments(ctx, row.order_sn);
  return { orderStatus: 5 as const };
}

/** The courier's trace of the caller's shipped order. */
export async function trackOrder(db: DbOrTx, courier: CourierGateway, orderSn: string, caller: Caller) {
  const row = await findOwnedOrder(db, orderSn, caller);
  if (row.order_status < 3 || row.order_status > 4 || !row.tracking_no || row.shipped_at === null) {
    throw fail('notShipped');
  }
  return courier.track({
    company: row.express_company,
    trackingNo: row.tracking_no,
    shippedAt: row.shipped_at,
    cityName: cityDisplayName(row.city_code),
  });
}
