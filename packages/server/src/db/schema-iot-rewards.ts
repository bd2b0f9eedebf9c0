/** Tables of the IoT rewards module (issue 6), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

/**
 * A task of the task center, or the daily sign-in (`kind` 'sign', `task_code` 'sign', its 7 day rewards
 * in `rewards_json`). A promoter's row replaces the everyone-row ('') of the same code.
 */
export interface IotTasksTable {
  id: Generated<number>;
  promo_code: string;
  task_code: string;
  name: string;
  icon: string;
  description: string;
  points: number;
  /** 'sign' | 'bindPhone' | 'realname' | 'buyPackage' | 'video'. */
  kind: string;
  /** buyPackage: package orders needed per claim. */
  target: number;
  /** 'once' | 'daily' | 'monthly' (bindPhone and realname are always once). */
  period: string;
  /** Claims allowed in one period. */
  daily_limit: number;
  /** Where 去完成 leads (a route); '' for none. */
  path: string;
  video_url: string;
  watch_seconds: number;
  /** Sign-in: the points of day 1–7 of a streak, a JSON array. */
  rewards_json: string;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** One reward taken: unique per card, task and occurrence (`period_key`), so it is paid once. */
export interface IotTaskClaimsTable {
  id: Generated<number>;
  sim_id: number;
  task_code: string;
  /** 'YYYY-MM-DD' (sign-in, daily), 'YYYY-MM' (monthly) or 'once', then '#n' for the n-th claim (n > 1). */
  period_key: string;
  points: number;
  /** Sign-in: the continuous days this sign-in made. */
  streak: number;
  created_at: number;
}

/** When the card last started a task's video (the claim must come at least watch_seconds later). */
export interface IotTaskWatchesTable {
  sim_id: number;
  task_code: string;
  started_at: number;
}

/** A coupon the card can buy with coupon coins. */
export interface IotCouponExchangesTable {
  id: Generated<number>;
  promo_code: string;
  name: string;
  /** 1 amount off, 2 discount. */
  type: number;
  amount_fen: number;
  discount: number | null;
  threshold_fen: number;
  scope: string;
  package_ids_json: string;
  valid_days: number;
  coin_price: number;
  /** null = unlimited. */
  stock: number | null;
  /** Exchanges per card; null = no limit. */
  limit_times: number | null;
  sort: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** One exchange a card made: the coupon it got, idempotent by (card, uuid). */
export interface IotCouponExchangeRecordsTable {
  id: Generated<number>;
  sim_id: number;
  exchange_id: number;
  coupon_id: number;
  coin_price: number;
  uuid: string;
  request_hash: string;
  created_at: number;
}

export interface IotRewardsTables {
  iot_tasks: IotTasksTable;
  iot_task_claims: IotTaskClaimsTable;
  iot_task_watches: IotTaskWatchesTable;
  iot_coupon_exchanges: IotCouponExchangesTable;
  iot_coupon_exchange_records: IotCouponExchangeRecordsTable;
}
