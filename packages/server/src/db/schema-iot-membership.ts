/** Tables of the IoT membership module (issue 6, migration 0007), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

export interface IotVipProductsTable {
  id: Generated<number>;
  promo_code: string;
  vip_name: string;
  logo: string;
  price_fen: number;
  original_price_fen: number;
  duration: number;
  duration_unit: number;
  privileges_json: string;
  tag: string;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface IotAccelerateProductsTable {
  id: Generated<number>;
  promo_code: string;
  operator_type: number | null;
  accelerate_name: string;
  speed_code: string;
  speed_text: string;
  price_fen: number;
  original_price_fen: number;
  duration: number;
  duration_unit: number;
  tag: string;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface IotMemberOrdersTable {
  id: Generated<number>;
  order_sn: string;
  kind: string;
  sim_id: number;
  product_id: number;
  name: string;
  logo: string;
  privileges_json: string;
  speed_code: string;
  price_fen: number;
  pay_amount_fen: number;
  duration: number;
  duration_unit: number;
  place_type: number;
  pay_type: string;
  status: number;
  pay_status: number;
  start_at: number | null;
  end_at: number | null;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  applied_at: number | null;
  cleared_at: number | null;
  refund_at: number | null;
  refund_type: number;
  refund_remark: string;
  remark: string;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface CarrierSpeedProfilesTable {
  order_sn: string;
  sim_no: string;
  speed_code: string;
  start_at: number;
  end_at: number;
  state: string;
  created_at: number;
  updated_at: number;
}

export interface IotMembershipTables {
  iot_vip_products: IotVipProductsTable;
  iot_accelerate_products: IotAccelerateProductsTable;
  iot_member_orders: IotMemberOrdersTable;
  carrier_speed_profiles: CarrierSpeedProfilesTable;
}
