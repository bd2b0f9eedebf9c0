/**
 * Storing card-page layouts (SPEC §3 SimLayout): the one write the CLI's `layout set` and the console's
 * layout page share, audited (`layout.save`) with the changed fields in the same transaction. A stored
 * layout may give only some fields; cards get it merged over the defaults (layout.ts) on their next
 * card-home load (the card info is not cached).
 */
import type { AdminLayout, AdminLayoutRow, ContentSaveResult, SimLayoutPartial } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { type DbOrTx, inTransaction } from '../../db/database.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { DEFAULT_SIM_LAYOUT, mergeSimLayout } from './layout.js';
import * as repo from './repository.js';

function parsed(json: string | undefined): Record<string, unknown> {
  try {
    const value = json ? (JSON.parse(json) as unknown) : {};
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Stores `layout` under `code` (replacing what was stored); answers what happened. */
export async function saveSimLayout(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: AuditActor,
  code: string,
  layout: SimLayoutPartial,
): Promise<ContentSaveResult> {
  const json = JSON.stringify(layout);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const row = await repo.findLayoutRow(tx, code);
    if (row && row.layout_json === json) return 'unchanged';
    await repo.upsertLayout(tx, code, json, now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'layout.save',
        target: `layout:${code}`,
        before: row ? parsed(row.layout_json) : null,
        after: { ...layout },
      },
      now,
    );
    return row ? 'updated' : 'created';
  });
}

export async function getLayout(ctx: { db: DbOrTx }, code: string): Promise<AdminLayout> {
  const row = await repo.findLayoutRow(ctx.db, code);
  return {
    code,
    stored: parsed(row?.layout_json) as SimLayoutPartial,
    layout: mergeSimLayout(row?.layout_json),
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

export async function listLayouts(
  ctx: { db: DbOrTx },
  query: { keyword?: string | undefined; page: number; pageSize: number },
) {
  const { rows, total } = await repo.pageLayouts(ctx.db, query, query.page, query.pageSize);
  const cards = await repo.countCardsByLayout(
    ctx.db,
    rows.map((r) => r.code),
  );
  const list: AdminLayoutRow[] = rows.map((r) => {
    const name = parsed(r.layout_json).name;
    return {
      code: r.code,
      name: typeof name === 'string' && name ? name : DEFAULT_SIM_LAYOUT.name,
      cards: cards.get(r.code) ?? 0,
      updatedAt: Number(r.updated_at),
    };
  });
  return { list, total, page: query.page, pageSize: query.pageSize };
}
