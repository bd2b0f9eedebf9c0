/**
 * The console's IoT cards (BACKOFFICE.md module 5, issue 23 item 2): the cards table and a card's page,
 * balance adjustment (the ledger's `adjustBalance`, once per idempotency key), suspend and resume through
 * the carrier gateway, re-sync (`syncCard`), and batch jobs on pasted ICCIDs that run those actions (and
 * iot-buy's `grantPackage`) card by card in this process while the page polls (`db/console-jobs.ts`). It lives in iot-sync because it syncs cards, and no
 * module may depend on iot-sync (docs/design.md "Layering").
 */
import {
  type AdminCard,
  type AdminCardBatchJob,
  type AdminCardDetail,
  type AdminCardState,
  type AdminLedgerLine,
  adminApi,
  CARD_BATCH_KINDS,
  type CardBatchKind,
  type CardBatchResult,
  cardBatchJobKind,
  fenToYuan,
  maskMobile,
} from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';
import type { AppContext } from '../../context/app-context.js';
import { pageCardOrders } from '../../db/card-order-repository.js';
import * as consoleJobs from '../../db/console-jobs.js';
import { inTransaction } from '../../db/database.js';
import { CarrierRefusal } from '../../gateways/carrier/carrier-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { onceByKey } from '../../http/idempotency.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { adjustBalance, grantPackage } from '../iot-buy/index.js';
import * as coreRepo from '../iot-core/repository.js';
import * as repo from './repository.js';
import { syncCard } from './service.js';

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many ledger lines, packages and orders a card's page shows. */
export const CARD_PAGE_LATEST = 20;
/** A batch writes its progress every this many cards, or after this long, whichever comes first. */
const PROGRESS_EVERY = 20;
const PROGRESS_EVERY_MS = 30_000;

const CARD_JOB_KINDS = CARD_BATCH_KINDS.map(cardBatchJobKind);

const cardTarget = (simNo: string) => `card:${simNo}`;

type CardRow = Awaited<ReturnType<typeof repo.pageCards>>[number];

function toAdminCard(row: CardRow): AdminCard {
  return {
    simNo: row.sim_no,
    iccid: row.iccid,
    deviceNo: row.device_no || null,
    mobileMasked: row.mobile ? maskMobile(row.mobile) : null,
    operatorType: row.operator_type,
    simStatus: row.sim_status,
    stopReason: row.stop_reason,
    authStatus: row.auth_status,
    authPlatformStatus: row.auth_platform_status,
    balance: fenToYuan(Number(row.balance_fen)),
    promoCode: row.promo_code,
    syncedAt: row.last_robin_at === null ? null : Number(row.last_robin_at),
    createdAt: Number(row.created_at),
  };
}

export async function listCards(
  ctx: AppContext,
  query: { page: number; pageSize: number; q?: string | undefined; simStatus?: number | undefined },
): Promise<Page<AdminCard>> {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([
    repo.pageCards(ctx.db, filter, page, pageSize),
    repo.isUnfilteredCards(filter)
      ? unfilteredTotal(ctx).getOrLoad('all', () => repo.countCards(ctx.db, filter))
      : repo.countCards(ctx.db, filter),
  ]);
  return { list: rows.map(toAdminCard), total, page, pageSize };
}

/**
 * The count of all cards is kept for a few seconds per app, as the orders table's: counting 100k cards on
 * every page of the unfiltered table was most of its time on PostgreSQL. A filtered count is always fresh.
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

async function findCard(ctx: AppContext, simNo: string) {
  const sim = await coreRepo.findSimByNo(ctx.db, simNo);
  if (!sim) throw fail('simNotFound');
  return sim;
}

interface LedgerRow {
  type: number;
  amount: number;
  after: number;
  order_sn: string;
  remark: string;
  created_at: number;
}

const ledger =
  (format: (n: number) => string) =>
  (row: LedgerRow): AdminLedgerLine => ({
    type: row.type,
    amount: format(Number(row.amount)),
    after: format(Number(row.after)),
    orderSn: row.order_sn,
    remark: row.remark,
    at: Number(row.created_at),
  });

export async function cardDetail(ctx: AppContext, simNo: string): Promise<AdminCardDetail> {
  const sim = await findCard(ctx, simNo);
  const n = CARD_PAGE_LATEST;
  const [packages, balanceLog, pointsLog, coinLog, orders, device] = await Promise.all([
    repo.listLatestPackageOrders(ctx.db, sim.id, n),
    repo.listLatestBalanceLog(ctx.db, sim.id, n),
    repo.listLatestPointsLog(ctx.db, sim.id, n),
    repo.listLatestCoinLog(ctx.db, sim.id, n),
    pageCardOrders(ctx.db, { simId: sim.id }, 1, n),
    sim.source_type === 2 ? coreRepo.findDevice(ctx.db, sim.id) : Promise.resolve(undefined),
  ]);
  return {
    card: toAdminCard(sim),
    usage: {
      totalFlowMb: Number(sim.total_flow),
      useFlowMb: Number(sim.use_flow),
      infinite: sim.is_infinite_flow === 1,
      endAt: sim.end_at === null ? null : Number(sim.end_at),
      internetStatus: sim.internet_status,
      onlineStatus: sim.online_status,
    },
    integral: Number(sim.integral),
    coins: Number(sim.coupon_coin),
    arrears: fenToYuan(Number(sim.arrears_fen)),
    packages: packages.map((p) => ({
      orderSn: p.order_sn,
      name: p.package_name,
      status: p.status,
      flowMb: Number(p.flow_mb),
      useFlowMb: Number(p.use_flow),
      infinite: p.is_infinite_flow === 1,
      startAt: p.start_at === null ? null : Number(p.start_at),
      endAt: p.end_at === null ? null : Number(p.end_at),
    })),
    balanceLog: balanceLog.map(ledger(fenToYuan)),
    pointsLog: pointsLog.map(ledger(String)),
    coinLog: coinLog.map(ledger(String)),
    orders: orders.rows.map((r) => ({
      orderSn: r.order_sn,
      kind: r.kind,
      simNo: r.sim_no,
      title: r.title,
      payAmount: fenToYuan(Number(r.pay_amount_fen)),
      payType: r.pay_type,
      status: r.status,
      payStatus: r.pay_status,
      createdAt: Number(r.created_at),
      paidAt: r.paid_at === null ? null : Number(r.paid_at),
    })),
    device: device
      ? {
          model: device.model,
          connCount: device.conn_count,
          maxConnCount: device.max_conn_count,
          signal: device.signal,
          battery: device.battery,
        }
      : null,
  };
}

/**
 * Adds `amount` yuan to the card's balance with the remark (后台调整 in the ledger, `card.adjustBalance`
 * in the audit log, one transaction), once per idempotency key.
 */
export async function adjustCardBalance(
  ctx: AppContext,
  actor: AuditActor,
  input: { simNo: string; amount: string; remark: string; idempotencyKey: string },
): Promise<{ balance: string; applied: boolean }> {
  const fen = Math.round(Number(input.amount) * 100);
  if (fen === 0) throw fail('adjustAmountZero');
  await findCard(ctx, input.simNo);
  return onceByKey(
    ctx.db,
    {
      key: input.idempotencyKey,
      action: 'card.adjustBalance',
      target: cardTarget(input.simNo),
      staffId: actor.staffId,
    },
    async () => {
      const now = ctx.clock.now();
      const { balanceFen, applied } = await adjustBalance(ctx.db, input.simNo, fen, input.remark, '', actor, now);
      return { balance: fenToYuan(balanceFen), applied };
    },
    ctx.clock.now(),
  );
}

/** Runs an operator request: its refusal is the answer's reason, no answer is `carrierUnreachable`. */
async function askCarrier(request: () => Promise<void>): Promise<void> {
  try {
    await request();
  } catch (err) {
    if (err instanceof CarrierRefusal) throw fail(err.reason);
    throw fail('carrierUnreachable');
  }
}

const stateOf = (sim: { sim_no: string; sim_status: number; stop_reason: string }, synced: boolean) => ({
  simNo: sim.sim_no,
  simStatus: sim.sim_status,
  stopReason: sim.stop_reason,
  synced,
});

/**
 * Running (2) → stopped (3) at the reseller's request: the operator is asked first; once it accepts, the
 * card is stopped here with the reason `requested` (the card home says 已停机 and why) and no internet,
 * and `card.suspend` is audited in the same transaction.
 */
export async function suspendCard(ctx: AppContext, actor: AuditActor, simNo: string): Promise<AdminCardState> {
  const sim = await findCard(ctx, simNo);
  if (sim.sim_status !== 2) throw fail('cardNotRunning', { simStatus: sim.sim_status });
  await askCarrier(() => ctx.carrier.suspendSim(simNo));
  const now = ctx.clock.now();
  const after = { sim_status: 3, stop_reason: 'requested', internet_status: 0, online_status: 0 };
  await inTransaction(ctx.db, async (tx) => {
    await coreRepo.updateSim(tx, sim.id, { ...after, updated_at: now });
    await recordAudit(
      tx,
      actor,
      {
        action: 'card.suspend',
        target: cardTarget(simNo),
        before: { simStatus: sim.sim_status, stopReason: sim.stop_reason },
        after: { simStatus: after.sim_status, stopReason: after.stop_reason },
      },
      now,
    );
  });
  return { simNo, simStatus: after.sim_status, stopReason: after.stop_reason, synced: false };
}

/**
 * Asks the operator to run a stopped (3) card again, then syncs it: the answer is the state the operator
 * reports (an operator that applies it later leaves the card stopped until a later sync). `card.resume`
 * is audited with the state before and after.
 */
export async function resumeCard(ctx: AppContext, actor: AuditActor, simNo: string): Promise<AdminCardState> {
  const sim = await findCard(ctx, simNo);
  if (sim.sim_status !== 3) throw fail('cardNotStopped', { simStatus: sim.sim_status });
  await askCarrier(() => ctx.carrier.resumeSim(simNo));
  return syncAndAudit(ctx, actor, sim, 'card.resume');
}

/** Syncs the card with its operator now; `card.resync` is audited with the state before and after. */
export async function resyncCard(ctx: AppContext, actor: AuditActor, simNo: string): Promise<AdminCardState> {
  const sim = await findCard(ctx, simNo);
  return syncAndAudit(ctx, actor, sim, 'card.resync');
}

async function syncAndAudit(
  ctx: AppContext,
  actor: AuditActor,
  sim: coreRepo.SimRow,
  action: string,
): Promise<AdminCardState> {
  const now = ctx.clock.now();
  const synced = await syncCard(ctx, sim, now);
  const fresh = (await coreRepo.findSimByNo(ctx.db, sim.sim_no)) ?? sim;
  await recordAudit(
    ctx.db,
    actor,
    {
      action,
      target: cardTarget(sim.sim_no),
      before: { simStatus: sim.sim_status, stopReason: sim.stop_reason, synced: null },
      after: { simStatus: fresh.sim_status, stopReason: fresh.stop_reason, synced },
    },
    now,
  );
  return stateOf(fresh, synced);
}

/** The ICCIDs of a pasted list: separated by lines, commas, semicolons, tabs or spaces; each once, in order. */
export function parseIccids(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((s) => s !== ''))];
}

type CardAction = (ctx: AppContext, actor: AuditActor, sim: coreRepo.SimRow) => Promise<unknown>;

function actionOf(kind: CardBatchKind, packageId: number | undefined): CardAction {
  switch (kind) {
    case 'suspend':
      return (ctx, actor, sim) => suspendCard(ctx, actor, sim.sim_no);
    case 'resume':
      return (ctx, actor, sim) => resumeCard(ctx, actor, sim.sim_no);
    case 'resync':
      return async (ctx, actor, sim) => {
        if (!(await resyncCard(ctx, actor, sim.sim_no)).synced) throw fail('carrierUnreachable');
      };
    case 'addPackage':
      return (ctx, actor, sim) => grantPackage(ctx, actor, sim, packageId as number);
  }
}

/**
 * Starts a batch job: the ICCIDs are kept with the job (`card.batch` audited with the kind, count and
 * package), and the job runs in this process, card by card through the same actions as the card page, or
 * iot-buy's `grantPackage` (each one audited on its own). Answers the job as it starts.
 */
export async function startCardBatch(
  ctx: AppContext,
  actor: AuditActor,
  input: { kind: CardBatchKind; text: string; packageId?: number | undefined },
): Promise<AdminCardBatchJob> {
  const iccids = parseIccids(input.text);
  if (iccids.length === 0) throw fail('cardBatchEmpty');
  if (iccids.length > adminApi.CARD_BATCH_MAX) throw fail('batchTooLarge', { max: adminApi.CARD_BATCH_MAX });
  const packageId = input.kind === 'addPackage' ? input.packageId : undefined;
  if (input.kind === 'addPackage' && packageId === undefined) throw fail('paramMissing', { field: 'packageId' });
  const now = ctx.clock.now();
  const job = await inTransaction(ctx.db, async (tx) => {
    const row = await consoleJobs.createJob(
      tx,
      {
        kind: cardBatchJobKind(input.kind),
        total: iccids.length,
        input: iccids,
        staff: { staffId: actor.staffId, name: actor.name },
        status: 'running',
      },
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'card.batch',
        target: `job:${row.id}`,
        before: null,
        after: { kind: input.kind, total: iccids.length, ...(packageId === undefined ? {} : { packageId }) },
      },
      now,
    );
    return row;
  });
  void runCardBatch(ctx, actor, job.id, actionOf(input.kind, packageId), iccids).catch((err: unknown) =>
    ctx.log.error({ err, job: job.id }, 'card batch job failed'),
  );
  return toCardJob(job);
}

/** Runs a batch job's cards one after the other, writing the progress as it goes and the results at the end. */
async function runCardBatch(
  ctx: AppContext,
  actor: AuditActor,
  id: number,
  action: CardAction,
  iccids: string[],
): Promise<void> {
  const results: CardBatchResult[] = [];
  let lastWrite = ctx.clock.now();
  for (const [i, iccid] of iccids.entries()) {
    const card = await repo.findCardByIccid(ctx.db, iccid);
    if (!card) {
      results.push({ iccid, simNo: '', ok: false, reason: 'simNotFound', message: reasonText('simNotFound') });
    } else {
      try {
        await action(ctx, actor, card);
        results.push({ iccid, simNo: card.sim_no, ok: true, reason: '', message: '' });
      } catch (err) {
        const refusal = err instanceof AppError ? err : fail('operationFailed');
        if (!(err instanceof AppError)) ctx.log.error({ err, job: id, iccid }, 'card batch: a card failed');
        results.push({
          iccid,
          simNo: card.sim_no,
          ok: false,
          reason: refusal.reason,
          message: reasonText(refusal.reason, refusal.data),
        });
      }
    }
    const now = ctx.clock.now();
    if (i + 1 < iccids.length && ((i + 1) % PROGRESS_EVERY === 0 || now - lastWrite >= PROGRESS_EVERY_MS)) {
      await consoleJobs.reportProgress(ctx.db, id, i + 1, now);
      lastWrite = now;
    }
  }
  await consoleJobs.finishJob(ctx.db, id, iccids.length, results, ctx.clock.now());
}

function toCardJob(row: consoleJobs.ConsoleJobRow): AdminCardBatchJob {
  const results = consoleJobs.resultOf<CardBatchResult[]>(row) ?? [];
  const ok = results.filter((r) => r.ok).length;
  return {
    id: row.id,
    kind: row.kind.slice('card.'.length),
    status: row.status === 'done' || row.status === 'failed' ? row.status : 'running',
    reason: row.reason,
    progress: row.progress,
    total: row.total,
    ok,
    failed: results.length - ok,
    staff: row.staff_name,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    results,
  };
}

export async function cardJob(ctx: AppContext, id: number): Promise<AdminCardBatchJob> {
  const row = await consoleJobs.readJob(ctx.db, id, CARD_JOB_KINDS, ctx.clock.now());
  if (!row) throw fail('cardJobNotFound');
  return toCardJob(row);
}
