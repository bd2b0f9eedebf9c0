/**
 * Saving a promoter's storefront (name, branding, home carousel, menu, payment types, domain): the one
 * function the CLI's `promoter add|update` and the console's promoter page call, audited with the changed
 * fields in the same transaction. A save tells this process's shop configuration cache (routes.ts) to
 * forget its promoters, so this instance shows the change at once; other instances show it when their
 * cache entry expires (CONFIG_CACHE_SECONDS, docs/operations.md).
 */
import {
  type AdminPromoter,
  type AdminPromoterRow,
  type ContentSaveResult,
  DEFAULT_FRONT,
  type PromoterSettings,
} from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction } from '../../db/database.js';
import type { PromotersTable } from '../../db/schema.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import * as repo from './repository.js';
import { toBaseConfig } from './service.js';

type PromoterRow = Omit<PromotersTable, 'id'> & { id: number };

const listeners = new Set<() => void>();

/** Calls `listener` after each promoter save of this process; answers the function that stops it. */
export function onPromoterSaved(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the code must exist (`update`), must not (`create`, the console's new promoter) or either (`add`). */
export type PromoterSaveMode = 'create' | 'add' | 'update';

/** Creates or changes a promoter; answers what happened. Refusals: see endpoints/admin-content.ts. */
export async function savePromoter(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: AuditActor,
  code: string,
  settings: PromoterSettings,
  mode: PromoterSaveMode,
): Promise<ContentSaveResult> {
  const result = await inTransaction(ctx.db, async (tx): Promise<ContentSaveResult> => {
    const now = ctx.clock.now();
    const row = await repo.findPromoterByCode(tx, code);
    if (!row && mode === 'update') throw fail('promoterNotFound', { code });
    if (row && mode === 'create') throw fail('promoterExists', { code });
    if (settings.parentCode && !(await repo.findPromoterIsAgent(tx, settings.parentCode))) {
      throw fail('promoterParentInvalid', { parentCode: settings.parentCode });
    }
    const storedFront = row ? (JSON.parse(row.front_json || '{}') as Record<string, unknown>) : { ...DEFAULT_FRONT };
    const values = {
      name: settings.name ?? row?.name ?? code,
      is_agent: settings.isAgent ?? row?.is_agent ?? 0,
      parent_code: settings.parentCode !== undefined ? settings.parentCode : (row?.parent_code ?? null),
      owner_mobile: settings.ownerMobile !== undefined ? settings.ownerMobile : (row?.owner_mobile ?? null),
      domain: settings.domain ?? row?.domain ?? '',
      invite_code: settings.inviteCode ?? row?.invite_code ?? '',
      douyin_mp_im_id: settings.douyinMpImId ?? row?.douyin_mp_im_id ?? '',
      kuaishou_mp_im_id: settings.kuaishouMpImId ?? row?.kuaishou_mp_im_id ?? '',
      front_json: JSON.stringify({ ...storedFront, ...settings.front }),
      shop_menu_json: settings.shopMenu ? JSON.stringify(settings.shopMenu) : (row?.shop_menu_json ?? '[]'),
      show_payment_type_json: settings.showPaymentType
        ? JSON.stringify(settings.showPaymentType)
        : (row?.show_payment_type_json ?? JSON.stringify(['wxpay', 'alipay'])),
      enabled: settings.enabled ?? row?.enabled ?? 1,
      is_default: settings.isDefault ?? row?.is_default ?? 0,
    };
    if (values.is_default && !values.enabled) throw fail('promoterDefaultClosed');
    if (values.domain) {
      const other = await repo.findOtherPromoterOnDomain(tx, values.domain, code);
      if (other) throw fail('promoterDomainTaken', { domain: values.domain, code: other });
    }
    if (settings.isDefault) await repo.clearDefaultPromoterExcept(tx, code, now);
    if (!row) {
      await repo.insertPromoter(tx, { ...values, code, created_at: now, updated_at: now });
      await recordAudit(
        tx,
        actor,
        { action: 'promoter.create', target: `promoter:${code}`, before: null, after: auditView(values) },
        now,
      );
      return 'created';
    }
    const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== row[k]);
    if (!changed) return 'unchanged';
    await repo.updatePromoter(tx, row.id, { ...values, updated_at: now });
    await recordAudit(
      tx,
      actor,
      { action: 'promoter.update', target: `promoter:${code}`, before: auditView(row), after: auditView(values) },
      now,
    );
    return 'updated';
  });
  if (result !== 'unchanged') for (const listener of listeners) listener();
  return result;
}

/** A promoter's columns as the audit line shows them: the JSON ones parsed, so only changed fields show. */
function auditView(values: Omit<PromotersTable, 'id' | 'code' | 'created_at' | 'updated_at'>): Record<string, unknown> {
  const json = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };
  const front = json(values.front_json);
  return {
    name: values.name,
    isAgent: values.is_agent,
    parentCode: values.parent_code,
    ownerMobile: values.owner_mobile,
    domain: values.domain,
    inviteCode: values.invite_code,
    douyinMpImId: values.douyin_mp_im_id,
    kuaishouMpImId: values.kuaishou_mp_im_id,
    // Each front field on its own, so a changed title shows as `front.title`, not the whole front config.
    ...(front && typeof front === 'object'
      ? Object.fromEntries(Object.entries(front).map(([k, v]) => [`front.${k}`, v]))
      : { front }),
    shopMenu: json(values.shop_menu_json),
    showPaymentType: json(values.show_payment_type_json),
    enabled: values.enabled,
    isDefault: values.is_default,
  };
}

function toRow(row: PromoterRow): AdminPromoterRow {
  return {
    code: row.code,
    name: row.name,
    isAgent: row.is_agent ? 1 : 0,
    parentCode: row.parent_code,
    domain: row.domain,
    enabled: row.enabled ? 1 : 0,
    isDefault: row.is_default ? 1 : 0,
    updatedAt: Number(row.updated_at),
  };
}

export async function listPromoters(
  ctx: Pick<AppContext, 'db'>,
  query: { keyword?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pagePromoters(ctx.db, query, query.page, query.pageSize);
  return { list: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
}

/** A promoter with all its settings, its front config merged over the defaults as the shop gets it. */
export async function getPromoter(ctx: Pick<AppContext, 'db'>, code: string): Promise<AdminPromoter> {
  const row = await repo.findPromoterByCode(ctx.db, code);
  if (!row) throw fail('promoterNotFound', { code });
  const config = toBaseConfig(row);
  return {
    code: row.code,
    isDefault: row.is_default ? 1 : 0,
    updatedAt: Number(row.updated_at),
    settings: {
      name: row.name,
      isAgent: row.is_agent ? 1 : 0,
      parentCode: row.parent_code,
      ownerMobile: row.owner_mobile,
      domain: row.domain,
      inviteCode: row.invite_code,
      douyinMpImId: row.douyin_mp_im_id,
      kuaishouMpImId: row.kuaishou_mp_im_id,
      enabled: row.enabled ? 1 : 0,
      front: config.front,
      shopMenu: config.shopMenu,
      showPaymentType: config.showPaymentType,
    },
  };
}
