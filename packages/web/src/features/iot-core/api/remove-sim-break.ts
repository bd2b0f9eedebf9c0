/** POST /api/iot/simRemoveBreak {breakRuleId}: lifts a violation restriction; answers the new SimInfo. */
import { iotCoreApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export function removeSimBreak(breakRuleId: number) {
  return request(iotCoreApi.removeSimBreak, { breakRuleId });
}
