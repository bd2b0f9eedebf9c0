/**
 * IoT card core (API.md §4 simLogin, simLoginConfig, simInfo, simBindMobile, simRemoveBreak, simSwitchNet,
 * simHistoryLine): the card session and the card's cached state. The upstream sync (simRefresh) is
 * modules/iot-sync; the card of a request and its module switch are ./card.ts.
 */
import {
  DEFAULT_SIM_LOGIN_PLACEHOLDER,
  defaultSimLoginTitle,
  ErrorCode,
  fenToYuan,
  maskMobile,
  type Reason,
  SIM_STOP_REASONS,
  type SimInfo,
  type VerifyRequiredData,
} from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import type { LimitRule, RateLimiter } from '../../http/rate-limit.js';
import { authorizeCard, createSession, type SessionRow } from '../../http/sessions.js';
import { formatDateTime } from '../../lib/time.js';
import { LOGIN_FAILURE_RULE } from '../auth/service.js';
import { viewQuestion } from '../content/service.js';
import { currentMemberOrders } from '../iot-member/index.js';
import { getSetting } from '../site/repository.js';
import { resolvePromoter, toBaseConfig } from '../site/service.js';
import { verifySmsCode } from '../sms/service.js';
import { type IotDeps, loadSim } from './card.js';
import { hashCardPassword, needsRehash, verifyCardPassword } from './card-password.js';
import { mergeSimLayout } from './layout.js';
import type { SimRow } from './repository.js';
import * as repo from './repository.js';

/** System article holding the card login agreement; seeded by seed/protocols.ts. */
export const IOT_LOGIN_PROTOCOL_CODE = 'iot_login_protocol';

export const CARD_PASSWORD_MAX_FAILS = 5;
export const CARD_PASSWORD_LOCK_MS = 30 * 60_000;
export const MAX_CARDS_PER_MOBILE = 10;
export const SWITCH_NET_RULE: LimitRule = { limit: 1, windowMs: 5 * 60_000 };
const NET_TASK_TTL_MS = 24 * 3600_000;

const ipKey = (ip: string) => `sim-login:fail-ip:${ip}`;

function passwordRequired(reason: Reason, remainTimes: number, lockedUntil?: number): AppError {
  const data: VerifyRequiredData = {
    field: 'password',
    remainTimes,
    ...(lockedUntil ? { lockedUntil: formatDateTime(lockedUntil) } : {}),
  };
  return new AppError(ErrorCode.VERIFY_REQUIRED, reason, data);
}

/** Checks the card password of a card in password mode; counts a wrong one and locks after the 5th. */
async function checkCardPassword(db: DbOrTx, sim: SimRow, password: string | undefined, now: number) {
  if (sim.card_password_locked_until && sim.card_password_locked_until > now) {
    throw passwordRequired('cardPasswordLocked', 0, sim.card_password_locked_until);
  }
  const remain = CARD_PASSWORD_MAX_FAILS - sim.card_password_fails;
  if (!password) throw passwordRequired('cardPasswordRequired', remain);
  if (await verifyCardPassword(password, sim.card_password_hash)) {
    if (needsRehash(sim.card_password_hash)) {
      await repo.updateSim(db, sim.id, { card_password_hash: await hashCardPassword(password) });
    }
    if (sim.card_password_fails > 0 || sim.card_password_locked_until) {
      await repo.updateSim(db, sim.id, { card_password_fails: 0, card_password_locked_until: null });
    }
    return;
  }
  const fails = await repo.countCardPasswordFail(db, sim.id);
  if (fails >= CARD_PASSWORD_MAX_FAILS) {
    const lockedUntil = now + CARD_PASSWORD_LOCK_MS;
    await repo.updateSim(db, sim.id, { card_password_fails: 0, card_password_locked_until: lockedUntil });
    throw passwordRequired('cardPasswordLockedNow', 0, lockedUntil);
  }
  throw passwordRequired('cardPasswordWrong', CARD_PASSWORD_MAX_FAILS - fails);
}

/**
 * POST /api/simLogin. Failures (unknown card, wrong password) count per IP; 10 in 10 minutes refuse the
 * IP. The session the client named is reused when the server knows it, else a new one is created: a
 * client-made id never becomes a session.
 */
export async function loginSim(
  deps: { db: DbOrTx; limiter: RateLimiter },
  input: { simNo: string; password?: string | undefined },
  caller: { ip: string; session: SessionRow | undefined; orderSessionId: string; openId: string },
  now = Date.now(),
) {
  const { db, limiter } = deps;
  if ((await limiter.peek(ipKey(caller.ip), LOGIN_FAILURE_RULE)).count >= LOGIN_FAILURE_RULE.limit) {
    throw fail('loginTooMany');
  }
  const sim = await repo.findSimByLoginId(db, input.simNo);
  if (!sim) {
    await limiter.hit(ipKey(caller.ip), LOGIN_FAILURE_RULE);
    throw fail('simNotFound');
  }
  if (sim.status === 0) throw fail('simDisabled');
  if (sim.card_password_mode === 1) {
    try {
      await checkCardPassword(db, sim, input.password, now);
    } catch (error) {
      if (input.password) await limiter.hit(ipKey(caller.ip), LOGIN_FAILURE_RULE);
      throw error;
    }
  }
  const sessionId =
    caller.session?.id ??
    (await createSession(db, { orderSessionId: caller.orderSessionId || null, openId: caller.openId || null }, now));
  await authorizeCard(db, sessionId, sim.sim_no, now);
  return {
    sessionId,
    simNo: sim.sim_no,
    sourceType: sim.source_type,
    operatorType: sim.operator_type,
    cardPasswordMode: sim.card_password_mode === 1 ? (1 as const) : (0 as const),
  };
}

interface SimLoginConfigOverride {
  logo?: string;
  title?: string;
  placeholder?: string;
  needProtocol?: 0 | 1;
  notice?: string;
  kefuUrl?: string;
  scanEnabled?: 0 | 1;
}

/** Setting key of a promoter's card-login page; absent fields come from the promoter's site front. */
export const simLoginConfigKey = (promoCode: string) => `sim_login_config:${promoCode}`;

/** GET /api/simLoginConfig. */
export async function getSimLoginConfig(db: DbOrTx, promoCode: string | undefined, hostname: string) {
  const promoter = await resolvePromoter(db, promoCode, hostname);
  const front = toBaseConfig(promoter).front;
  const own = ((await getSetting(db, simLoginConfigKey(promoter.code))) ?? {}) as SimLoginConfigOverride;
  return {
    logo: own.logo ?? front.logo,
    title: own.title ?? defaultSimLoginTitle(front.title),
    placeholder: own.placeholder ?? DEFAULT_SIM_LOGIN_PLACEHOLDER,
    needProtocol: own.needProtocol ?? 1,
    notice: own.notice ?? '',
    kefuUrl: own.kefuUrl ?? front.kefuUrl,
    scanEnabled: own.scanEnabled ?? 1,
  };
}

/** GET /api/site/iotLoginProtocol; `version` is the day of the last edit, YYYYMMDD. */
export async function getIotLoginProtocol(db: DbOrTx) {
  const article = await viewQuestion(db, { code: IOT_LOGIN_PROTOCOL_CODE });
  return {
    title: article.title,
    content: article.content,
    version: article.updatedAt.slice(0, 10).replaceAll('-', ''),
    updatedAt: article.updatedAt,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const dateTimeOrNull = (ms: number | null) => (ms === null ? null : formatDateTime(ms));
const asFlag = (n: number) => (n ? 1 : 0) as 0 | 1;

export async function toSimInfo(db: DbOrTx, sim: SimRow): Promise<SimInfo> {
  const isDevice = sim.source_type === 2;
  const [device, viceSims, layoutJson, domain, members] = await Promise.all([
    isDevice ? repo.findDevice(db, sim.id) : undefined,
    isDevice ? repo.listViceSims(db, sim.id) : [],
    repo.findLayoutJson(db, sim.layout_code),
    repo.findPromoterDomain(db, sim.promo_code),
    currentMemberOrders(db, sim.id),
  ]);
  return {
    simNo: sim.sim_no,
    iccid: sim.iccid,
    imsi: sim.imsi,
    imei: sim.imei,
    mobile: sim.mobile ? maskMobile(sim.mobile) : '',
    balance: fenToYuan(sim.balance_fen),
    arrearsBalance: fenToYuan(sim.arrears_fen),
    integral: sim.integral,
    couponCoin: sim.coupon_coin,
    simStatus: sim.sim_status,
    stopReason: (SIM_STOP_REASONS as readonly string[]).includes(sim.stop_reason)
      ? (sim.stop_reason as SimInfo['stopReason'])
      : '',
    authStatus: sim.auth_status,
    authPlatformStatus: sim.auth_platform_status,
    internetStatus: asFlag(sim.internet_status),
    onlineStatus: asFlag(sim.online_status),
    cancelStatus: sim.cancel_status,
    replaceStatus: sim.replace_status,
    totalFlow: round2(sim.total_flow),
    useFlow: round2(sim.use_flow),
    surplusFlow: round2(Math.max(0, sim.total_flow - sim.use_flow)),
    surplusTime: sim.surplus_time,
    surplusUnit: sim.surplus_unit,
    status: asFlag(sim.status),
    endAt: dateTimeOrNull(sim.end_at),
    lastRobinAt: dateTimeOrNull(sim.last_robin_at),
    createdAt: formatDateTime(sim.created_at),
    operatorType: sim.operator_type,
    needBuyCoupon: asFlag(sim.need_buy_coupon),
    bindPhoneMode: sim.bind_phone_mode,
    apn: sim.apn,
    promoCode: sim.promo_code,
    needBuyPackage: asFlag(sim.need_buy_package),
    needAuth: asFlag(sim.need_auth),
    needPlatformAuth: asFlag(sim.need_platform_auth),
    platformAuthType: sim.platform_auth_type,
    existPayPassword: asFlag(sim.pay_password_hash ? 1 : 0),
    cardPasswordMode: asFlag(sim.card_password_mode),
    sourceType: sim.source_type,
    deviceNo: sim.device_no ?? '',
    isInfiniteFlow: asFlag(sim.is_infinite_flow),
    rechargeTimes: sim.recharge_times,
    numbAuth: sim.numb_auth,
    breakRuleId: sim.break_rule_id,
    breakTips: sim.break_tips,
    allowRemoveBreak: asFlag(sim.allow_remove_break),
    device: device
      ? {
          deviceNo: device.device_no,
          model: device.model,
          wifiEncrypt: device.wifi_encrypt,
          connCount: device.conn_count,
          maxConnCount: device.max_conn_count,
          battery: device.battery,
          signal: device.signal,
          showWifi: asFlag(device.show_wifi),
          switchWifi: asFlag(device.switch_wifi),
          wifiName: device.wifi_name,
          wifiPass: device.wifi_pass,
          showWifi5G: asFlag(device.show_wifi_5g),
          switchWifi5G: asFlag(device.switch_wifi_5g),
          wifiName5G: device.wifi_name_5g,
          wifiPass5G: device.wifi_pass_5g,
        }
      : null,
    viceSims: viceSims.map((v) => ({
      simNo: v.sim_no,
      iccid: v.iccid,
      operatorType: v.operator_type,
      authStatus: v.auth_status,
      isCurrent: asFlag(v.is_current),
      signal: v.signal,
    })),
    volumePackageId: sim.volume_package_id,
    volume:
      sim.volume_package_id > 0
        ? {
            useFlow: round2(sim.volume_use_flow),
            totalMoney: fenToYuan(sim.volume_total_fen),
            gPrice: fenToYuan(sim.volume_g_price_fen),
          }
        : null,
    simShopLayout: { domain },
    // The valid VIP / acceleration order, else the next queued one (modules/iot-member).
    vipOrder: members.vipOrder,
    accelerateOrder: members.accelerateOrder,
    simLayout: mergeSimLayout(layoutJson),
  };
}

/** GET /api/iot/simInfo: the cached state. */
export async function getSimInfo(db: DbOrTx, simNo: string): Promise<SimInfo> {
  return toSimInfo(db, await loadSim(db, simNo));
}

/** POST /api/iot/simBindMobile: binds (or changes) the contact mobile proven by an SMS code. */
export async function bindSimMobile(
  db: DbOrTx,
  sim: SimRow,
  input: { mobile: string; code: string },
  now = Date.now(),
) {
  if (
    sim.mobile !== input.mobile &&
    (await repo.countCardsOfMobile(db, input.mobile, sim.id)) >= MAX_CARDS_PER_MOBILE
  ) {
    throw fail('bindLimitReached');
  }
  await verifySmsCode(db, { mobile: input.mobile, scene: 'bindMobile', code: input.code }, now);
  await repo.updateSim(db, sim.id, { mobile: input.mobile, mobile_bound_at: now, updated_at: now });
  return { mobile: maskMobile(input.mobile) };
}

/**
 * POST /api/iot/simRemoveBreak (SCREENS §6): lifts a removable violation restriction upstream; the card
 * goes back online, and back to 正常 when the restriction alone had stopped it.
 */
export async function removeSimBreak(deps: IotDeps, sim: SimRow, breakRuleId: number, now = Date.now()) {
  const { db, carrier } = deps;
  if (sim.break_rule_id === 0) throw fail('noViolation');
  if (sim.break_rule_id !== breakRuleId || sim.allow_remove_break !== 1) throw fail('violationNotSelfService');
  try {
    await carrier.removeBreak(sim.sim_no, breakRuleId);
  } catch {
    throw new AppError(ErrorCode.ORDER_REJECTED, 'violationNotAccepted');
  }
  await repo.updateSim(db, sim.id, {
    break_rule_id: 0,
    break_tips: '',
    allow_remove_break: 0,
    break_stopped: 0,
    internet_status: 1,
    ...(sim.break_stopped === 1 && sim.sim_status === 3 ? { sim_status: 2, stop_reason: '' } : {}),
    updated_at: now,
  });
  return getSimInfo(db, sim.sim_no);
}

/** POST /api/iot/simSwitchNet (SPEC §4): a device moves to one of its vice SIMs; once per 5 minutes. */
export async function switchSimNet(
  deps: IotDeps,
  sim: SimRow,
  input: { operatorType?: number | undefined; auto?: 0 | 1 | undefined },
  now = Date.now(),
) {
  const { db, carrier, limiter } = deps;
  const vices = sim.source_type === 2 ? await repo.listViceSims(db, sim.id) : [];
  if (vices.length === 0) throw fail('netSwitchUnsupported');
  const target: number | 'auto' = input.auto === 1 ? 'auto' : (input.operatorType ?? 0);
  if (target === 'auto' ? vices.length < 2 : !vices.some((v) => v.operator_type === target)) {
    throw fail('netUnavailable');
  }
  if (!(await limiter.hit(`iot:switch-net:${sim.id}`, SWITCH_NET_RULE)).allowed) throw fail('netSwitchTooFrequent');
  const task = await carrier.switchNet(sim.sim_no, target);
  await repo.insertNetTask(db, {
    id: task.taskId,
    simId: sim.id,
    kind: 'switchNet',
    payload: { target },
    createdAt: now,
    expiresAt: now + NET_TASK_TTL_MS,
  });
  return task;
}

const DAY_MS = 24 * 3600_000;
const dayOf = (ms: number) => formatDateTime(ms).slice(0, 10);

/** GET /api/iot/simHistoryLine: daily usage for the last `days` days, or monthly for the last 12 months. */
export async function getSimHistoryLine(
  db: DbOrTx,
  sim: SimRow,
  input: { type: 'day' | 'month'; days: number },
  now = Date.now(),
) {
  let dates: string[];
  if (input.type === 'day') {
    dates = Array.from({ length: input.days }, (_, i) => dayOf(now - (input.days - 1 - i) * DAY_MS));
  } else {
    const [y, m] = dayOf(now).split('-').map(Number) as [number, number];
    dates = Array.from({ length: 12 }, (_, i) => {
      const k = y * 12 + (m - 1) - (11 - i);
      return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
    });
  }
  const from = input.type === 'day' ? (dates[0] as string) : `${dates[0]}-01`;
  const rows = await repo.listDailyUsage(db, sim.id, from);
  const byDate = new Map<string, number>();
  for (const r of rows) {
    const key = input.type === 'day' ? r.day : r.day.slice(0, 7);
    byDate.set(key, (byDate.get(key) ?? 0) + Number(r.flow_mb));
  }
  const points = dates.map((date) => ({ date, flow: round2(byDate.get(date) ?? 0) }));
  const totalFlow = round2(points.reduce((sum, p) => sum + p.flow, 0));
  return { type: input.type, points, totalFlow, avgFlow: round2(totalFlow / points.length) };
}
