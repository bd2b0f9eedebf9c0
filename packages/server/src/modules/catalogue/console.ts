/**
 * The console's catalogue and content (BACKOFFICE.md, issue 23 item 3): one service over every kind of
 * the registry (kinds.ts), used by the console's endpoints and by the CLI's `package|vip|accelerate|mall|task
 * add|update`. A save validates against the contract's item (done by the caller), checks the promoter and
 * the natural key, writes the row (and a mall goods' options) and records the audit line with the changed
 * fields, all in the caller's transaction. Retiring is disabling: rows are never deleted, so orders keep
 * what they reference. The shop's endpoints read these tables directly (no cache), so a change shows on
 * the next request.
 */
import type {
  CatalogueEntry,
  CatalogueItem,
  CatalogueKind,
  CatalogueMallCategory,
  CatalogueMallSku,
  CatalogueRow,
  Page,
} from '@haoka/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import { findPromoterCodes } from '../site/repository.js';
import { KINDS, type KindSpec } from './kinds.js';
import * as repo from './repository.js';

// biome-ignore lint/suspicious/noExplicitAny: the registry's functions take their own kind's item; each call passes it
type AnySpec = KindSpec<any>;

function specOf(kind: CatalogueKind): AnySpec {
  return KINDS[kind] as AnySpec;
}

export interface CatalogueListQuery {
  kind: CatalogueKind;
  promoCode?: string | undefined;
  keyword?: string | undefined;
  enabled?: number | undefined;
  page: number;
  pageSize: number;
}

function toRow(kind: CatalogueKind, spec: AnySpec, row: Record<string, unknown>): CatalogueRow {
  return {
    kind,
    id: Number(row.id),
    promoCode: spec.promoted ? String(row.promo_code ?? '') : '',
    ...spec.summary(row),
    enabled: row[spec.enabledColumn] === 1 ? 1 : 0,
    sort: spec.sorted ? Number(row.sort) : 0,
    updatedAt: spec.timestamps ? Number(row.updated_at) : null,
  };
}

/** A page of one kind's items in shelf order. */
export async function listCatalogue(db: DbOrTx, query: CatalogueListQuery): Promise<Page<CatalogueRow>> {
  const spec = specOf(query.kind);
  const keyword = query.keyword?.trim();
  const { rows, total } = await repo.pageRows(
    db,
    spec.storage,
    {
      promoCode: spec.promoted ? query.promoCode : undefined,
      keyword: keyword ? { text: keyword, columns: spec.keywordColumns } : undefined,
      enabledColumn: spec.enabledColumn,
      enabled: query.enabled,
      sorted: spec.sorted,
    },
    query.page,
    query.pageSize,
  );
  return {
    list: rows.map((row) => toRow(query.kind, spec, row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function skusOf(db: DbOrTx, goodsId: number): Promise<CatalogueMallSku[]> {
  return (await repo.listSkus(db, goodsId)).map((s) => ({
    id: s.id,
    specText: s.spec_text,
    points: s.points,
    cashFen: s.cash_fen,
    stock: s.stock,
    sort: s.sort,
  }));
}

async function storedItem(db: DbOrTx, kind: CatalogueKind, row: Record<string, unknown>): Promise<CatalogueItem> {
  const skus = kind === 'mall' ? await skusOf(db, Number(row.id)) : [];
  return specOf(kind).toItem(row, skus) as CatalogueItem;
}

/** The row of `id` among the kind's rows; refused as gone (or of another kind, for a shared table). */
async function rowOf(db: DbOrTx, kind: CatalogueKind, id: number): Promise<Record<string, unknown>> {
  const storage = specOf(kind).storage;
  const row = await repo.findRow(db, storage, id);
  if (row) return row;
  if (storage.only && (await repo.findRow(db, { table: storage.table }, id)))
    throw fail('catalogueKindMismatch', { field: 'kind' });
  throw fail('catalogueItemGone', { field: 'id' });
}

/** One item as the console's form edits it, and where the shop shows it. */
export async function getCatalogueItem(db: DbOrTx, kind: CatalogueKind, id: number): Promise<CatalogueEntry> {
  const row = await rowOf(db, kind, id);
  const path = specOf(kind).preview(row);
  return { id, item: await storedItem(db, kind, row), preview: path === null ? null : { path } };
}

/** The id of the stored item with the natural key of `item`, if the kind has one and it exists. */
export async function findItemByKey(db: DbOrTx, item: CatalogueItem): Promise<number | undefined> {
  const spec = specOf(item.kind);
  return spec.key ? repo.findIdByKey(db, spec.storage, spec.key.columns(item)) : undefined;
}

/**
 * Replaces a mall goods' options with the item's: an option with an `id` (of this goods) or the same
 * `specText` is updated, a new one added, a missing one removed — unless an open order holds it, whose
 * cancellation gives stock back to that option (mall orders.ts `cancelInTx`). Options are not added to a
 * goods that open orders hold without one, for the same reason.
 */
async function replaceSkus(tx: Tx, goodsId: number, skus: readonly CatalogueMallSku[]): Promise<void> {
  const existing = await repo.listSkus(tx, goodsId);
  // Stock an option-less order gives back would then be the goods' alone, no longer the sum of its options.
  if (existing.length === 0 && skus.length > 0 && (await repo.countOpenOrdersWithoutSku(tx, goodsId)) > 0)
    throw fail('catalogueOptionsInUse', { field: 'skus' });
  const byId = new Map(existing.map((s) => [s.id, s]));
  const matched = new Set<number>();
  const plan: { id: number | null; sku: CatalogueMallSku }[] = [];
  for (const sku of skus) {
    if (sku.id !== undefined) {
      if (!byId.has(sku.id) || matched.has(sku.id)) throw fail('catalogueItemGone', { field: 'skus' });
      matched.add(sku.id);
      plan.push({ id: sku.id, sku });
    } else plan.push({ id: null, sku });
  }
  for (const entry of plan) {
    if (entry.id !== null) continue;
    const same = existing.find((s) => !matched.has(s.id) && s.spec_text === entry.sku.specText);
    if (same) {
      matched.add(same.id);
      entry.id = same.id;
    }
  }
  const gone = existing.filter((s) => !matched.has(s.id));
  for (const sku of gone) {
    if ((await repo.countOpenSkuOrders(tx, sku.id)) > 0)
      throw fail('catalogueSkuInUse', { specText: sku.spec_text, field: 'skus' });
  }
  for (const sku of gone) await repo.deleteSku(tx, sku.id);
  for (const { id, sku } of plan) {
    const values = {
      spec_text: sku.specText,
      points: sku.points,
      cash_fen: sku.cashFen,
      stock: sku.stock,
      sort: sku.sort,
    };
    if (id !== null) await repo.updateSku(tx, id, values);
    else await repo.insertSku(tx, { ...values, goods_id: goodsId });
  }
}

/** A promoter code other than '' must name a promoter. */
async function checkPromoter(tx: Tx, promoCode: string): Promise<void> {
  if (promoCode === '') return;
  const found = await findPromoterCodes(tx, [promoCode]);
  if (!found.includes(promoCode)) throw fail('cataloguePromoterUnknown', { promoCode, field: 'promoCode' });
}

/**
 * Creates (without `id`) or updates (with `id`) one item in the caller's transaction, with its audit line
 * (`catalogue.create` / `catalogue.update`, the changed fields of the stored item). Answers the item's id.
 */
export async function saveCatalogueItem(
  tx: Tx,
  actor: AuditActor,
  input: { id?: number | undefined; item: CatalogueItem },
  now: number,
): Promise<{ id: number; created: boolean }> {
  const { item } = input;
  const spec = specOf(item.kind);
  if ('promoCode' in item) await checkPromoter(tx, item.promoCode);
  const beforeRow = input.id === undefined ? null : await rowOf(tx, item.kind, input.id);
  const before = beforeRow ? await storedItem(tx, item.kind, beforeRow) : null;
  if (spec.key) {
    const clash = await repo.findIdByKey(tx, spec.storage, spec.key.columns(item), input.id);
    if (clash !== undefined) throw fail('catalogueKeyTaken', { field: spec.key.field });
  }
  const columns = spec.columns(item);
  // Every refusal comes before the first write, so a caller may go on with its transaction (the CLI).
  let id: number;
  if (input.id !== undefined) {
    id = input.id;
    if (item.kind === 'mall') await replaceSkus(tx, id, item.skus);
    await repo.updateRow(tx, spec.storage, id, spec.timestamps ? { ...columns, updated_at: now } : columns);
  } else {
    if (item.kind === 'mall' && item.skus.some((s) => s.id !== undefined))
      throw fail('catalogueItemGone', { field: 'skus' });
    id = await repo.insertRow(
      tx,
      spec.storage,
      spec.timestamps ? { ...columns, created_at: now, updated_at: now } : columns,
    );
    if (item.kind === 'mall') await replaceSkus(tx, id, item.skus);
  }
  const after = await storedItem(tx, item.kind, await rowOf(tx, item.kind, id));
  await recordAudit(
    tx,
    actor,
    {
      action: before ? 'catalogue.update' : 'catalogue.create',
      target: `${item.kind}:${id}`,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown>,
    },
    now,
  );
  return { id, created: before === null };
}

/** Puts an item on the shop (1) or retires it (0), audited (`catalogue.enable` / `catalogue.disable`). */
export async function setCatalogueEnabled(
  tx: Tx,
  actor: AuditActor,
  input: { kind: CatalogueKind; id: number; enabled: 0 | 1 },
  now: number,
): Promise<void> {
  const spec = specOf(input.kind);
  const row = await rowOf(tx, input.kind, input.id);
  const was = row[spec.enabledColumn] === 1 ? 1 : 0;
  const values: Record<string, unknown> = { [spec.enabledColumn]: input.enabled };
  if (spec.timestamps) values.updated_at = now;
  await repo.updateRow(tx, spec.storage, input.id, values);
  await recordAudit(
    tx,
    actor,
    {
      action: input.enabled === 1 ? 'catalogue.enable' : 'catalogue.disable',
      target: `${input.kind}:${input.id}`,
      before: { enabled: was },
      after: { enabled: input.enabled },
    },
    now,
  );
}

/** The points mall's categories, for the mall goods form. */
export async function listMallCategories(db: DbOrTx): Promise<CatalogueMallCategory[]> {
  return (await repo.listMallCategories(db)).map((c) => ({
    id: c.id,
    promoCode: c.promo_code,
    name: c.name,
    enabled: c.enabled === 1 ? 1 : 0,
  }));
}
