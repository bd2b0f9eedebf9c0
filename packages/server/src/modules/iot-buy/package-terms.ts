/** Package and coupon terms that listing, buying and renewal share: options, coupon rules, the card's packages. */
import {
  type Coupon,
  CouponStatus,
  couponDiscountFen,
  EffectType,
  fenToYuan,
  needsOperatorRealname,
  type PackageOption,
  type Reason,
} from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/repository.js';
import * as repo from './repository.js';

/** The card still has to finish the operator's real-name (domain/card-state.ts, the rule the app shows). */
export const realnamePending = (sim: Pick<SimRow, 'need_auth' | 'auth_status'>) =>
  needsOperatorRealname({ needAuth: sim.need_auth, authStatus: sim.auth_status });

/** A package the operator has not accepted after this long is refunded, even without a clear refusal. */
export const ACTIVATION_GIVE_UP_MS = 30 * 60_000;
export const LAMP_COUNT = 20;

export const parseJsonArray = <T>(json: string, fallback: T[]): T[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : fallback;
  } catch {
    return fallback;
  }
};

export const effectTypesOf = (pkg: repo.PackageRow): number[] =>
  pkg.package_type === 3 ? [EffectType.NOW] : parseJsonArray<number>(pkg.effect_types_json, [EffectType.NOW]);

export function toPackageOption(pkg: repo.PackageRow, boughtTimes: number): PackageOption {
  return {
    id: pkg.id,
    name: pkg.name,
    packageType: pkg.package_type,
    flow: pkg.flow_mb,
    isInfiniteFlow: pkg.is_infinite_flow ? 1 : 0,
    duration: pkg.duration,
    durationUnit: pkg.duration_unit,
    price: fenToYuan(pkg.price_fen),
    originalPrice: fenToYuan(pkg.original_price_fen),
    tags: parseJsonArray<string>(pkg.tags_json, []),
    effectTypes: effectTypesOf(pkg),
    stock: pkg.stock,
    limitTimes: pkg.limit_times,
    boughtTimes,
    remark: pkg.remark,
    ...(pkg.package_type === 3 ? { gPrice: fenToYuan(pkg.g_price_fen) } : {}),
  };
}

/** Why a listed coupon is greyed (`threshold` comes from the coupon itself). */
export type CouponWhy =
  | 'couponUsed'
  | 'couponNotStarted'
  | 'couponExpired'
  | 'couponNotForPackage'
  | 'couponBelowThreshold'
  | 'couponUnavailable';

/** Why a coupon cannot pay for this package now, or null when it can. */
export function couponRefusal(
  coupon: repo.CouponRow,
  priceFen: number,
  packageId: number,
  now: number,
): Exclude<CouponWhy, 'couponUnavailable'> | null {
  if (coupon.status !== CouponStatus.UNUSED) return 'couponUsed';
  if (coupon.start_at > now) return 'couponNotStarted';
  if (coupon.end_at <= now) return 'couponExpired';
  if (coupon.scope === 'package' && !parseJsonArray<number>(coupon.package_ids_json, []).includes(packageId)) {
    return 'couponNotForPackage';
  }
  if (coupon.threshold_fen > priceFen) return 'couponBelowThreshold';
  return null;
}

/** The refusal of paying with a coupon, per why it is greyed. */
export const COUPON_REFUSALS: Record<Exclude<CouponWhy, 'couponUnavailable'>, Reason> = {
  couponUsed: 'payCouponUsed',
  couponNotStarted: 'payCouponNotStarted',
  couponExpired: 'payCouponExpired',
  couponNotForPackage: 'payCouponNotForPackage',
  couponBelowThreshold: 'payCouponBelowThreshold',
};

export const discountOf = (coupon: repo.CouponRow, priceFen: number) =>
  couponDiscountFen(priceFen, { type: coupon.type, amountFen: coupon.amount_fen, discount: coupon.discount });

export function toCoupon(row: repo.CouponRow, why: CouponWhy | null): Coupon {
  const threshold = fenToYuan(row.threshold_fen);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    amount: fenToYuan(row.amount_fen),
    discount: row.discount,
    threshold,
    scope: row.scope === 'package' ? 'package' : 'all',
    packageIds: parseJsonArray<number>(row.package_ids_json, []),
    status: row.status,
    startAt: formatDateTime(row.start_at),
    endAt: formatDateTime(row.end_at),
    usable: why === null,
    ...(why ? { reason: reasonText(why, { threshold }), unusableReason: why } : {}),
  };
}

/** A package of this card's promoter and operator, on sale. */
export async function packageForCard(db: DbOrTx, sim: SimRow, packageId: number): Promise<repo.PackageRow> {
  const pkg = await repo.findPackage(db, packageId);
  const forCard =
    pkg &&
    pkg.status === 1 &&
    (pkg.promo_code === '' || pkg.promo_code === sim.promo_code) &&
    (pkg.operator_type === null || pkg.operator_type === sim.operator_type);
  if (!forCard) throw fail('packageGone');
  return pkg;
}

export function ago(minutes: number): string {
  if (minutes < 60) return '刚刚';
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}小时前`;
  return `${Math.floor(minutes / 1440)}天前`;
}

export const maskSimNo = (simNo: string) => (simNo.length > 8 ? `${simNo.slice(0, 4)}****${simNo.slice(-4)}` : simNo);

/** The end of the card's current base package, or of the last one queued after it. */
export async function currentEndOf(db: DbOrTx, sim: SimRow): Promise<number | null> {
  const queued = await repo.latestBaseEnd(db, sim.id);
  const ends = [sim.end_at, queued].filter((v): v is number => v !== null);
  return ends.length ? Math.max(...ends) : null;
}
