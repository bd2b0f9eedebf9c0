/** Tables of the wifi module (issue 7), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

/** A shareable "scan to connect" Wi-Fi code; unique per creator and network. */
export interface WifiCodesTable {
  id: Generated<number>;
  /** 8 base62 characters. */
  code: string;
  /** The creator's order-session-id. */
  owner: string;
  ssid: string;
  /** '' for an open network. */
  password: string;
  /** 'WPA' | 'WEP' | 'nopass'. */
  encrypt: string;
  /** 0 = withdrawn: the code answers 该WiFi码已失效. */
  enabled: Generated<number>;
  created_at: number;
}

export interface WifiTables {
  wifi_codes: WifiCodesTable;
}
