/**
 * The seed framework: named seeders, each run once per database and recorded in `haoka_seeds`, so a
 * later seeder also reaches a database that was seeded before it existed.
 */
import type { Db, Dialect } from '../db/database.js';
import { demoContent } from './demo-content.js';
import { demoGoods } from './demo-goods.js';
import { demoIotCards } from './demo-iot-cards.js';
import { demoIotCatalogue } from './demo-iot-catalogue.js';
import { demoIotMall } from './demo-iot-mall.js';
import { demoIotMembership } from './demo-iot-membership.js';
import { demoIotRewards, iotAgreements } from './demo-iot-rewards.js';
import { demoNumberPackages, demoNumberReviews } from './demo-number-extras.js';
import { demoNumbers } from './demo-numbers.js';
import { demoPages } from './demo-pages.js';
import { demoShop } from './demo-shop.js';
import { iotLoginProtocol, loginProtocol } from './protocols.js';
import { dictionary, genericSettings } from './reference.js';
import type { Seeder, SeedOptions } from './seeder.js';

export type { Seeder, SeedOptions } from './seeder.js';

/** Every seeder, in order. Later issues append theirs. */
export const SEEDERS: Seeder[] = [
  dictionary,
  genericSettings,
  demoShop,
  demoNumbers,
  demoGoods,
  demoNumberPackages,
  // Replaced 'demo-number-comments' (one list shown on every number): a demo database upgraded to
  // migration 0014 gets these once; the old ones, of no known kind, are shown nowhere.
  demoNumberReviews,
  // After the goods and numbers: its pages point at them by id.
  demoPages,
  demoContent,
  loginProtocol,
  iotLoginProtocol,
  demoIotCards,
  // After the cards: coupons and opening ledger lines belong to them.
  demoIotCatalogue,
  // VIP products, acceleration passes, and the device card's gift membership.
  demoIotMembership,
  demoIotMall,
  // The card's agreements (reference), then the demo sign-in, tasks and coupon-exchange items.
  iotAgreements,
  demoIotRewards,
];

export async function runSeeds(db: Db, dialect: Dialect, options: SeedOptions): Promise<string[]> {
  const done = new Set((await db.selectFrom('haoka_seeds').select('name').execute()).map((r) => r.name));
  const ran: string[] = [];
  for (const seeder of SEEDERS) {
    if (done.has(seeder.name) || (seeder.kind === 'demo' && !options.demo)) continue;
    await db.transaction().execute(async (tx) => {
      await seeder.run(tx, dialect, options);
      await tx.insertInto('haoka_seeds').values({ name: seeder.name, ran_at: Date.now() }).execute();
    });
    ran.push(seeder.name);
  }
  return ran;
}
