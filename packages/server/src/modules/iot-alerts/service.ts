/**
 * Card alerts (用量提醒, issue 25 item 1): the card holder's settings, the evaluation that runs after each
 * sync of a card (handed to modules/iot-sync by the composition root as `ctx.cardSynced`), the SMS that
 * waits for the end of quiet hours (the alert SMS job, jobs/alert-sms.ts) and the in-app notices.
 *
 * Once per crossing: an alert is one row, unique per card, kind, threshold and period (contract
 * domain/card-alerts.ts says what the period of each kind is). Evaluations may run at once on several
 * instances; the one whose insert took the row is the only one that sends it, and an SMS is claimed with
 * a conditional update before it is sent, so it is sent at most once.
 */
import {
  type AlertKind,
  type AlertSettings,
  DEFAULT_ALERT_SETTINGS,
  dueAlerts,
  type EndpointData,
  type EndpointParsedInput,
  fenToYuan,
  type iotCareApi,
  maskMobile,
  quietUntil,
  yuanToFen,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/card.js';
import { findSimByNo } from '../iot-core/repository.js';
import * as repo from './repository.js';

type SettingsData = EndpointData<typeof iotCareApi.getAlertSettings>;
type NoticesData = EndpointData<typeof iotCareApi.listAlertNotices>;

/** The card's saved settings; undefined when the holder never saved any (such a card gets no alerts). */
async function savedSettings(db: DbOrTx, simId: number): Promise<AlertSettings | undefined> {
  const json = await repo.findSettingsJson(db, simId);
  return json === undefined ? undefined : { ...DEFAULT_ALERT_SETTINGS, ...(JSON.parse(json) as AlertSettings) };
}

function toSettingsData(settings: AlertSettings, sim: SimRow): SettingsData {
  return {
    usageThresholds: settings.usageThresholds,
    expiryDays: settings.expiryDays,
    lowBalance: settings.lowBalanceFen === null ? null : fenToYuan(settings.lowBalanceFen),
    channels: settings.channels,
    mobile: sim.mobile ? maskMobile(sim.mobile) : '',
  };
}

/** GET /api/iot/alertSettings: the saved settings, or the defaults the page offers. */
export async function getAlertSettings(db: DbOrTx, sim: SimRow): Promise<SettingsData> {
  return toSettingsData((await savedSettings(db, sim.id)) ?? DEFAULT_ALERT_SETTINGS, sim);
}

/** POST /api/iot/alertSettings: SMS needs a bound mobile (alertNeedsMobile). */
export async function saveAlertSettings(
  db: DbOrTx,
  sim: SimRow,
  input: EndpointParsedInput<typeof iotCareApi.saveAlertSettings>,
  now: number,
): Promise<SettingsData> {
  if (input.channels.sms && !sim.mobile) throw fail('alertNeedsMobile');
  const settings: AlertSettings = {
    usageThresholds: [...input.usageThresholds].sort((a, b) => a - b),
    expiryDays: [...input.expiryDays].sort((a, b) => b - a),
    lowBalanceFen: input.lowBalance === null ? null : yuanToFen(input.lowBalance),
    channels: input.channels,
  };
  await repo.saveSettingsJson(db, sim.id, JSON.stringify(settings), now);
  return toSettingsData(settings, sim);
}

/**
 * Evaluates a card's alerts, as its state stands now (after a sync): each due alert is recorded once, and
 * the instance that recorded it sends its SMS, now or, in quiet hours, at 08:00 Shanghai (the job).
 * Returns the ids of the alerts this call recorded.
 */
export async function evaluateCardAlerts(ctx: AppContext, simNo: string, now = ctx.clock.now()): Promise<number[]> {
  const sim = await findSimByNo(ctx.db, simNo);
  if (!sim) return [];
  const settings = await savedSettings(ctx.db, sim.id);
  if (!settings || (!settings.channels.sms && !settings.channels.inApp)) return [];
  const due = dueAlerts(
    {
      totalFlow: sim.total_flow,
      useFlow: sim.use_flow,
      isInfiniteFlow: sim.is_infinite_flow,
      endAt: sim.end_at,
      balanceFen: sim.balance_fen,
      rechargeTimes: sim.recharge_times,
    },
    settings,
    now,
  );
  const bySms = settings.channels.sms && !!sim.mobile;
  const recorded: number[] = [];
  for (const alert of due) {
    const id = await repo.insertAlertOnce(ctx.db, {
      sim_id: sim.id,
      kind: alert.kind,
      threshold: alert.threshold,
      period: alert.period,
      in_app: settings.channels.inApp ? 1 : 0,
      sms_state: bySms ? 'pending' : 'none',
      sms_due_at: bySms ? (quietUntil(now) ?? now) : null,
      read_at: null,
      created_at: now,
    });
    if (id === undefined) continue;
    recorded.push(id);
    if (bySms) await sendAlertSms(ctx, id, now);
  }
  return recorded;
}

/** What the card's sync calls after it wrote the card (ctx.cardSynced): a failure is logged, never thrown. */
export function alertsAfterSync(ctx: AppContext): (simNo: string) => Promise<void> {
  return async (simNo) => {
    try {
      await evaluateCardAlerts(ctx, simNo);
    } catch (err) {
      ctx.log.warn({ err, simNo }, 'card alerts: evaluation failed');
    }
  };
}

const KIND_TEXT: Record<AlertKind, (threshold: number) => string> = {
  usage: (t) => `${t}%`,
  expiry: (t) => String(t),
  balance: (t) => fenToYuan(t),
};

/**
 * Sends an alert's SMS if it is pending and due, claiming it first so that only one caller sends it. The
 * `alert` template gets the card's last 4 digits, the kind, the threshold and the period.
 */
export async function sendAlertSms(ctx: AppContext, id: number, now: number): Promise<boolean> {
  if (!(await repo.claimSms(ctx.db, id, now))) return false;
  const alert = await repo.findAlert(ctx.db, id);
  const sim = alert ? await repo.findCardMobile(ctx.db, alert.sim_id) : undefined;
  if (!alert || !sim?.mobile) {
    await repo.markSmsFailed(ctx.db, id);
    return false;
  }
  try {
    await ctx.sms.notify(sim.mobile, 'cardAlert', {
      card: sim.sim_no.slice(-4),
      kind: alert.kind,
      value: KIND_TEXT[alert.kind](alert.threshold),
      period: alert.period,
    });
    return true;
  } catch (err) {
    ctx.log.warn({ err, simNo: sim.sim_no }, 'card alert SMS not sent');
    await repo.markSmsFailed(ctx.db, id);
    return false;
  }
}

/** The alert SMS job: sends the pending SMS whose quiet hours are over; how many were sent. */
export async function sendDueAlertSms(ctx: AppContext, now = ctx.clock.now(), batch = 200): Promise<number> {
  let sent = 0;
  for (const { id } of await repo.listDueSms(ctx.db, now, batch)) {
    if (await sendAlertSms(ctx, id, now)) sent += 1;
  }
  return sent;
}

/** GET /api/iot/alertNotices: the card's in-app alerts, unread first. */
export async function listAlertNotices(
  db: DbOrTx,
  sim: SimRow,
  input: EndpointParsedInput<typeof iotCareApi.listAlertNotices>,
): Promise<NoticesData> {
  const unreadOnly = input.unreadOnly === 1;
  const [rows, total, unread] = await Promise.all([
    repo.pageNotices(db, sim.id, unreadOnly, (input.page - 1) * input.pageSize, input.pageSize),
    repo.countNotices(db, sim.id, unreadOnly),
    repo.countNotices(db, sim.id, true),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      threshold: Number(r.threshold),
      period: r.period,
      amount: r.kind === 'balance' ? fenToYuan(Number(r.threshold)) : null,
      read: r.read_at === null ? 0 : 1,
      createdAt: formatDateTime(Number(r.created_at)),
    })),
    total,
    unread,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** POST /api/iot/alertNoticesRead: marks the card's own notices read; the unread left. */
export async function markAlertNoticesRead(
  db: DbOrTx,
  sim: SimRow,
  ids: readonly number[],
  now: number,
): Promise<{ unread: number }> {
  await repo.markRead(db, sim.id, ids, now);
  return { unread: await repo.countNotices(db, sim.id, true) };
}
