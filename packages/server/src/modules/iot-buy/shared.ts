/** What the card's buying endpoints share: the unpaid window, the launch context, the card's pay types. */
import type { OnlinePayType } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import type { SimRow } from '../iot-core/repository.js';
import { findPromoterByCode } from '../site/repository.js';
import { toBaseConfig } from '../site/service.js';

/** API.md §7: IoT orders left unpaid for 15 minutes are closed. */
export const UNPAID_TTL_MS = 15 * 60_000;

/** Where a payment is launched from (passed on to the payment core). */
export interface PayContext {
  clientIp: string;
  openId?: string | null | undefined;
  origin: string;
  returnUrl?: string | undefined;
}

/** The online pay types the card's promoter offers (its showPaymentType), both when it has none. */
export async function onlinePayTypes(db: DbOrTx, sim: SimRow): Promise<OnlinePayType[]> {
  const promoter = sim.promo_code ? await findPromoterByCode(db, sim.promo_code) : undefined;
  const types = promoter?.enabled ? toBaseConfig(promoter).showPaymentType : [];
  return types.length > 0 ? types : ['wxpay', 'alipay'];
}

/** Balance first, then the online types. */
export async function cardPayTypes(db: DbOrTx, sim: SimRow): Promise<('balance' | OnlinePayType)[]> {
  return ['balance', ...(await onlinePayTypes(db, sim))];
}
