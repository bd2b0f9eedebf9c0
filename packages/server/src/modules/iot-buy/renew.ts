/**
 * Auto-renew and pay-as-you-go (API.md §4 renewPackageOption, simUpdateRenewPackage, closeVolumePackage;
 * §7 auto-renew job). A renewal is a balance-paid 到期续接 order placed a day before the card's end, with
 * the consent given when it was switched on; without enough balance the holder gets an SMS instead.
 * Pay-as-you-go usage is charged from the balance as it is synced (ledger type 5), and what the balance
 * cannot cover becomes arrears.
 */
import { createHash } from 'node:crypto';
import { fenToYuan } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction, type Tx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/repository.js';
import { moveBalance } from './ledger.js';
import { placePackageOrder } from './package-buying.js';
import { toPackageOption } from './package-terms.js';
import * as repo from './repository.js';

const DAY_MS = 24 * 3600_000;
/** The renewal is placed this long before the card's end (API.md §4). */
export const RENEW_AHEAD_MS = DAY_MS;

const renewAtOf = (sim: SimRow) =>
  sim.renew_package_id > 0 && sim.end_at !== null ? formatDateTime(sim.end_at - RENEW_AHEAD_MS) : null;

/** GET /api/iot/renewPackageOption. */
export async function getRenewOptions(ctx: AppContext, sim: SimRow) {
  const list = await repo.listPackagesFor(ctx.db, sim, { renewableOnly: true });
  return {
    currentPackageId: sim.renew_package_id,
    renewAt: renewAtOf(sim),
    list: list.map((p) => toPackageOption(p, 0)),
  };
}

/** POST /api/iot/simUpdateRenewPackage (0 = off). */
export async function setRenewPackage(ctx: AppContext, sim: SimRow, packageId: number) {
  if (packageId !== 0) {
    const list = await repo.listPackagesFor(ctx.db, sim, { renewableOnly: true });
    if (!list.some((p) => p.id === packageId)) throw fail('autoRenewUnsupported', { field: 'packageId' });
  }
  await repo.updateSim(ctx.db, sim.id, { renew_package_id: packageId, updated_at: ctx.clock.now() });
  return { currentPackageId: packageId, renewAt: renewAtOf({ ...sim, renew_package_id: packageId }) };
}

/** Fen owed for `useMb` of pay-as-you-go at `gPriceFen` per GB, rounded up to the fen. */
export const volumeCostFen = (useMb: number, gPriceFen: number) => Math.ceil((useMb / 1024) * gPriceFen - 1e-9);

/**
 * Charges what pay-as-you-go usage has cost since the last charge: from the balance (ledger type 5),
 * and the part the balance cannot cover as arrears. Returns the fen charged. In the caller's transaction.
 */
export async function chargeVolume(tx: Tx, simId: number, addMb: number, now = Date.now()): Promise<number> {
  const sim = await repo.lockCard(tx, simId);
  if (sim.volume_package_id === 0) return 0;
  const useMb = Math.round((sim.volume_use_flow + Math.max(0, addMb)) * 100) / 100;
  const owed = volumeCostFen(useMb, sim.volume_g_price_fen) - sim.volume_total_fen;
  await repo.updateSim(tx, simId, {
    volume_use_flow: useMb,
    volume_total_fen: sim.volume_total_fen + Math.max(0, owed),
    updated_at: now,
  });
  if (owed <= 0) return 0;
  const fromBalance = Math.min(owed, sim.balance_fen);
  if (fromBalance > 0) {
    await moveBalance(tx, simId, -fromBalance, { type: 5, remark: `按量计费：${useMb.toFixed(2)}MB` }, now);
  }
  if (owed > fromBalance) {
    await repo.addArrears(tx, simId, owed - fromBalance);
  }
  return owed;
}

/** POST /api/iot/closeVolumePackage: settles and stops pay-as-you-go. Closing twice answers the same. */
export async function closeVolume(ctx: AppContext, sim: SimRow, volumePackageId: number | undefined) {
  if (sim.volume_package_id === 0) {
    if (volumePackageId === undefined) throw fail('volumeBillingOff');
    // A repeat of a close that already went through.
    return { volumePackageId: 0 as const, settledMoney: fenToYuan(sim.volume_total_fen) };
  }
  if (volumePackageId !== undefined && volumePackageId !== sim.volume_package_id) throw fail('volumeBillingOff');
  const now = ctx.clock.now();
  const settled = await inTransaction(ctx.db, async (tx) => {
    await chargeVolume(tx, sim.id, 0, now);
    const card = await repo.lockCard(tx, sim.id);
    await repo.updateSim(tx, sim.id, { volume_package_id: 0, updated_at: now });
    await repo.endVolumeOrders(tx, sim.id, now);
    return card.volume_total_fen;
  });
  return { volumePackageId: 0 as const, settledMoney: fenToYuan(settled) };
}

/**
 * The auto-renew job (hourly): for each card whose end is within a day and that has a renew package, a
 * balance-paid 到期续接 order, once per end date (its uuid is derived from the card and the end). Not
 * enough balance → an SMS reminder to the bound mobile, once per end date.
 */
export async function runAutoRenew(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await repo.listCardsToRenew(ctx.db, now, now + RENEW_AHEAD_MS);
  let renewed = 0;
  for (const sim of due) {
    const uuid = renewalUuid(sim.id, sim.end_at as number);
    if (await repo.findPackageOrderByUuid(ctx.db, sim.id, uuid)) continue;
    const pkg = await repo.findPackage(ctx.db, sim.renew_package_id);
    if (pkg?.status !== 1) continue;
    try {
      await placePackageOrder(
        ctx,
        sim,
        { packageId: pkg.id, effectType: 3, payType: 'balance', uuid },
        { clientIp: '127.0.0.1', origin: '' },
        { renewal: true },
      );
      renewed += 1;
    } catch (err) {
      ctx.log.info({ err, simNo: sim.sim_no }, 'auto-renew not placed');
      await remindRenewal(ctx, sim, pkg.name, pkg.price_fen);
    }
  }
  return renewed;
}

/** A v4-shaped uuid fixed by card and end date, so one end date is renewed at most once. */
export function renewalUuid(simId: number, endAt: number): string {
  const hex = createHash('sha256').update(`renew:${simId}:${endAt}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function remindRenewal(ctx: AppContext, sim: SimRow, packageName: string, priceFen: number) {
  if (!sim.mobile || sim.end_at === null) return;
  const key = `iot:renew-reminder:${sim.id}:${sim.end_at}`;
  if (!(await ctx.limiter.hit(key, { limit: 1, windowMs: 2 * RENEW_AHEAD_MS })).allowed) return;
  await ctx.sms
    .notify(sim.mobile, 'renewFailed', {
      card: sim.sim_no.slice(-4),
      packageName,
      price: fenToYuan(priceFen),
      endAt: formatDateTime(sim.end_at),
    })
    .catch((err: unknown) => ctx.log.warn({ err, simNo: sim.sim_no }, 'renew reminder not sent'));
}
