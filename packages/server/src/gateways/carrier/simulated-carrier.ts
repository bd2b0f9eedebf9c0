/**
 * The built-in carrier: card state lives in `sims`; each sync advances usage by a per-card daily rate
 * (derived from the card number, so it is stable) for the time since the last sync, capped at the total
 * unless the card is on pay-as-you-go.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SIM_STOP_REASONS, type SimStopReason } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import {
  type CarrierGateway,
  CarrierRefusal,
  type DeviceCommand,
  DeviceCommandUnsupported,
  type DeviceTask,
  type NetSwitchTask,
  type OfficialAuthEntry,
  type PackageActivation,
  type SpeedProfileChange,
  type SyncedSim,
} from './carrier-gateway.js';
import { encodeOperatorState, type OperatorPlatform, type OurState } from './operator-states.js';
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

/**
 * The platform each simulated operator speaks (PROVIDERS.md): 移动 OneLink, 联通 Jasper, 电信 CMP; 广电
 * cards run on China Mobile's network and are reported in OneLink's words.
 */
export const SIMULATED_PLATFORMS: Record<number, OperatorPlatform> = {
  1: 'onelink',
  2: 'jasper',
  3: 'ctcmp',
  4: 'onelink',
};

/** Stops the simulated operator lifts when the reseller asks (arrears paid, a stop on request, none named). */
const SIMULATED_RESUMABLE = new Set<SimStopReason>(['', 'arrears', 'requested']);

const asStopReason = (value: string): SimStopReason =>
  (SIM_STOP_REASONS as readonly string[]).includes(value) ? (value as SimStopReason) : '';

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
    const device = await this.db
      .selectFrom('sim_devices')
      .select(['max_conn_count', 'battery'])
      .where('sim_id', '=', sim.id)
      .executeTakeFirst();
    // A device with a flat battery is off: it uses nothing, and nothing reaches it until it is switched on.
    const powered = device?.battery !== 0;
    const using = sim.sim_status === 2 && sim.internet_status === 1 && powered;
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
    if (device && using && !exhausted) await this.#deliverQueued(simNo, sim.id, now);
    const auth = await this.#realName(sim);
    const state = await this.#operatorState(sim, auth.authStatus, exhausted);
    const running = state.simStatus === 2;
    const online = using && running && !exhausted;
    const started = running && sim.sim_status !== 2;
    return {
      operatorState: encodeOperatorState(SIMULATED_PLATFORMS[sim.operator_type] ?? 'onelink', state),
      authStatus: auth.authStatus,
      authPlatformStatus: sim.auth_platform_status,
      internetStatus: !running || exhausted ? 0 : started ? (sim.break_rule_id > 0 ? 0 : 1) : sim.internet_status,
      onlineStatus: online ? 1 : 0,
      totalFlow: sim.total_flow,
      useFlow,
      volumeFlow: round2(used - fromPool),
      usageByDay,
      device: device
        ? { connCount: online ? Math.floor(now / 60_000) % (device.max_conn_count + 1) : 0, signal: online ? 4 : 0 }
        : undefined,
      viceSims: auth.viceSims,
    };
  }

  /**
   * The simulated operator's view of a card: the state it was provisioned with (the card's row), moved on
   * by what the operator itself does: a card waiting for activation, or stopped for want of real-name,
   * starts once real-named (with flow left); a stop it was asked to lift (`resumeSim`) is lifted. A
   * resumption is forgotten once the card shows it running.
   */
  async #operatorState(
    sim: { sim_no: string; sim_status: number; stop_reason: string; break_rule_id: number },
    authStatus: number,
    exhausted: boolean,
  ): Promise<OurState> {
    const running: OurState = { simStatus: 2, stopReason: '' };
    const provisioned: OurState = {
      simStatus: [1, 2, 3, 4].includes(sim.sim_status) ? (sim.sim_status as OurState['simStatus']) : 2,
      stopReason: sim.sim_status === 3 ? asStopReason(sim.stop_reason) : '',
    };
    const waitsForRealname = sim.sim_status === 1 || (sim.sim_status === 3 && provisioned.stopReason === 'realname');
    if (waitsForRealname && authStatus === 1 && !exhausted) return running;
    const resume = await this.db
      .selectFrom('carrier_sim_resumes')
      .select('sim_no')
      .where('sim_no', '=', sim.sim_no)
      .executeTakeFirst();
    if (!resume) return provisioned;
    if (sim.sim_status !== 3) {
      await this.db.deleteFrom('carrier_sim_resumes').where('sim_no', '=', sim.sim_no).execute();
      return provisioned;
    }
    return SIMULATED_RESUMABLE.has(provisioned.stopReason) && sim.break_rule_id === 0 ? running : provisioned;
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

  /**
   * The simulated operator runs a stopped card again when asked, unless only it can lift the stop (its own
   * management stop), or something else must be done first (a violation, real-name, a package).
   */
  async resumeSim(simNo: string, now = Date.now()): Promise<void> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['sim_status', 'stop_reason', 'cancel_status', 'break_rule_id'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    if (sim.cancel_status === 2 || sim.sim_status === 4) throw new CarrierRefusal('carrierCancelledResume');
    if (sim.sim_status !== 3) return;
    if (!SIMULATED_RESUMABLE.has(asStopReason(sim.stop_reason)) || sim.break_rule_id > 0) {
      throw new CarrierRefusal('carrierResumeOperatorOnly');
    }
    await this.db
      .insertInto('carrier_sim_resumes')
      .values({ sim_no: simNo, requested_at: now })
      .onConflict((oc) => oc.column('sim_no').doUpdateSet({ requested_at: now }))
      .execute();
  }

  /**
   * The simulated operator stops a card when the reseller asks (its state is the card's row, which the
   * caller stops with the reason `requested`), forgetting a resumption still pending; a closed or
   * cancelled card is refused.
   */
  async suspendSim(simNo: string): Promise<void> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['sim_status', 'cancel_status'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    if (sim.cancel_status === 2 || sim.sim_status === 4) throw new CarrierRefusal('carrierRefused', 'card closed');
    await this.db.deleteFrom('carrier_sim_resumes').where('sim_no', '=', simNo).execute();
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
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    if (sim.cancel_status === 2) throw new CarrierRefusal('carrierCancelledPackage');
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
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    if (sim.cancel_status === 2) throw new CarrierRefusal('carrierCancelledAuth');
    if (target.authSimNo !== simNo) {
      const vice = await this.db
        .selectFrom('vice_sims')
        .select('id')
        .where('sim_id', '=', sim.id)
        .where('sim_no', '=', target.authSimNo)
        .executeTakeFirst();
      if (!vice) throw new CarrierRefusal('carrierViceNotFound');
    }
    const channel = SIMULATED_AUTH_CHANNELS[target.operatorType];
    if (!channel) throw new CarrierRefusal('carrierNoOnlineAuth');
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
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    const auth = await this.#realName(sim);
    if (authSimNo === simNo) return auth.authStatus;
    const vice = auth.viceSims?.find((v) => v.simNo === authSimNo);
    if (!vice) throw new CarrierRefusal('carrierViceNotFound');
    return vice.authStatus;
  }

  /**
   * An online device runs the command at once; an offline one gets it from the queue
   * (`carrier_device_commands`) when a sync finds it online again, unless 24 h passed. A model is
   * dual-band when its name says 5G; a 2.4G-only model cannot take a 5G setting.
   */
  async deviceCommand(simNo: string, command: DeviceCommand, now = Date.now()): Promise<DeviceTask> {
    const sim = await this.db
      .selectFrom('sims')
      .select(['id', 'online_status', 'source_type'])
      .where('sim_no', '=', simNo)
      .executeTakeFirst();
    if (sim?.source_type !== 2) throw new CarrierRefusal('notADevice');
    const device = await this.db
      .selectFrom('sim_devices')
      .select(['model'])
      .where('sim_id', '=', sim.id)
      .executeTakeFirst();
    if (!device) throw new CarrierRefusal('carrierDeviceNotFound');
    if ('wifiType' in command && command.wifiType === 2 && !device.model.includes('5G')) {
      throw new DeviceCommandUnsupported();
    }
    const queued = sim.online_status !== 1;
    const taskId = `DC${randomBytes(12).toString('hex')}`;
    if (!queued) await applyDeviceCommand(this.db, sim.id, command);
    await this.db
      .insertInto('carrier_device_commands')
      .values({
        task_id: taskId,
        sim_no: simNo,
        command_json: JSON.stringify(command),
        state: queued ? 'queued' : 'applied',
        created_at: now,
        expires_at: now + SIMULATED_QUEUE_TTL_MS,
        applied_at: queued ? null : now,
      })
      .execute();
    return { taskId, queued };
  }

  /** A device back online runs what was queued for it, oldest first; what waited over 24 h is dropped. */
  async #deliverQueued(simNo: string, simId: number, now: number): Promise<void> {
    const waiting = await this.db
      .selectFrom('carrier_device_commands')
      .select(['task_id', 'command_json', 'expires_at'])
      .where('sim_no', '=', simNo)
      .where('state', '=', 'queued')
      .orderBy('created_at')
      .orderBy('task_id')
      .execute();
    for (const task of waiting) {
      const expired = task.expires_at <= now;
      if (!expired) await applyDeviceCommand(this.db, simId, JSON.parse(task.command_json) as DeviceCommand);
      await this.db
        .updateTable('carrier_device_commands')
        .set(expired ? { state: 'expired' } : { state: 'applied', applied_at: now })
        .where('task_id', '=', task.task_id)
        .where('state', '=', 'queued')
        .execute();
    }
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
    if (!sim) throw new CarrierRefusal('carrierSimNotFound');
    if (sim.cancel_status === 2 || sim.sim_status !== 2) throw new CarrierRefusal('carrierSpeedStateRefused');
    const { apply } = change;
    if (!SIMULATED_SPEED_CODES.includes(apply.speedCode)) throw new CarrierRefusal('carrierSpeedUnsupported');
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

/** How long the simulated platform keeps a command for an offline device (API.md §4 iotDevice). */
export const SIMULATED_QUEUE_TTL_MS = 24 * 3600_000;

/** The simulated devices' factory Wi-Fi: named after the device number, its last 8 characters as password. */
export function factoryWifi(deviceNo: string) {
  const name = `Haoka-${deviceNo.slice(-4)}`;
  return { name, name5g: `${name}_5G`, pass: deviceNo.slice(-8).padStart(8, '0') };
}

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
  } else if (command.kind === 'reset') {
    // Factory settings: the Wi-Fi of the device's label, visible and on, encrypted. A 2.4G-only model
    // keeps no 5G network.
    const device = await db
      .selectFrom('sim_devices')
      .select(['device_no', 'model'])
      .where('sim_id', '=', simId)
      .executeTakeFirst();
    if (!device) return;
    const factory = factoryWifi(device.device_no);
    const dualBand = device.model.includes('5G');
    await db
      .updateTable('sim_devices')
      .set({
        wifi_encrypt: 1,
        show_wifi: 1,
        switch_wifi: 1,
        wifi_name: factory.name,
        wifi_pass: factory.pass,
        show_wifi_5g: dualBand ? 1 : 0,
        switch_wifi_5g: dualBand ? 1 : 0,
        wifi_name_5g: dualBand ? factory.name5g : '',
        wifi_pass_5g: dualBand ? factory.pass : '',
        updated_at: now,
      })
      .where('sim_id', '=', simId)
      .execute();
  }
  // restart and close change no setting: the device is back after a restart, and a powered-off device
  // shows offline once a sync no longer sees it (the simulator keeps it online while the card is in use).
}
