/**
 * The built-in carrier: card state lives in `sims`; each sync advances usage by a per-card daily rate
 * (derived from the card number, so it is stable) for the time since the last sync, capped at the total.
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
  type SyncedSim,
} from './carrier-gateway.js';

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

export class SimulatedCarrier implements CarrierGateway {
  readonly name = 'simulator';
  constructor(private readonly db: DbOrTx) {}

  async syncSim(simNo: string, now = Date.now()): Promise<SyncedSim> {
    const sim = await this.db.selectFrom('sims').selectAll().where('sim_no', '=', simNo).executeTakeFirst();
    if (!sim) throw new Error(`carrier: unknown card ${simNo}`);
    const since = Math.min(now, sim.last_robin_at ?? sim.created_at);
    const using = sim.sim_status === 2 && sim.internet_status === 1;
    const rate = simulatedDailyMb(simNo) / DAY_MS;
    const room = sim.is_infinite_flow ? Number.POSITIVE_INFINITY : Math.max(0, sim.total_flow - sim.use_flow);
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
    const useFlow = round2(sim.use_flow + used);
    const exhausted = !sim.is_infinite_flow && useFlow >= sim.total_flow;
    const device = await this.db
      .selectFrom('sim_devices')
      .select(['max_conn_count'])
      .where('sim_id', '=', sim.id)
      .executeTakeFirst();
    return {
      simStatus: sim.sim_status,
      authStatus: sim.auth_status,
      authPlatformStatus: sim.auth_platform_status,
      internetStatus: exhausted ? 0 : sim.internet_status,
      onlineStatus: using && !exhausted ? 1 : 0,
      totalFlow: sim.total_flow,
      useFlow,
      usageByDay,
      device: device
        ? { connCount: using ? Math.floor(now / 60_000) % (device.max_conn_count + 1) : 0, signal: using ? 4 : 0 }
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

  async officialAuthEntry(
    _simNo: string,
    target: { authSimNo: string; operatorType: number },
    _returnUrl: string,
  ): Promise<OfficialAuthEntry> {
    throw new CarrierRefusal(`运营商实名通道暂不可用（${target.operatorType}）`);
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
  }
}
