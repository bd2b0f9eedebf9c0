/**
 * Device management (API.md §4 iotDevice/*): Wi-Fi name/password and visibility, restart, power-off and
 * factory reset, sent to the device through the carrier gateway. Device cards only. The same command
 * sent again within 60 s answers the first task; a device takes at most 10 commands in 10 minutes.
 */

import { ErrorCode } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import {
  type CarrierGateway,
  CarrierRefusal,
  type DeviceCommand,
  DeviceCommandUnsupported,
} from '../../gateways/carrier/carrier-gateway.js';
import { AppError, fail } from '../../http/app-error.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { requireModule, type SimRow } from '../iot-core/card.js';
import * as coreRepo from '../iot-core/repository.js';
import * as repo from './repository.js';

/** What device management needs of the app context. */
export type DeviceDeps = Pick<AppContext, 'db' | 'limiter' | 'carrier'>;

/** Per device: 10 commands in 10 minutes (repeats answered from the record do not count). */
export const DEVICE_COMMAND_RULE: LimitRule = { limit: 10, windowMs: 10 * 60_000 };
/** The same command within this window answers the task already sent. */
export const REPEAT_WINDOW_MS = 60_000;
/** A queued command expires when the device stays offline this long (the platform drops it too). */
export const DEVICE_TASK_TTL_MS = 24 * 3600_000;

/** The layout menu key of device management (demo-iot-cards.ts); switched off → 40001. */
const MODULE_KEY = 'deviceManage';

/** The card's device, after the card-type and module checks. */
async function loadDevice(db: DbOrTx, sim: SimRow) {
  if (sim.source_type !== 2) throw fail('notADevice');
  const device = await coreRepo.findDevice(db, sim.id);
  if (!device) throw fail('notADevice');
  await requireModule(db, sim, MODULE_KEY);
  return { sim, device };
}

/** An open network (wifiEncrypt 0) takes no password; an encrypted one needs one. */
function checkPasswordFits(command: DeviceCommand, wifiEncrypt: number) {
  if (command.kind !== 'setWiFiSsidPwd') return;
  if (wifiEncrypt === 0 && command.password !== '') throw fail('wifiOpenNoPassword', { field: 'password' });
  if (wifiEncrypt !== 0 && command.password === '') throw fail('wifiPasswordNeeded', { field: 'password' });
}

/** Sends one command to the card's device and records it; answers `{taskId, queued}`. */
export async function sendDeviceCommand(deps: DeviceDeps, card: SimRow, command: DeviceCommand, now = Date.now()) {
  const { db, limiter, carrier } = deps;
  const { sim, device } = await loadDevice(db, card);
  checkPasswordFits(command, device.wifi_encrypt);

  const sent = JSON.stringify(command);
  const recent = await repo.listRecentDeviceTasks(db, sim.id, repo.deviceTaskKind(command), now - REPEAT_WINDOW_MS);
  const repeat = recent.find((task) => JSON.stringify(task.command) === sent);
  if (repeat) return { taskId: repeat.id, queued: repeat.queued };

  if (!(await limiter.hit(`iot:device-command:${sim.id}`, DEVICE_COMMAND_RULE)).allowed)
    throw fail('deviceTooFrequent');
  let task: Awaited<ReturnType<CarrierGateway['deviceCommand']>>;
  try {
    task = await carrier.deviceCommand(sim.sim_no, command);
  } catch (err) {
    if (err instanceof DeviceCommandUnsupported) throw new AppError(ErrorCode.MODULE_CLOSED, err.reason);
    if (err instanceof CarrierRefusal) throw fail(err.reason);
    throw fail('devicePlatformDown');
  }
  await repo.insertDeviceTask(db, {
    id: task.taskId,
    simId: sim.id,
    payload: { command, queued: task.queued },
    createdAt: now,
    expiresAt: now + DEVICE_TASK_TTL_MS,
  });
  return { taskId: task.taskId, queued: task.queued };
}
