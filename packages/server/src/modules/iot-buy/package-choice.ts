/** Listing packages for a card (API.md §4 packageChoose, packageDetails; SCREENS §5.3): options, coupons, the lamp. */
import { CouponStatus, EffectType, fenToYuan, maskMobile } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { formatDateTime } from '../../lib/time.js';
import { findLayoutJson, type SimRow } from '../iot-core/repository.js';
import {
  ago,
  couponRefusal,
  currentEndOf,
  discountOf,
  effectTypesOf,
  LAMP_COUNT,
  maskSimNo,
  packageForCard,
  realnamePending,
  toCoupon,
  toPackageOption,
} from './package-terms.js';
import * as repo from './repository.js';
import { cardPayTypes } from './shared.js';

/** GET /api/iot/packageChoose. */
export async function choosePackages(ctx: AppContext, sim: SimRow, packageType: number | undefined) {
  const { db } = ctx;
  const [packages, bought, layoutJson] = await Promise.all([
    repo.listPackagesFor(db, sim, { packageType }),
    repo.countPackageOrdersByPackage(db, sim.id),
    findLayoutJson(db, sim.layout_code),
  ]);
  let buys: { buyer: string; packageName: string; minutesAgo: number }[] = [];
  const lampOn = (() => {
    try {
      return JSON.parse(layoutJson ?? '{}').packageLamp === 1;
    } catch {
      return false;
    }
  })();
  if (lampOn) {
    const now = ctx.clock.now();
    buys = (await repo.listRecentPackageBuys(db, sim.promo_code, LAMP_COUNT)).map((r) => ({
      buyer: r.mobile ? maskMobile(r.mobile) : maskSimNo(r.sim_no),
      packageName: r.package_name,
      minutesAgo: Math.max(0, Math.floor((now - Number(r.paid_at ?? now)) / 60_000)),
    }));
  }
  return {
    lamps: buys.map((b) => `${b.buyer} ${ago(b.minutesAgo)}订购了 ${b.packageName}`),
    lampBuys: buys,
    needAuth: (realnamePending(sim) ? 1 : 0) as 0 | 1,
    list: packages.map((p) => toPackageOption(p, bought.get(p.id) ?? 0)),
  };
}

/** GET /api/iot/packageDetails (without packageId: the card's coupons only, read-only). */
export async function getPackageDetails(ctx: AppContext, sim: SimRow, packageId: number | undefined) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const pkg = packageId === undefined ? null : await packageForCard(db, sim, packageId);
  const payTypes = await cardPayTypes(db, sim, ctx.payments.payTypes);
  const currentEnd = await currentEndOf(db, sim);
  if (!pkg) {
    const rows = await repo.listCardCoupons(db, sim.id);
    const coupons = rows.map((c) =>
      toCoupon(c, c.status === CouponStatus.UNUSED && c.start_at <= now && c.end_at > now ? null : 'couponUnavailable'),
    );
    return {
      package: null,
      defaultEffectType: EffectType.NOW,
      currentEndAt: currentEnd === null ? null : formatDateTime(currentEnd),
      balance: fenToYuan(sim.balance_fen),
      payTypes,
      coupons,
      bestCouponId: null,
      existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
    };
  }
  const bought = await repo.countPackageOrders(db, sim.id, pkg.id);
  const rows = await repo.listCardCoupons(db, sim.id, [CouponStatus.UNUSED]);
  const rated = rows
    .map((row) => ({
      row,
      reason: couponRefusal(row, pkg.price_fen, pkg.id, now),
      off: discountOf(row, pkg.price_fen),
    }))
    .sort(
      (a, b) => Number(a.reason !== null) - Number(b.reason !== null) || b.off - a.off || a.row.end_at - b.row.end_at,
    );
  const best = rated.find((r) => r.reason === null && r.off > 0);
  const effects = effectTypesOf(pkg);
  // A base package bought while one still runs continues after it by default; otherwise it starts now.
  const preferAfter =
    pkg.package_type === 1 && currentEnd !== null && currentEnd > now && effects.includes(EffectType.AFTER_CURRENT);
  const defaultEffectType = (preferAfter ? EffectType.AFTER_CURRENT : (effects[0] ?? EffectType.NOW)) as 1 | 2 | 3;
  return {
    package: toPackageOption(pkg, bought),
    defaultEffectType,
    currentEndAt: currentEnd === null ? null : formatDateTime(currentEnd),
    balance: fenToYuan(sim.balance_fen),
    payTypes,
    coupons: rated.map((r) => toCoupon(r.row, r.reason)),
    bestCouponId: best?.row.id ?? null,
    existPayPassword: (sim.pay_password_hash ? 1 : 0) as 0 | 1,
  };
}
