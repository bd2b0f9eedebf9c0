/** Storefront configuration: which promoter a visit belongs to, its front config, global settings. */
import {
  type BaseConfig,
  DEFAULT_FRONT,
  type DictOption,
  ErrorCode,
  frontConfig,
  type GenericConfig,
  genericConfig,
  LIST_CLASSES,
  payTypeOnline,
  shopMenuItem,
} from '@haoka/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import type { PromotersTable } from '../../db/schema.js';
import { AppError, fail } from '../../http/app-error.js';
import * as repo from './repository.js';

type PromoterRow = Omit<PromotersTable, 'id'> & { id: number };

export const DEFAULT_GENERIC: GenericConfig = {
  orderQueryMode: 1,
  loginAvatar: '',
  appUpdate: null,
  smsCodeLength: 6,
  payTimeoutMinutes: { shop: 30, iot: 15 },
};

/** Parses stored JSON field by field over defaults, so one bad field never hides the rest. */
function mergeValid<T extends Record<string, unknown>>(schema: z.ZodObject, defaults: T, stored: unknown): T {
  const out: Record<string, unknown> = { ...defaults };
  if (stored && typeof stored === 'object') {
    for (const [key, fieldSchema] of Object.entries(schema.shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const parsed = (fieldSchema as z.ZodType).safeParse(value);
      if (parsed.success) out[key] = parsed.data;
    }
  }
  return out as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function toBaseConfig(row: PromoterRow): BaseConfig {
  return {
    front: mergeValid(frontConfig, DEFAULT_FRONT, safeJson(row.front_json)),
    promoCode: row.code,
    promoName: row.name,
    isAgent: row.is_agent ? 1 : 0,
    domain: row.domain,
    inviteCode: row.invite_code,
    douyinMpImId: row.douyin_mp_im_id,
    kuaishouMpImId: row.kuaishou_mp_im_id,
    showPaymentType: z.array(payTypeOnline).catch(['wxpay', 'alipay']).parse(safeJson(row.show_payment_type_json)),
    shopMenu: z.array(shopMenuItem).catch([]).parse(safeJson(row.shop_menu_json)),
  };
}

/** Which promoter a visit belongs to: explicit code, else the hostname's binding, else the default. */
export async function resolvePromoter(db: DbOrTx, promoCode: string | undefined, hostname: string) {
  if (promoCode) {
    const row = await repo.findPromoterByCode(db, promoCode);
    if (!row?.enabled) throw fail('shopClosed');
    return row;
  }
  const row =
    (hostname ? await repo.findPromoterByDomain(db, hostname) : undefined) ?? (await repo.findDefaultPromoter(db));
  if (!row) throw fail('shopClosed');
  return row;
}

/**
 * API.md §2: an agent logged in as a shopper may browse only its own shop and its direct downstream;
 * anything else answers 33001 with the agent's own code to go back to.
 */
export async function checkAgentDownstream(db: DbOrTx, shopperMobile: string | null, target: PromoterRow) {
  if (!shopperMobile) return;
  const agent = await repo.findAgentByOwnerMobile(db, shopperMobile);
  if (!agent || agent.code === target.code || target.parent_code === agent.code) return;
  throw new AppError(ErrorCode.NOT_DIRECT_DOWNSTREAM, 'notDirectDownstream', { backPromoCode: agent.code });
}

export async function getGenericConfig(db: DbOrTx): Promise<GenericConfig> {
  return mergeValid(genericConfig, DEFAULT_GENERIC, await repo.getSetting(db, 'generic'));
}

const listClass = z.enum(LIST_CLASSES).catch('default');

export async function getDictOptions(db: DbOrTx, types: readonly string[]): Promise<Record<string, DictOption[]>> {
  const unique = [...new Set(types)];
  const out: Record<string, DictOption[]> = Object.fromEntries(unique.map((t) => [t, []]));
  for (const row of await repo.listDictRows(db, unique)) {
    out[row.type]?.push({
      label: row.label,
      value: row.value,
      key: row.dict_key,
      listClass: listClass.parse(row.list_class),
    });
  }
  return out;
}
