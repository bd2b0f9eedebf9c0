/**
 * POST /api/iot/simSwitchNet (API.md §4): a device moves to the vice SIM of one operator
 * (`{operatorType}`) or picks the best network itself (`{auto: 1}`). Answers the task, `queued` when
 * the device is offline (it switches once it is back). -1 (not a device, network unavailable, too
 * frequent) and 40001 are told by the request wrapper.
 */
import { type EndpointData, iotCoreApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type SwitchNetTask = EndpointData<typeof iotCoreApi.switchSimNet>;

/** A vice SIM's operator (1–4), or 'auto' for 智能选网. */
export type NetTarget = number | 'auto';

export function switchSimNet(target: NetTarget): Promise<SwitchNetTask> {
  return request(iotCoreApi.switchSimNet, target === 'auto' ? { auto: 1 } : { operatorType: target });
}
