/**
 * Shareable "scan to connect" Wi-Fi codes (API.md §3). Anyone may make one; the creator is the
 * order-session-id, and making the same network again answers the same code. The poster's QR holds the
 * standard `WIFI:` payload, so a phone camera joins directly; the connect page link is shared beside it.
 */

import { randomInt } from 'node:crypto';
import { ErrorCode, wifiApi } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { formatDateTime } from '../../lib/time.js';
import { getSetting } from '../site/repository.js';
import * as repo from './repository.js';

/** Setting `wifi_code` `{enabled: 0|1}`: 0 switches off making new codes (40001); made codes keep working. */
export const WIFI_SETTING_KEY = 'wifi_code';

/** New codes per creator (order-session-id) and per IP; a repeat of a made code is not counted. */
export const CREATE_PER_OWNER_RULE: LimitRule = { limit: 10, windowMs: 3600_000 };
export const CREATE_PER_IP_RULE: LimitRule = { limit: 30, windowMs: 3600_000 };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CODE_ATTEMPTS = 5;

/** What the Wi-Fi code service needs of the app context. */
export type WifiDeps = Pick<AppContext, 'db' | 'limiter' | 'clock'>;

export interface WifiCaller {
  orderSessionId: string;
  ip: string;
  /** Where the shop is reached (PUBLIC_URL or the request origin), no trailing slash. */
  baseUrl: string;
}

type CreateInput = { ssid: string; password: string; encrypt: wifiApi.WifiEncrypt };

export function newWifiCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += BASE62[randomInt(0, BASE62.length)];
  return code;
}

function links(row: repo.WifiCodeRow, baseUrl: string) {
  return {
    code: row.code,
    qrUrl: wifiApi.wifiPayload({ ssid: row.ssid, password: row.password, encrypt: encryptOf(row.encrypt) }),
    connectUrl: `${baseUrl}${wifiApi.wifiConnectPath(row.code)}`,
  };
}

function encryptOf(value: string): wifiApi.WifiEncrypt {
  const parsed = wifiApi.wifiEncrypt.safeParse(value);
  return parsed.success ? parsed.data : 'WPA';
}

async function requireOpen(db: DbOrTx): Promise<void> {
  const setting = (await getSetting(db, WIFI_SETTING_KEY)) as { enabled?: unknown } | undefined;
  if (setting?.enabled === 0) throw new AppError(ErrorCode.MODULE_CLOSED, 'wifiClosed');
}

export async function createWifiCode(deps: WifiDeps, caller: WifiCaller, input: CreateInput) {
  const { db, limiter } = deps;
  await requireOpen(db);
  if (!caller.orderSessionId) throw fail('sessionIdMissing', { field: 'order-session-id' });
  const key = { owner: caller.orderSessionId, ...input };

  const made = await repo.findOwned(db, key);
  if (made) return links(made, caller.baseUrl);

  if (!(await limiter.hit(`wifi:create:owner:${caller.orderSessionId}`, CREATE_PER_OWNER_RULE)).allowed) {
    throw fail('tooManyRequests');
  }
  if (!(await limiter.hit(`wifi:create:ip:${caller.ip}`, CREATE_PER_IP_RULE)).allowed) throw fail('tooManyRequests');

  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const row = { ...key, code: newWifiCode(), created_at: deps.clock.now() };
    try {
      await repo.insertCode(db, row);
      return links({ ...row, id: 0, enabled: 1 }, caller.baseUrl);
    } catch (error) {
      if (!repo.isUniqueViolation(error)) throw error;
      // The same network made by a concurrent request of the same creator: answer its code.
      const raced = await repo.findOwned(db, key);
      if (raced) return links(raced, caller.baseUrl);
      // Otherwise the random code was taken: draw another.
    }
  }
  throw fail('wifiCreateFailed');
}

export async function getWifiCode(db: DbOrTx, code: string, baseUrl: string): Promise<wifiApi.WifiCode> {
  const row = wifiApi.WIFI_CODE_RE.test(code) ? await repo.findByCode(db, code) : undefined;
  if (row?.enabled !== 1) throw fail('wifiCodeGone');
  return {
    ...links(row, baseUrl),
    ssid: row.ssid,
    password: row.password,
    encrypt: encryptOf(row.encrypt),
    createdAt: formatDateTime(Number(row.created_at)),
  };
}
