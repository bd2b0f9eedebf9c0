/** Demo vanity-number inventory: DEMO_NUMBERS numbers (200,000 by default) over every operator. */

import { generateDemoNumbers } from '../modules/numbers/demo-numbers.js';
import { deriveNumber } from '../modules/numbers/number-row.js';
import { type NumberWrite, upsertNumbers } from '../modules/numbers/repository.js';
import type { Seeder } from './seeder.js';

export const DEFAULT_DEMO_NUMBERS = 200_000;
const BATCH = 500;

export const demoNumbers: Seeder = {
  name: 'demo-numbers',
  kind: 'demo',
  async run(tx, _dialect, options) {
    const count = options?.demoNumbers ?? DEFAULT_DEMO_NUMBERS;
    let batch: NumberWrite[] = [];
    const now = Date.now();
    for (const n of generateDemoNumbers(count)) {
      const derived = deriveNumber(n.number);
      if ('error' in derived) throw new Error(`demo generator made an invalid number ${n.number}: ${derived.error}`);
      batch.push({
        number: n.number,
        ...derived,
        province_code: n.provinceCode,
        city_code: n.cityCode,
        price_fen: n.priceFen,
        original_price_fen: n.originalPriceFen,
        min_consume_fen: n.minConsumeFen,
        contract_months: n.contractMonths,
        status: 1,
        promo_code: '',
      });
      if (batch.length === BATCH) {
        await upsertNumbers(tx, batch, now);
        batch = [];
      }
    }
    await upsertNumbers(tx, batch, now);
  },
};
