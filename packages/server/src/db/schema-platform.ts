/** Tables of the platform module (issue 7), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

/** A mini-program / WeChat user (SPEC §3 Mini-user), one row per platform and openid. */
export interface MiniUsersTable {
  id: Generated<number>;
  /** 'wx' | 'ks' | 'dy'. */
  platform: string;
  open_id: string;
  promo_code: string;
  nickname: string;
  head_portrait: string;
  /** 0 = not chosen, else the user's first home group (1 or 2). */
  index_first_group: number;
  created_at: number;
  updated_at: number;
}

/** A scan-to-authorise ticket shown as a QR code by a requesting device (API.md §3). */
export interface AuthorizeTicketsTable {
  scene: string;
  app_name: string;
  app_logo: string;
  /** JSON array of 'nickname' | 'avatar' | 'mobile'. */
  scopes_json: string;
  /** 0 waiting, 1 confirmed, 2 rejected (3 expired is derived from expires_at). */
  status: number;
  /** The openid that decided the ticket. */
  decided_by: string | null;
  scanned_at: number | null;
  decided_at: number | null;
  expires_at: number;
  created_at: number;
}

/** One WeChat OAuth round trip: the state parameter and where to come back to. */
export interface WechatOauthStatesTable {
  state: string;
  sync_redirect: string;
  expires_at: number;
}

export interface PlatformTables {
  mini_users: MiniUsersTable;
  authorize_tickets: AuthorizeTicketsTable;
  wechat_oauth_states: WechatOauthStatesTable;
}
