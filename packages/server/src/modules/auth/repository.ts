/** Queries of the shopper login: the order that proves a mobile (mode 2), and moving a session's cards. */
import type { DbOrTx } from '../../db/database.js';

/** True when some order was placed with this contact mobile and an ID number ending in these 6 characters. */
export async function hasOrderOfMobile(db: DbOrTx, mobile: string, idCardLast6Hmac: string): Promise<boolean> {
  const row = await db
    .selectFrom('shop_orders')
    .select('id')
    .where('contact_mobile', '=', mobile)
    .where('id_card_last6_hmac', '=', idCardLast6Hmac)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the card authorisations of `fromId` to `toId` and deletes `fromId`. */
export async function replaceSession(db: DbOrTx, fromId: string, toId: string): Promise<void> {
  await db.updateTable('session_cards').set({ session_id: toId }).where('session_id', '=', fromId).execute();
  await db.deleteFrom('sessions').where('id', '=', fromId).execute();
}
