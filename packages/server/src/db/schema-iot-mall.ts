/** Tables of the points mall (issue 6, migration 0008), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

export interface IotMallCategoriesTable {
  id: Generated<number>;
  /** '' = every promoter's cards. */
  promo_code: string;
  name: string;
  sort: number;
  enabled: number;
}

export interface IotMallBannersTable {
  id: Generated<number>;
  promo_code: string;
  image: string;
  /** An internal route or an http URL. */
  path: string;
  sort: number;
  enabled: number;
}

export interface IotMallGoodsTable {
  id: Generated<number>;
  promo_code: string;
  category_id: number | null;
  name: string;
  image: string;
  images_json: string;
  /** Without SKUs the price; with SKUs the lowest SKU's, for the grid. */
  points: number;
  cash_fen: number;
  /** Without SKUs the stock; with SKUs the sum of theirs (both taken and given back together). */
  stock: number;
  sales: number;
  /** 1 express, 2 pickup, 3 virtual. */
  delivery_type: number;
  limit_per_order: number;
  limit_per_card: number | null;
  freight_fen: number;
  detail: string;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface IotMallSkusTable {
  id: Generated<number>;
  goods_id: number;
  spec_text: string;
  points: number;
  cash_fen: number;
  stock: number;
  sort: number;
}

export interface IotMallStoresTable {
  id: Generated<number>;
  goods_id: number;
  name: string;
  address: string;
  phone: string;
  hours: string;
  lng: number | null;
  lat: number | null;
  sort: number;
}

export interface IotSimAddressesTable {
  id: Generated<number>;
  sim_id: number;
  name: string;
  mobile: string;
  province_code: string;
  city_code: string;
  county_code: string;
  detail: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface IotMallOrdersTable {
  id: Generated<number>;
  order_sn: string;
  sim_id: number;
  goods_id: number;
  sku_id: number | null;
  goods_name: string;
  goods_image: string;
  spec_text: string;
  quantity: number;
  points: number;
  cash_fen: number;
  freight_fen: number;
  /** cash + freight: what the order pays besides its points. */
  pay_amount_fen: number;
  /** '' until paid or launched, 'points' for a points-only order, else balance / wxpay / alipay. */
  pay_type: string;
  status: number;
  pay_status: number;
  delivery_type: number;
  /** Snapshot of the SimAddress (express), JSON. */
  address_json: string | null;
  /** Snapshot of the PickupStore (pickup), JSON. */
  store_json: string | null;
  pick_code: string | null;
  express_company: string;
  tracking_no: string;
  /** The last courier answer (Logistics JSON) and when it was asked. */
  logistics_json: string | null;
  logistics_at: number | null;
  remark: string;
  cancel_reason: string;
  expire_at: number | null;
  paid_at: number | null;
  trade_no: string | null;
  shipped_at: number | null;
  finished_at: number | null;
  cancelled_at: number | null;
  uuid: string;
  request_hash: string;
  created_at: number;
  updated_at: number;
}

export interface IotMallTables {
  iot_mall_categories: IotMallCategoriesTable;
  iot_mall_banners: IotMallBannersTable;
  iot_mall_goods: IotMallGoodsTable;
  iot_mall_skus: IotMallSkusTable;
  iot_mall_stores: IotMallStoresTable;
  iot_sim_addresses: IotSimAddressesTable;
  iot_mall_orders: IotMallOrdersTable;
}
