/**
 * `npm run bench -- cards` (and `cards-pg`, and `pg`): the console's IoT cards table
 * (`GET /api/admin/cards/list`) at 100,000 cards, budget p95 ≤ 100 ms (issue 23 item 8). The cards are
 * bulk-inserted once into their own data set (bench/.data/admin-cards-N.db, or the
 * haoka_bench_cards_N PostgreSQL database); an owner made by the CLI signs in; then the first page, a
 * rotation of searches and state filters, and a deep page are each asked in turn, one request at a time,
 * and timed from this process (round trip on 127.0.0.1). The data set, sign-in and timing are
 * bench/lib.mjs's. BENCH_ADMIN_ROWS=2000 (any count) smoke-tests the bench on a small data set of its own.
 */
import { adminRows, countLabel, deepPage, rowsFill, serverDist, tableDataEnv, timeTablePages } from './lib.mjs';

const COUNT = adminRows(100_000);
const SAMPLES = Number(process.env.BENCH_CARDS_SAMPLES ?? 200);
const NOW = Date.parse('2026-11-01T00:00:00Z');

const simNoOf = (i) => `1440${String(100_000_000 + i)}`;
const iccidOf = (i) => `89860${String(100_000_000_000_000 + i)}`;
const mobileOf = (i) => `139${String(10_000_000 + i).padStart(8, '0')}`;
const deviceOf = (i) => `DEV${String(i).padStart(9, '0')}`;

/** Most cards running; some inactive, stopped (various reasons) or closed; a third bound, a tenth devices. */
function cardRow(demoSimRow, i) {
  const pick = i % 20;
  const simStatus = pick < 14 ? 2 : pick < 16 ? 1 : pick < 19 ? 3 : 4;
  const stopReason = simStatus === 3 ? ['arrears', 'requested', 'packageExpired'][i % 3] : '';
  const created = NOW - (COUNT - i) * 60_000;
  return demoSimRow(created, {
    sim_no: simNoOf(i),
    iccid: iccidOf(i),
    operator_type: 1 + (i % 3),
    sim_status: simStatus,
    stop_reason: stopReason,
    ...(i % 3 === 0 ? { mobile: mobileOf(i), mobile_bound_at: created } : {}),
    ...(i % 10 === 0 ? { source_type: 2, device_no: deviceOf(i) } : {}),
    balance_fen: (i * 37) % 10_000,
    last_robin_at: created,
  });
}

const LIST = '/api/admin/cards/list';
const SEARCHES = [
  `${LIST}?q=${simNoOf(54_321)}`,
  `${LIST}?q=${iccidOf(12_345)}`,
  `${LIST}?q=${mobileOf(30_000)}`,
  `${LIST}?q=${deviceOf(70_000)}`,
  `${LIST}?simStatus=3`,
  `${LIST}?simStatus=1&page=50`,
];

/** Rows for one database: `kind` is 'sqlite' or 'postgres'. */
export async function run({ kind = 'sqlite' } = {}) {
  const fill = rowsFill({
    table: 'sims',
    count: COUNT,
    what: 'IoT cards',
    sqliteChunk: 200,
    makeRow: async () => {
      const { demoSimRow } = await serverDist('seed/demo-iot-cards.js');
      return (i) => cardRow(demoSimRow, i);
    },
  });
  return timeTablePages({
    env: await tableDataEnv(kind, 'cards', COUNT, fill),
    label: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    table: 'admin cards',
    size: `${countLabel(COUNT)} cards`,
    samples: SAMPLES,
    pages: [
      { name: 'first page', paths: [`${LIST}?page=1&pageSize=20`] },
      { name: 'searches and filters', paths: SEARCHES, note: `${SEARCHES.length} in turn` },
      deepPage(LIST, COUNT),
    ],
  });
}
