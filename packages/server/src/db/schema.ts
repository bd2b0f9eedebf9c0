/** Table types for Kysely. Times are epoch ms; money is integer fen; JSON is stored as text. */
import type { Generated } from 'kysely';
import type { IotDeviceTables } from './schema-iot-device.js';
import type { IotMallTables } from './schema-iot-mall.js';
import type { IotMembershipTables } from './schema-iot-membership.js';
import type { IotRewardsTables } from './schema-iot-rewards.js';
import type { PaymentsConsoleTables } from './schema-payments-console.js';
import type { PlatformTables } from './schema-platform.js';
import type { StaffTables } from './schema-staff.js';
import type { WifiTables } from './schema-wifi.js';

export interface PromotersTable {
  id: Generated<number>;
  code: string;
  name: string;
  is_agent: number;
  /** The agent this promoter reports to; an agent may browse only its direct downstream (33001). */
  parent_code: string | null;
  /** Mobile of the agent's owner: a shopper logged in with it acts as this agent. */
  owner_mobile: string | null;
  /** Hostname bound to this promoter (baseConfig without promoCode). */
  domain: string;
  invite_code: string;
  douyin_mp_im_id: string;
  kuaishou_mp_im_id: string;
  front_json: string;
  shop_menu_json: string;
  show_payment_type_json: string;
  enabled: number;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface SettingsTable {
  key: string;
  value_json: string;
  updated_at: number;
}

export interface DictDataTable {
  id: Generated<number>;
  type: string;
  label: string;
  value: string;
  dict_key: string;
  list_class: string;
  sort: number;
  enabled: number;
}

export interface SessionsTable {
  id: string;
  /** Shopper mobile once logged in for order query; null for card-only or anonymous sessions. */
  mobile: string | null;
  open_id: string | null;
  order_session_id: string | null;
  created_at: number;
  last_seen_at: number;
  /** End of the shopper login (7 days sliding); card authorisations have their own expiry. */
  shopper_expires_at: number | null;
}

export interface SessionCardsTable {
  session_id: string;
  sim_no: string;
  authorized_at: number;
  /** A card stays authorised 30 days after this. */
  last_used_at: number;
}

export interface SeedsTable {
  name: string;
  ran_at: number;
}

export interface NumbersTable {
  id: Generated<number>;
  number: string;
  segment: string;
  operator_type: number;
  province_code: string;
  city_code: string;
  price_fen: number;
  original_price_fen: number;
  min_consume_fen: number;
  contract_months: number;
  /** 0 off sale, 1 on sale, 2 locked by a pending order, 3 sold (number_status). */
  status: number;
  level: number;
  /** Bit i = PATTERN_CODES[i] (contract vanity-patterns), from `deriveNumber` (re-derived by migration 0014). */
  pattern_mask: number;
  /**
   * Bit d = digit d appears in the last 8 digits: how the release before migration 0014 answered
   * excludeDigits. Still written (`deriveNumber`) for its instances during a rolling upgrade; read by
   * nothing now (excludeDigits looks at the whole number, which the index reads off the number).
   */
  tail_digit_mask: number;
  promo_code: string;
  lock_order_sn: string | null;
  lock_expire_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

export interface NumberPackagesTable {
  id: Generated<number>;
  operator_type: number;
  name: string;
  monthly_fee_fen: number;
  flow_text: string;
  voice_text: string;
  contract_months: number;
  description: string;
  min_level: number;
  is_default: number;
  sort: number;
  enabled: number;
}

/** A buyer's review of the number they bought (design.md "Number reviews"). */
export interface NumberCommentsTable {
  id: Generated<number>;
  promo_code: string;
  /** The buyer's mobile (shown masked). */
  mobile: string;
  star: number;
  content: string;
  images_json: string;
  /** REVIEW_TAGS codes (or a shop's own words). */
  tags_json: string;
  enabled: number;
  created_at: number;
  /** The order reviewed (one review per order); null for a review brought in without one (migration 0014). */
  order_sn: Generated<string | null>;
  /** The number the buyer bought; '' when not known. */
  number: Generated<string>;
  /** That number's level (`deriveNumber`); the review is shown on numbers of this level. 0 = not known: shown nowhere. */
  level: Generated<number>;
}

export interface GoodsTable {
  id: Generated<number>;
  promo_code: string;
  name: string;
  image: string;
  images_json: string;
  group_no: number;
  category: string;
  operator_type: number;
  monthly_fee_fen: number;
  flow_text: string;
  voice_text: string;
  price_fen: number;
  original_price_fen: number;
  tags_json: string;
  sales: number;
  stock: number | null;
  need_sms_code: number;
  need_address: number;
  detail: string;
  sort: number;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface SinglePagesTable {
  id: Generated<number>;
  page_code: string;
  promo_code: string;
  title: string;
  banner: string;
  theme: string;
  cta_text: string;
  cta_path: string;
  blocks_json: string;
  goods_ids_json: string;
  popup_json: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  code: string | null;
  category: string;
  scope: string;
  title: string;
  summary: string;
  content: string;
  hot: number;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface PointReportsTable {
  id: Generated<number>;
  event: string;
  page: string;
  page_code: string | null;
  promo_code: string | null;
  bd_vid: string | null;
  order_sn: string | null;
  extra_json: string | null;
  ip: string | null;
  order_session_id: string | null;
  dedupe_key: string | null;
  forwarded_at: number | null;
  created_at: number;
}

export interface CountersTable {
  name: string;
  value: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  ip: string | null;
  created_at: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  scene: string;
  code: string;
  created_at: number;
}

export interface ShopOrdersTable {
  id: Generated<number>;
  order_sn: string;
  order_type: number;
  number_id: number | null;
  package_id: number | null;
  goods_id: number | null;
  title: string;
  number: string | null;
  package_name: string | null;
  goods_image: string;
  operator_type: number;
  contact_name: string;
  contact_mobile: string;
  id_card_enc: string;
  id_card_hmac: string;
  id_card_masked: string;
  id_card_last6_hmac: string;
  province_code: string;
  city_code: string;
  county_code: string;
  address_detail: string;
  pay_amount_fen: number;
  pay_type: string;
  order_status: number;
  pay_status: number;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  tracking_no: string;
  express_company: string;
  shipped_at: number | null;
  cancel_reason: string;
  order_session_id: string;
  promo_code: string;
  page_code: string;
  bd_vid: string;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_sn: string;
  kind: string;
  channel: string;
  pay_type: string;
  amount_fen: number;
  prepay_id: string;
  pay_url: string | null;
  /** 0 launched, 1 paid, 2 closed, 3 refunded. */
  status: number;
  trade_no: string | null;
  refund_sn: string | null;
  created_at: number;
  updated_at: number;
}

export interface SandboxPaymentsTable {
  prepay_id: string;
  out_trade_no: string;
  amount_fen: number;
  description: string;
  notify_url: string;
  return_url: string;
  state: string;
  trade_no: string | null;
  expire_at: number;
  paid_at: number | null;
  created_at: number;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
  /** When the last run finished. */
  last_run_at: number | null;
  /** The last run's error; null when it succeeded. */
  last_error: string | null;
  /** The job's interval as its last runner had it (migration 0013). */
  every_ms: number | null;
  last_started_at: number | null;
  /** When the lease holder runs it next. */
  next_run_at: number | null;
  run_count: Generated<number>;
  failure_count: Generated<number>;
  last_failure_at: number | null;
  last_failure: string | null;
}

/** One run of a background job, by the instance that held its lease (migration 0013; kept 7 days). */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  holder: string;
  started_at: number;
  finished_at: number;
  outcome: 'ok' | 'failed';
  error: string | null;
}

/** An IoT card with its cached upstream state (migration 0004). Flows are MB. */
export interface SimsTable {
  id: Generated<number>;
  sim_no: string;
  iccid: string;
  imsi: string;
  imei: string;
  mobile: string | null;
  mobile_bound_at: number | null;
  device_no: string | null;
  source_type: number;
  operator_type: number;
  promo_code: string;
  layout_code: string;
  balance_fen: number;
  arrears_fen: number;
  integral: number;
  coupon_coin: number;
  sim_status: number;
  auth_status: number;
  auth_platform_status: number;
  internet_status: number;
  online_status: number;
  cancel_status: number;
  replace_status: number;
  total_flow: number;
  use_flow: number;
  surplus_time: number;
  surplus_unit: number;
  is_infinite_flow: number;
  end_at: number | null;
  last_robin_at: number | null;
  need_buy_coupon: number;
  bind_phone_mode: number;
  apn: string;
  need_buy_package: number;
  need_auth: number;
  need_platform_auth: number;
  platform_auth_type: number;
  pay_password_hash: string | null;
  card_password_mode: number;
  card_password_hash: string | null;
  card_password_fails: number;
  card_password_locked_until: number | null;
  recharge_times: number;
  numb_auth: number;
  break_rule_id: number;
  break_tips: string;
  allow_remove_break: number;
  break_stopped: number;
  volume_package_id: number;
  volume_use_flow: number;
  volume_total_fen: number;
  volume_g_price_fen: number;
  status: number;
  created_at: number;
  updated_at: number;
  // migration 0005
  pay_password_fails: Generated<number>;
  pay_password_locked_until: number | null;
  pay_reset_ticket_hash: string | null;
  pay_reset_ticket_expires_at: number | null;
  renew_package_id: Generated<number>;
  // migration 0015: the operator's stop reason (domain/card-state.ts SIM_STOP_REASONS)
  stop_reason: Generated<string>;
}

export interface SimDevicesTable {
  sim_id: number;
  device_no: string;
  model: string;
  wifi_encrypt: number;
  conn_count: number;
  max_conn_count: number;
  battery: number | null;
  signal: number;
  show_wifi: number;
  switch_wifi: number;
  wifi_name: string;
  wifi_pass: string;
  show_wifi_5g: number;
  switch_wifi_5g: number;
  wifi_name_5g: string;
  wifi_pass_5g: string;
  updated_at: number;
}

export interface ViceSimsTable {
  id: Generated<number>;
  sim_id: number;
  sim_no: string;
  iccid: string;
  operator_type: number;
  auth_status: number;
  is_current: number;
  signal: number;
  sort: number;
}

export interface SimLayoutsTable {
  code: string;
  layout_json: string;
  updated_at: number;
}

export interface SimUsageDailyTable {
  sim_id: number;
  day: string;
  flow_mb: number;
}

export interface SimNetTasksTable {
  id: string;
  sim_id: number;
  kind: string;
  payload_json: string;
  state: string;
  created_at: number;
  expires_at: number;
}

/** A package a card can buy (migration 0005). */
export interface IotPackagesTable {
  id: Generated<number>;
  promo_code: string;
  operator_type: number | null;
  name: string;
  package_type: number;
  flow_mb: number;
  is_infinite_flow: number;
  duration: number;
  duration_unit: number;
  price_fen: number;
  original_price_fen: number;
  g_price_fen: number;
  tags_json: string;
  effect_types_json: string;
  stock: number | null;
  limit_times: number | null;
  renewable: number;
  gift_integral: number;
  remark: string;
  sort: number;
  status: number;
  created_at: number;
  updated_at: number;
}

export interface IotPackageOrdersTable {
  id: Generated<number>;
  order_sn: string;
  sim_id: number;
  package_id: number;
  package_name: string;
  package_type: number;
  flow_mb: number;
  use_flow: number;
  is_infinite_flow: number;
  duration: number;
  duration_unit: number;
  price_fen: number;
  coupon_id: number | null;
  coupon_fen: number;
  pay_amount_fen: number;
  pay_type: string;
  effect_type: number;
  status: number;
  pay_status: number;
  start_at: number | null;
  end_at: number | null;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  activated_at: number | null;
  applied_at: number | null;
  refund_at: number | null;
  remark: string;
  source: string;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface IotBalanceOptionsTable {
  id: Generated<number>;
  promo_code: string;
  amount_fen: number;
  gift_fen: number;
  tag: string;
  sort: number;
  enabled: number;
}

export interface IotBalanceOrdersTable {
  id: Generated<number>;
  order_sn: string;
  sim_id: number;
  option_id: number | null;
  amount_fen: number;
  gift_fen: number;
  recharge_no: string;
  pay_type: string;
  status: number;
  pay_status: number;
  arrears_paid_fen: number;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface IotBalanceLogsTable {
  id: Generated<number>;
  sim_id: number;
  type: number;
  amount_fen: number;
  balance_after_fen: number;
  order_sn: string;
  remark: string;
  created_at: number;
}

export interface IotCouponActivitiesTable {
  id: Generated<number>;
  promo_code: string;
  name: string;
  pay_price_fen: number;
  months: number;
  coupons_json: string;
  coin_amount: number;
  stock: number | null;
  limit_times: number;
  rules: string;
  sort: number;
  enabled: number;
}

export interface IotCouponOrdersTable {
  id: Generated<number>;
  order_sn: string;
  sim_id: number;
  activity_id: number;
  activity_name: string;
  pay_amount_fen: number;
  pay_type: string;
  status: number;
  pay_status: number;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface IotCouponsTable {
  id: Generated<number>;
  sim_id: number;
  name: string;
  type: number;
  amount_fen: number;
  discount: number | null;
  threshold_fen: number;
  scope: string;
  package_ids_json: string;
  status: number;
  start_at: number;
  end_at: number;
  order_sn: string | null;
  source: string;
  created_at: number;
  updated_at: number;
}

export interface IotCoinLogsTable {
  id: Generated<number>;
  sim_id: number;
  type: number;
  coin: number;
  coin_after: number;
  order_sn: string;
  remark: string;
  created_at: number;
}

export interface IotRealnameSubmissionsTable {
  id: Generated<number>;
  sim_id: number;
  name_masked: string;
  name_enc: string;
  id_card_enc: string;
  id_card_hmac: string;
  id_card_masked: string;
  front_key: string | null;
  back_key: string | null;
  face_key: string | null;
  status: number;
  remark: string;
  created_at: number;
  reviewed_at: number | null;
}

export interface UploadsTable {
  key: string;
  sim_id: number | null;
  scene: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: number;
}

export interface SmsNoticesTable {
  id: Generated<number>;
  mobile: string;
  template: string;
  params_json: string;
  created_at: number;
}

/** A card's alert settings (migration 0026): contract AlertSettings as JSON. */
export interface CardAlertSettingsTable {
  sim_id: number;
  settings_json: string;
  updated_at: number;
}

/** One alert sent to a card (migration 0026): unique per card, kind, threshold and period. */
export interface CardAlertsTable {
  id: Generated<number>;
  sim_id: number;
  kind: 'usage' | 'expiry' | 'balance';
  threshold: number;
  period: string;
  in_app: number;
  sms_state: 'none' | 'pending' | 'sent' | 'failed';
  sms_due_at: number | null;
  read_at: number | null;
  created_at: number;
}

/** The carrier simulator's record of operator real-name (by card or vice SIM number). */
export interface CarrierSimAuthTable {
  sim_no: string;
  status: number;
  id_card_hmac: string;
  updated_at: number;
}

/** The carrier simulator's record of package activations (idempotent by order number). */
export interface CarrierActivationsTable {
  order_sn: string;
  sim_no: string;
  flow_mb: number;
  start_at: number;
  end_at: number | null;
  state: string;
  created_at: number;
}

/** The carrier simulator's record of a resumption the reseller asked for (migration 0015). */
export interface CarrierSimResumesTable {
  sim_no: string;
  requested_at: number;
}

export interface IotIntegralLogsTable {
  id: Generated<number>;
  sim_id: number;
  type: number;
  points: number;
  integral_after: number;
  order_sn: string;
  remark: string;
  created_at: number;
}

/**
 * Every table. Later modules keep their tables in their own files (schema-iot-membership.ts,
 * schema-iot-mall.ts, schema-iot-rewards.ts, schema-iot-device.ts, schema-wifi.ts, schema-platform.ts, schema-staff.ts,
 * schema-payments-console.ts) and
 * join them here.
 */
export interface Database
  extends IotMembershipTables,
    IotMallTables,
    IotRewardsTables,
    IotDeviceTables,
    WifiTables,
    PlatformTables,
    StaffTables,
    PaymentsConsoleTables {
  promoters: PromotersTable;
  settings: SettingsTable;
  dict_data: DictDataTable;
  sessions: SessionsTable;
  session_cards: SessionCardsTable;
  haoka_seeds: SeedsTable;
  numbers: NumbersTable;
  number_packages: NumberPackagesTable;
  number_comments: NumberCommentsTable;
  goods: GoodsTable;
  single_pages: SinglePagesTable;
  questions: QuestionsTable;
  point_reports: PointReportsTable;
  counters: CountersTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  shop_orders: ShopOrdersTable;
  payments: PaymentsTable;
  sandbox_payments: SandboxPaymentsTable;
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
  sims: SimsTable;
  sim_devices: SimDevicesTable;
  vice_sims: ViceSimsTable;
  sim_layouts: SimLayoutsTable;
  sim_usage_daily: SimUsageDailyTable;
  sim_net_tasks: SimNetTasksTable;
  iot_packages: IotPackagesTable;
  iot_package_orders: IotPackageOrdersTable;
  iot_balance_options: IotBalanceOptionsTable;
  iot_balance_orders: IotBalanceOrdersTable;
  iot_balance_logs: IotBalanceLogsTable;
  iot_coupon_activities: IotCouponActivitiesTable;
  iot_coupon_orders: IotCouponOrdersTable;
  iot_coupons: IotCouponsTable;
  iot_coin_logs: IotCoinLogsTable;
  iot_realname_submissions: IotRealnameSubmissionsTable;
  uploads: UploadsTable;
  sms_notices: SmsNoticesTable;
  card_alert_settings: CardAlertSettingsTable;
  card_alerts: CardAlertsTable;
  carrier_sim_auth: CarrierSimAuthTable;
  carrier_activations: CarrierActivationsTable;
  carrier_sim_resumes: CarrierSimResumesTable;
  iot_integral_logs: IotIntegralLogsTable;
}
