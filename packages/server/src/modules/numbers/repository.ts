/** Queries for the number inventory, its packages and reviews. */
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Database, NumberCommentsTable, NumbersTable } from '../../db/schema.js';

export type NumberRow = Selectable<NumbersTable>;

/** Columns the search index holds. */
export const INDEX_COLUMNS = [
  'id',
  'number',
  'operator_type',
  'province_code',
  'city_code',
  'price_fen',
  'status',
  'level',
  'pattern_mask',
  'promo_code',
  'version',
] as const;
export type IndexRow = Pick<NumberRow, (typeof INDEX_COLUMNS)[number]>;

/** Rows by id order, a batch at a time (index load). */
export function listIndexRows(db: DbOrTx, afterId: number, limit: number): Promise<IndexRow[]> {
  return db
    .selectFrom('numbers')
    .select([...INDEX_COLUMNS])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The next number version. Taken inside the writing transaction: the counter row stays locked until
 * commit (PostgreSQL) or the whole database does (SQLite), so versions become visible in order and a
 * reader that has seen version V has seen every version below it.
 */
export async function nextNumbersVersion(tx: Tx): Promise<number> {
  const row = await tx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'numbers')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Rows written after the cursor (version, id), in that order (index catch-up). */
/** Held numbers (2) whose lock has run out, earliest first, at most `limit`. */
export function listExpiredLocks(db: DbOrTx, now: number, limit: number) {
  return db
    .selectFrom('numbers')
    .select(['id', 'lock_order_sn'])
    .where('status', '=', 2)
    .where('lock_expire_at', '<', now)
    .orderBy('lock_expire_at')
    .limit(limit)
    .execute();
}

/**
 * Puts a held number back on sale (1) while its lock is still the expired one of `orderSn`, with a new
 * number version: whether it moved.
 */
export async function releaseExpiredLock(tx: Tx, id: number, orderSn: string | null, now: number): Promise<boolean> {
  const moved = await tx
    .updateTable('numbers')
    .set({
      status: 1,
      lock_order_sn: null,
      lock_expire_at: null,
      version: await nextNumbersVersion(tx),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 2)
    .where('lock_expire_at', '<', now)
    .where((eb) => (orderSn ? eb('lock_order_sn', '=', orderSn) : eb('lock_order_sn', 'is', null)))
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

export function listChangedSince(db: DbOrTx, version: number, afterId: number, limit: number): Promise<IndexRow[]> {
  // `version >= v` first: an index range on (version, id). The OR alone made SQLite scan the whole
  // index (300 ms at 5M numbers, once a second, blocking every request meanwhile).
  return db
    .selectFrom('numbers')
    .select([...INDEX_COLUMNS])
    .where('version', '>=', version)
    .where((eb) => eb.or([eb('version', '>', version), eb('id', '>', afterId)]))
    .orderBy('version')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Changes numbers by id (status, lock, promoter, …) with a new version, inside a transaction. */
export async function updateNumbers(
  tx: Tx,
  ids: readonly number[],
  patch: Partial<Omit<NumberRow, 'id' | 'version' | 'number'>>,
  now = Date.now(),
): Promise<number> {
  if (ids.length === 0) return 0;
  const version = await nextNumbersVersion(tx);
  const result = await tx
    .updateTable('numbers')
    .set({ ...patch, version, updated_at: now })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findNumbersByIds(db: DbOrTx, ids: readonly number[]): Promise<NumberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('numbers').selectAll().where('id', 'in', ids).execute();
}

export function findNumberById(db: DbOrTx, id: number): Promise<NumberRow | undefined> {
  return db.selectFrom('numbers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listPackagesFor(db: DbOrTx, operatorType: number, level: number) {
  return db
    .selectFrom('number_packages')
    .selectAll()
    .where('operator_type', '=', operatorType)
    .where('min_level', '<=', level)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Reviews shown on a number of `level`: those of buyers of numbers of that level, newest first. */
export async function pageComments(db: DbOrTx, promoCode: string, level: number, page: number, pageSize: number) {
  const scope = db
    .selectFrom('number_comments')
    .where('level', '=', level)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('promo_code', '=', ''), eb('promo_code', '=', promoCode)]));
  const [rows, count] = await Promise.all([
    scope
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type CommentWrite = Omit<Insertable<NumberCommentsTable>, 'id'>;

/** Stores a review; null when its order already has one (the unique `order_sn` decides, races included). */
export async function insertComment(db: DbOrTx, row: CommentWrite): Promise<number | null> {
  const inserted = await db
    .insertInto('number_comments')
    .values(row)
    .onConflict((oc) => oc.column('order_sn').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Which of these orders have a review. */
export async function reviewedOrders(db: DbOrTx, orderSns: readonly string[]): Promise<Set<string>> {
  if (orderSns.length === 0) return new Set();
  const rows = await db.selectFrom('number_comments').select('order_sn').where('order_sn', 'in', orderSns).execute();
  return new Set(rows.map((r) => r.order_sn).filter((sn): sn is string => sn !== null));
}

/** What an import or the demo seeder writes: every column but the ones the repository sets itself. */
export type NumberWrite = Omit<
  NumberRow,
  'id' | 'lock_order_sn' | 'lock_expire_at' | 'version' | 'created_at' | 'updated_at'
>;

/** Inserts or updates by number (imports are idempotent on the number), inside a transaction. */
export async function upsertNumbers(tx: Tx, rows: readonly NumberWrite[], now = Date.now()): Promise<void> {
  if (rows.length === 0) return;
  const version = await nextNumbersVersion(tx);
  await tx
    .insertInto('numbers')
    .values(rows.map((r) => ({ ...r, version, created_at: now, updated_at: now })))
    .onConflict((oc) =>
      oc
        .column('number')
        .doUpdateSet((eb) => ({
          province_code: eb.ref('excluded.province_code'),
          city_code: eb.ref('excluded.city_code'),
          price_fen: eb.ref('excluded.price_fen'),
          original_price_fen: eb.ref('excluded.original_price_fen'),
          min_consume_fen: eb.ref('excluded.min_consume_fen'),
          contract_months: eb.ref('excluded.contract_months'),
          // A locked (2) or sold (3) number keeps its status: an import never takes it from its buyer.
          status: eb
            .case()
            .when('numbers.status', 'in', [2, 3])
            .then(eb.ref('numbers.status'))
            .else(eb.ref('excluded.status'))
            .end(),
          level: eb.ref('excluded.level'),
          pattern_mask: eb.ref('excluded.pattern_mask'),
          promo_code: eb.ref('excluded.promo_code'),
          version,
          updated_at: now,
        }))
        // A row the file does not change keeps its version, so a rerun of the same file costs the search
        // indexes of running instances nothing.
        .where((eb) =>
          eb.or([
            ...CHANGEABLE_BY_IMPORT.map((c) => eb(eb.ref(`numbers.${c}`), '<>', eb.ref(`excluded.${c}`))),
            eb.and([eb('numbers.status', 'not in', [2, 3]), eb('numbers.status', '<>', eb.ref('excluded.status'))]),
          ]),
        ),
    )
    .execute();
}

/** The columns an import may change besides the status (all NOT NULL, so `<>` compares them fully). */
const CHANGEABLE_BY_IMPORT = [
  'province_code',
  'city_code',
  'price_fen',
  'original_price_fen',
  'min_consume_fen',
  'contract_months',
  'level',
  'pattern_mask',
  'promo_code',
] as const;

// ---- The console's inventory (modules/numbers/console.ts) --------------------------------------------

/** A console bulk change, by kind (the contract's InventoryChange with the price in fen). */
export type InventoryWrite =
  | { kind: 'price'; priceFen: number }
  | { kind: 'status'; status: 0 | 1 }
  | { kind: 'lock' }
  | { kind: 'unlock' };

/** Ids per statement of a bulk change: well under both databases' bound-parameter limits. */
const ID_CHUNK = 5000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The numbers a change may touch. Sold numbers (3) and numbers locked by an order never change; a staff
 * lock is status 2 with neither an order nor an expiry (the lock sweep frees only expired locks).
 */
function eligible(change: InventoryWrite) {
  return (eb: ExpressionBuilder<Database, 'numbers'>) => {
    const staffLocked = eb.and([
      eb('status', '=', 2),
      eb('lock_order_sn', 'is', null),
      eb('lock_expire_at', 'is', null),
    ]);
    switch (change.kind) {
      case 'price':
        return eb.or([eb('status', 'in', [0, 1]), staffLocked]);
      case 'status':
      case 'lock':
        return eb('status', 'in', [0, 1]);
      case 'unlock':
        return staffLocked;
    }
  };
}

/** How many of these numbers the change may touch. */
export async function countEligible(db: DbOrTx, ids: readonly number[], change: InventoryWrite): Promise<number> {
  let total = 0;
  for (const part of chunks(ids, ID_CHUNK)) {
    const row = await db
      .selectFrom('numbers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', part)
      .where(eligible(change))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

/** Applies a bulk change to the eligible ones of these numbers, with one new version; how many changed. */
export async function applyInventoryWrite(
  tx: Tx,
  ids: readonly number[],
  change: InventoryWrite,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const version = await nextNumbersVersion(tx);
  let changed = 0;
  for (const part of chunks(ids, ID_CHUNK)) {
    const base = tx.updateTable('numbers').where('id', 'in', part).where(eligible(change));
    const stamp = { version, updated_at: now };
    const fen = change.kind === 'price' ? change.priceFen : 0;
    const query =
      change.kind === 'price'
        ? base.set((eb) => ({
            ...stamp,
            price_fen: fen,
            // The original (crossed-out) price never sits below the price.
            original_price_fen: eb
              .case()
              .when('original_price_fen', '<', fen)
              .then(fen)
              .else(eb.ref('original_price_fen'))
              .end(),
          }))
        : base.set({ ...stamp, ...statusPatch(change) });
    const result = await query.executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/** The columns a status, lock or unlock change sets. */
function statusPatch(change: Exclude<InventoryWrite, { kind: 'price' }>) {
  switch (change.kind) {
    case 'status':
      return { status: change.status };
    case 'lock':
      return { status: 2, lock_order_sn: null, lock_expire_at: null };
    case 'unlock':
      return { status: 1 };
  }
}
