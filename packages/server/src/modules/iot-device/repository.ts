/** Queries of device management: the platform's record of device commands (`sim_net_tasks`). */

import type { DbOrTx } from '../../db/database.js';
import type { DeviceCommand } from '../../gateways/carrier/carrier-gateway.js';

/** Task kinds of device commands in `sim_net_tasks`, beside issue 5's `switchNet`. */
export const deviceTaskKind = (command: DeviceCommand) => `device:${command.kind}`;

/** What a device task row holds: the command as sent and whether the device was offline then. */
export interface DeviceTaskPayload {
  command: DeviceCommand;
  queued: boolean;
}

/** Pending device tasks of a card of one kind created at or after `since`, newest first. */
export async function listRecentDeviceTasks(db: DbOrTx, simId: number, kind: string, since: number) {
  const rows = await db
    .selectFrom('sim_net_tasks')
    .select(['id', 'payload_json', 'created_at'])
    .where('sim_id', '=', simId)
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, ...(JSON.parse(r.payload_json) as DeviceTaskPayload) }));
}

export function insertDeviceTask(
  db: DbOrTx,
  task: { id: string; simId: number; payload: DeviceTaskPayload; createdAt: number; expiresAt: number },
) {
  return db
    .insertInto('sim_net_tasks')
    .values({
      id: task.id,
      sim_id: task.simId,
      kind: deviceTaskKind(task.payload.command),
      payload_json: JSON.stringify(task.payload),
      state: 'pending',
      created_at: task.createdAt,
      expires_at: task.expiresAt,
    })
    .execute();
}
