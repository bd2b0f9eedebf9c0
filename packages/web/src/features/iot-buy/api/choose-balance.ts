/**
 * GET /api/iot/balanceChoose (API.md §4): the recharge amounts of the card, its recharge number
 * (deviceNo for a device), balance and arrears, the custom-amount range and the online pay types.
 */
import { type EndpointData, iotBuyApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';
import { BUY_KEY } from '../query-keys';

export type BalanceChoice = EndpointData<typeof iotBuyApi.chooseBalance>;

export const balanceChooseKey = (simNo: string) => [BUY_KEY, 'balanceChoose', simNo] as const;

export function chooseBalance(): Promise<BalanceChoice> {
  return request(iotBuyApi.chooseBalance, {});
}

export function useBalanceChoose(simNo: string) {
  return useQuery({
    queryKey: balanceChooseKey(simNo),
    queryFn: chooseBalance,
    enabled: simNo !== '',
    staleTime: 0,
  });
}
