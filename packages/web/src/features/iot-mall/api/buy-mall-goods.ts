/**
 * POST /api/iot/buyShopGoods (API.md §4, SCREENS §5.5): order a goods with points. 30001 (sold out) is
 * the catalogue's dialog and -1 (积分不足, limits, a missing address or store) its toast.
 */
import { type EndpointData, type EndpointInput, iotMallApi } from '@haoka/contract';
import { request } from '../../../platform/request';

export type BuyMallGoodsBody = EndpointInput<typeof iotMallApi.buyMallGoods>;
export type BuyMallGoodsAnswer = EndpointData<typeof iotMallApi.buyMallGoods>;

export function buyMallGoods(body: BuyMallGoodsBody): Promise<BuyMallGoodsAnswer> {
  return request(iotMallApi.buyMallGoods, body);
}
