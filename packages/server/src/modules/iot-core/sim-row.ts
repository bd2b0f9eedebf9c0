/** The row of a new card (`sims`), the one set of defaults for every card the shop creates. */
import type { Insertable } from 'kysely';
import type { SimsTable } from '../../db/schema.js';

type SimInsert = Insertable<SimsTable>;

const DAY_MS = 24 * 3600_000;
const GB = 1024;

/**
 * A new card's row: running, real-named, 30 GB for 6 months, with everything else at its default;
 * `values` override any field (the card import and the demo seed both start from it).
 */
export function newSimRow(
  now: number,
  values: Partial<SimInsert> & Pick<SimInsert, 'sim_no' | 'iccid' | 'operator_type' | 'promo_code' | 'layout_code'>,
): SimInsert {
  return {
    imsi: `4600${values.iccid.slice(-11)}`,
    imei: '',
    mobile: null,
    mobile_bound_at: null,
    device_no: null,
    source_type: 1,
    balance_fen: 0,
    arrears_fen: 0,
    integral: 0,
    coupon_coin: 0,
    sim_status: 2,
    auth_status: 1,
    auth_platform_status: 0,
    internet_status: 1,
    online_status: 1,
    cancel_status: 0,
    replace_status: 0,
    total_flow: 30 * GB,
    use_flow: 0,
    surplus_time: 6,
    surplus_unit: 2,
    is_infinite_flow: 0,
    end_at: now + 180 * DAY_MS,
    last_robin_at: now,
    need_buy_coupon: 0,
    bind_phone_mode: 1,
    apn: 'CMIOT',
    need_buy_package: 0,
    need_auth: 0,
    need_platform_auth: 0,
    platform_auth_type: 1,
    pay_password_hash: null,
    card_password_mode: 0,
    card_password_hash: null,
    card_password_fails: 0,
    card_password_locked_until: null,
    recharge_times: 0,
    numb_auth: 1,
    break_rule_id: 0,
    break_tips: '',
    allow_remove_break: 0,
    break_stopped: 0,
    volume_package_id: 0,
    volume_use_flow: 0,
    volume_total_fen: 0,
    volume_g_price_fen: 0,
    status: 1,
    created_at: now - 90 * DAY_MS,
    updated_at: now,
    ...values,
  };
}
