/**
 * The built-in carrier: card state lives in `sims`; each sync advances usage by a per-card daily rate
 * (derived from the card number, so it is stable) for the time since the last sync, capped at the total
 * unless the card is on pay-as-you-go.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import {
  type CarrierGateway,
  CarrierRefusal,
  type DeviceCommand,
  type DeviceTask,
  type NetSwitchTask,
  type OfficialAuthEntry,
  type PackageActivation,
  type SpeedProfileChange,
  type SyncedSim,
} from './carrier-gateway.js';
import { OPERATOR_TOKEN_TTL_MS, operatorPageUrl } from './simulated-operator-page.js';

const DAY_MS = 24 * 3600_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** MB per day this card uses: 40–439, fixed per card number. */
export function simulatedDailyMb(simNo: string): number {
  return 40 + (createHash('sha256').update(simNo).digest().readUInt32BE(0) % 400);
}

/** Splits [from, to) at Shanghai midnights: ms spent in each day. */
function splitByDay(from: number, to: number): { day: string; ms: number }[] {
  const out: { day: string; ms: number }[] = [];
  let t = from;
  while (t < to) {
    const nextMidnight = Math.floor((t + SHANGHAI_OFFSET_MS) / DAY_MS + 1) * DAY_MS - SHANGHAI_OFFSET_MS;
    const end = Math.min(to, nextMidnight);
    out.push({ day: formatDateTime(t).slice(0, 10), ms: end - t });
    t = end;
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** How each simulated operator does real-name; `serviceNo` is where its SMS instruction goes. */
const SIMULATED_AUTH_CHANNELS: Record<number, { mode: OfficialAuthEntry['mode']; tips: string; serviceNo: string }> = {
  1: { mode: 'redirect', tips: '请在中国移动实名页面填写本人姓名与身份证号，完成后返回刷新状态', serviceNo: '10086' },
  2: { mode: 'ltAuth', tips: '中国联通实名需准备本人身份证并完成人脸识别，认证后约5-30分钟生效', serviceNo: '10010' },
  3: { mode: 'qrcode', tips: '请长按识别或使用另一台手机扫描二维码，按中国电信页面提示完成实名', serviceNo: '10000' },
  4: { mode: 'sms', tips: '请使用本卡发送短信完成中国广电实名，也可打开认证页面在线完成', serviceNo: '10099' },
};

export class SimulatedCarrier implements CarrierGateway {
  readonly name = 'simulator';
  constructor(private readonly db: DbOrTx) {}

  async syncSim(simNo: string, now = Date.now()): Promise<SyncedSim> {
    const sim = await this.db.selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirst();
    if (!sim) throw new Error(`carrier: unknown card ${simNo}`);
    const since = Math.min(now, sim.last_robin_at ?? sim.created_at);
    const using = sim.sim_status === 2 && sim.internet_status === 1;
    const rate = simulatedDailyMb(simNo) / DAY_MS;
    // Pay-as-you-go goes on past the pool; otherwise usage stops when the pool is used up.
    const volume = sim.volume_package_id > 0;
    const pool = sim.is_infinite_flow ? Number.POSITIVE_INFINITY : Math.max(0, sim.total_flow - sim.use_flow);
    const room = volume ? Number.POSITIVE_INFINITY : pool;
    const usageByDay: SyncedSim['usageByDay'] = [];
    let used = 0;
    if (using) {
      for (const { day, ms } of splitByDay(since, now)) {
        const flowMb = round2(Math.min(ms * rate, room - used));
        if (flowMb <= 0) break;
        usageByDay.push({ day, flowMb });
        used += flowMb;
      }
    }
    const fromPool = round2(Math.min(used, pool));
    const useFlow = round2(sim.use_flow + fromPool);
    const exhausted = !sim.is_infinite_flow && !volume && useFlow >= sim.total_flow;
    const device = await this.db
      .selectFrom('sim_devices')
      .select(['max_conn_count'])
      .where('sim_id', '=', sim.id)
      .executeTakeFirst();
    const auth = await this.#realName(sim);
    // A card waiting for activation (待激活) starts once real-named, if it still has flow.
    const activated = sim.sim_status === 1 && auth.authStatus === 1 && !exhausted;
    return {
      simStatus: activated ? 2 : sim.sim_status,
      authStatus: auth.authStatus,
      authPlatformStatus: sim.auth_platform_status,
      internetStatus: exhausted ? 0 : activated ? 1 : sim.internet_status,
      onlineStatus: using && !exhausted ? 1 : 0,
      totalFlow: sim.total_flow,
      useFlow,
      volumeFlow: round2(used - fromPool),
      usageByDay,
      device: device
        ? { connCount: using ? Math.floor(now / 60_000) % (device.max_conn_count + 1) : 0, signal: using ? 4 : 0 }
        : undefined,
      viceSims: auth.viceSims,
    };
  }

  /**
   * Operator real-name as the simulated platform knows it: its own record (`carrier_sim_auth`, written by
   * the operator page) wins; a number it has no record of keeps the state it was provisioned with.
   */
  async #realName(sim: { id: number; sim_no: string; source_type: number; auth_status: number }) {
    const vices =
      sim.source_type === 2
        ? await this.db
            .selectFrom('vice_sims')
            .select(['sim_no', 'auth_status'])
            .where('sim_id', '=', sim.id)
            .orderBy('sort')
            .orderBy('id')
            .execute()
        : [];
    const records = await this.db
      .selectFrom('carrier_sim_auth')
      .select(['sim_no', 'status'])
      .where('sim_no', 'in', [sim.sim_no, ...vices.map((v) => v.sim_no)])
      .execute();
    const known = new Map(records.map((r) => [r.sim_no, r.status]));
    return {
      authStatus: known.get(sim.sim_no) ?? sim.auth_status,
      viceSims:
        vices.length > 0
          ? vices.map((v) => ({ simNo: v.sim_no, authStatus: known.get(v.sim_no) ?? v.auth_status }))
          : undefined,
    };
  }

  async removeBreak(simNo: string, ruleId: number): Promise<void> {
    const sim = await this.db.selectFrom('sims').select('break_rule_id').where('sim_no', '=', simNo).executeTakeFirst();
    if (!sim || sim.break_rule_id !== ruleId) throw new Error('carrier: no such restriction');
  }

  async switchNet(simNo: string, target: number | 'auto'): Promise<NetSwitchTask> {
    const sim = await this.db.selectFrom('sims').select('online_status').where('sim_no', '=', simNo).executeTakeFirst();
    if (!sim) throw new Error(`carrier: unknown card ${simNo}`);
    return {
      taskId: `SN${randomBytes(12).toString('hex')}`,
      queued: sim.online_status !== 1,
      expectSeconds: target === 'auto' ? 180 : 90,
    };
  }

  async activatePackage(simNo: string, activation: PackageActivation): Promise<void> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['cancel_status'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('运营商未找到该卡');
    if (sim.cancel_status === 2) throw new CarrierRefusal('该卡已销户，无法订购套餐');
    await this.db
      .insertInto('carrier_activations')
      .values({
        order_sn: activation.orderSn,
        sim_no: simNo,
        flow_mb: activation.isInfiniteFlow ? -1 : activation.flowMb,
        start_at: activation.startAt,
        end_at: activation.endAt,
        state: 'active',
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.column('order_sn').doNothing())
      .execute();
  }

  async cancelPackage(_simNo: string, orderSn: string): Promise<void> {
    await this.db
      .updateTable('carrier_activations')
      .set({ state: 'cancelled' })
      .where('order_sn', '=', orderSn)
      .execute();
  }

  /**
   * The simulated operators' real-name channels: 移动 a web page (redirect), 联通 its guided page (ltAuth),
   * 电信 a QR code of the page, 广电 an SMS instruction (with the page as well). Every page is this
   * server's operator page (simulated-operator-page.ts) under a signed token valid 30 minutes.
   */
  async officialAuthEntry(
    simNo: string,
    target: { authSimNo: string; operatorType: number },
    returnUrl: string,
  ): Promise<OfficialAuthEntry> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['id', 'cancel_status'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('运营商未找到该卡');
    if (sim.cancel_status === 2) throw new CarrierRefusal('该卡已销户，无法实名认证');
    if (target.authSimNo !== simNo) {
      const vice = await this.db
        .selectFrom('vice_sims')
        .select('id')
        .where('sim_id', '=', sim.id)
        .where('sim_no', '=', target.authSimNo)
        .executeTakeFirst();
      if (!vice) throw new CarrierRefusal('运营商未找到该子卡');
    }
    const channel = SIMULATED_AUTH_CHANNELS[target.operatorType];
    if (!channel) throw new CarrierRefusal('该运营商暂未开通线上实名');
    const url = operatorPageUrl({
      simNo,
      authSimNo: target.authSimNo,
      operatorType: target.operatorType,
      returnUrl,
      expiresAt: Date.now() + OPERATOR_TOKEN_TTL_MS,
    });
    return {
      mode: channel.mode,
      url,
      ...(channel.mode === 'sms'
        ? { smsText: `发送“SMRZ#${target.authSimNo}”至${channel.serviceNo}，按回复短信提示完成实名认证` }
        : {}),
      tips: channel.tips,
    };
  }

  async officialAuthState(simNo: string, authSimNo: string): Promise<number> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['id', 'sim_no', 'source_type', 'auth_status'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('运营商未找到该卡');
    const auth = await this.#realName(sim);
    if (authSimNo === simNo) return auth.authStatus;
    const vice = auth.viceSims?.find((v) => v.simNo === authSimNo);
    if (!vice) throw new CarrierRefusal('运营商未找到该子卡');
    return vice.authStatus;
  }

  async deviceCommand(simNo: string, command: DeviceCommand): Promise<DeviceTask> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['id', 'online_status', 'source_type'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (sim?.source_type !== 2) throw new CarrierRefusal('当前卡不是设备卡');
    const queued = sim.online_status !== 1;
    if (!queued) await applyDeviceCommand(this.db, sim.id, command);
    return { taskId: `DC${randomBytes(12).toString('hex')}`, queued };
  }

  /**
   * The simulated operators speed up a running card only (正常, not cancelled) and know three profiles;
   * the profile is kept in `carrier_speed_profiles`, keyed by order number.
   */
  async setSpeedProfile(simNo: string, change: SpeedProfileChange): Promise<void> {
    const now = Date.now();
    if ('clear' in change) {
      await this.db
        .updateTable('carrier_speed_profiles')
        .set({ state: 'cleared', updated_at: now })
        .where('order_sn', '=', change.clear)
        .execute();
      return;
    }
    const sim = await this.db
      .selectFrom('sims')
      .select(['sim_status', 'cancel_status'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('运营商未找到该卡');
    if (sim.cancel_status === 2 || sim.sim_status !== 2) throw new CarrierRefusal('当前卡状态不支持加速');
    const { apply } = change;
    if (!SIMULATED_SPEED_CODES.includes(apply.speedCode)) throw new CarrierRefusal('运营商不支持该加速档位');
    await this.db
      .insertInto('carrier_speed_profiles')
      .values({
        order_sn: apply.orderSn,
        sim_no: simNo,
        speed_code: apply.speedCode,
        start_at: apply.startAt,
        end_at: apply.endAt,
        state: 'active',
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('order_sn').doNothing())
      .execute();
  }
}

const SIMULATED_SPEED_CODES = ['S100M', 'S300M', 'S1000M'];

/** What a device does with a command once it receives it (the simulator's device). */
export async function applyDeviceCommand(db: DbOrTx, simId: number, command: DeviceCommand): Promise<void> {
  const now = Date.now();
  if (command.kind === 'setWiFiSsidPwd') {
    const values =
      command.wifiType === 1
        ? { wifi_name: command.ssid, wifi_pass: command.password }
        : { wifi_name_5g: command.ssid, wifi_pass_5g: command.password };
    await db
      .updateTable('sim_devices')
      .set({ ...values, updated_at: now })
      .where('sim_id', '=', simId)
      .execute();
  } else if (command.kind === 'setWiFiDisplay') {
    const values = command.wifiType === 1 ? { show_wifi: command.show } : { show_wifi_5g: command.show };
    await db
      .updateTable('sim_devices')
      .set({ ...values, updated_at: now })
      .where('sim_id', '=', simId)
      .execute();
  }
}
