/**
 * `npm run bench -- orders` (and `pg`): the console's shop orders table (`GET /api/admin/orders/list`) at
 * 100,000 orders, budget p95 ≤ 100 ms (BACKOFFICE.md "Quality bar"). The orders are bulk-inserted once
 * into their own data set (bench/.data/admin-orders-N.db, or the haoka_bench_orders_N PostgreSQL
 * database); a staff member made by the CLI signs in with its TOTP code; then the first page, a rotation
 * of filtered pages and a deep page are each asked in turn, one request at a time, and timed from this
 * process (round trip on 127.0.0.1). The data set, sign-in and timing are bench/lib.mjs's.
 * BENCH_ADMIN_ROWS=2000 (any count) smoke-tests the bench on a small data set of its own.
 */
import { adminRows, countLabel, deepPage, rowsFill, tableDataEnv, timeTablePages } from './lib.mjs';

const COUNT = adminRows(100_000);
const SAMPLES = Number(process.env.BENCH_ORDERS_SAMPLES ?? 200);
const PROMOTERS = 20;
const DAY = 86_400_000;
/** The orders span the 180 days before this instant, oldest first. */
const END = Date.parse('2026-11-01T00:00:00Z');

/** A deterministic generator, so every data set of a size is the same. */
function random(seed) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** The status mix of a running shop: most orders done or waiting, some cancelled or refunded. */
const STATUS_MIX = [
  [0, 0.05, 0],
  [1, 0.1, 2],
  [2, 0.1, 2],
  [3, 0.15, 2],
  [4, 0.45, 2],
  [5, 0.08, 0],
  [6, 0.03, 0],
  [7, 0.04, 5],
];

function orderRow(i, r) {
  let pick = r();
  let status = STATUS_MIX[STATUS_MIX.length - 1];
  for (const entry of STATUS_MIX) {
    if (pick < entry[1]) {
      status = entry;
      break;
    }
    pick -= entry[1];
  }
  const created = END - 180 * DAY + Math.floor((i * 180 * DAY) / COUNT);
  const numberOrder = r() < 0.6;
  const mobile = `139${String(Math.floor(r() * 20_000)).padStart(8, '0')}`;
  return {
    order_sn: `HK${String(20260000000000 + i)}`,
    order_type: numberOrder ? 1 : 2,
    number_id: null,
    package_id: null,
    goods_id: null,
    title: numberOrder ? '靓号 5G 套餐' : '流量卡',
    number: numberOrder ? `13${String(Math.floor(r() * 1e9)).padStart(9, '0')}` : null,
    package_name: null,
    goods_image: '',
    operator_type: 1 + (i % 4),
    contact_name: '张三',
    contact_mobile: mobile,
    id_card_enc: '',
    id_card_hmac: '',
    id_card_masked: '440305********1234',
    id_card_last6_hmac: '',
    province_code: '440000',
    city_code: '440300',
    county_code: '440305',
    address_detail: '科技园南区 1 栋 101',
    pay_amount_fen: status[2] ? 3900 : 0,
    pay_type: status[2] ? 'wxpay' : '',
    order_status: status[0],
    pay_status: status[2],
    expire_at: null,
    paid_at: status[2] ? created + 60_000 : null,
    trade_no: null,
    tracking_no: status[0] >= 3 && status[0] <= 4 ? `SF${String(1e11 + i)}` : '',
    express_company: status[0] >= 3 && status[0] <= 4 ? '顺丰速运' : '',
    shipped_at: status[0] >= 3 && status[0] <= 4 ? created + DAY : null,
    cancel_reason: '',
    order_session_id: 'b'.repeat(32),
    promo_code: `P${String(i % PROMOTERS).padStart(2, '0')}`,
    page_code: '',
    bd_vid: '',
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    request_hash: '0'.repeat(64),
    created_at: created,
    updated_at: created,
  };
}

const LIST = '/api/admin/orders/list';
const FILTERED = [
  `${LIST}?status=2`,
  `${LIST}?status=4&promoCode=P07`,
  `${LIST}?payStatus=2&from=${END - 30 * DAY}&to=${END - 20 * DAY}`,
  `${LIST}?number=1380`,
  `${LIST}?mobile=13900012345`,
  `${LIST}?status=1&page=20`,
];

/** Rows for one database: `kind` is 'sqlite' or 'postgres'. */
export async function run({ kind = 'sqlite' } = {}) {
  const fill = rowsFill({
    table: 'shop_orders',
    count: COUNT,
    what: 'shop orders',
    makeRow: () => {
      const r = random(22);
      return (i) => orderRow(i, r);
    },
  });
  return timeTablePages({
    env: await tableDataEnv(kind, 'orders', COUNT, fill),
    label: kind === 'sqlite' ? 'SQLite' : 'PostgreSQL',
    table: 'admin orders',
    size: `${countLabel(COUNT)} orders`,
    samples: SAMPLES,
    pages: [
      { name: 'first page', paths: [`${LIST}?page=1&pageSize=20`] },
      { name: 'filtered pages', paths: FILTERED, note: `${FILTERED.length} filters in turn` },
      deepPage(LIST, COUNT),
    ],
  });
}
