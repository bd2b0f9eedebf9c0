/** Table types for Kysely. Times are epoch ms; money is integer fen; JSON is stored as text. */
import type { Generated } from 'kysely';

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

export interface Database {
  promoters: PromotersTable;
  settings: SettingsTable;
  dict_data: DictDataTable;
  sessions: SessionsTable;
  session_cards: SessionCardsTable;
  haoka_seeds: SeedsTable;
}
