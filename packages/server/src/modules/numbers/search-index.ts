/**
 * The vanity-number search index (NUMBERS.md "Search semantics"). Each instance keeps the inventory's
 * search columns in typed arrays, two pre-sorted orders, posting lists (operator, segment, province,
 * city, promoter, pattern code, last 1–4 digits) and a live bitset of the numbers on sale. A query starts
 * from the on-sale bitset and narrows it filter by filter, each time by the cheaper of two ways: OR-ing
 * the filter's posting lists into a bitset, or testing the filter's column on the numbers still in.
 * The total is the popcount; the page comes from the sort order. No regular expression runs per request.
 * Writes made anywhere reach the index through `numbers.version` (committed in order), polled at most
 * once a second and at once after a local write.
 */
import { digitMask, PATTERN_BIT, type PatternCode } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { type IndexRow, listChangedSince, listIndexRows } from './repository.js';

export interface SearchQuery {
  /** The shop's promoter: its numbers and the unassigned ones. Null (the console): every promoter's. */
  promoCode: string | null;
  /** Absent: on sale (the shop). Null: every status (the console). A number: that status only. */
  status?: number | null | undefined;
  provinceCode?: string | undefined;
  cityCode?: string | undefined;
  operatorType?: number | undefined;
  segment?: string | undefined;
  patterns?: readonly PatternCode[] | undefined;
  keyword?: string | undefined;
  position: 'any' | 'tail';
  priceMinFen?: number | undefined;
  priceMaxFen?: number | undefined;
  excludeDigits?: readonly number[] | undefined;
  sort: 'default' | 'priceAsc' | 'priceDesc';
  /** Seed of a shuffled order; absent = the sort order. */
  shuffleSeed?: number | undefined;
  page: number;
  pageSize: number;
}

export interface SearchResult {
  ids: number[];
  total: number;
}

const ON_SALE = 1;
const SLOT_LIMIT = 2 ** 23; // 8,388,608 numbers per instance
const PRICE_CAP = 2 ** 26 - 1; // fen; dearer numbers sort as equal among themselves
const REFRESH_EVERY_MS = 1000;
const BATCH = 50_000;
/** Below this many matches the page is cut from the sorted matches, above it from a walk of the order. */
const SORT_MATCHES_LIMIT = 50_000;
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];
const EMPTY = new Int32Array(0);

class Interner {
  readonly values: string[] = [''];
  readonly #index = new Map<string, number>([['', 0]]);
  id(value: string): number {
    let i = this.#index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.#index.set(value, i);
    }
    return i;
  }
  find(value: string): number | undefined {
    return this.#index.get(value);
  }
}

function grow<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, size: number): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  return next;
}

function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** One filter of a query: its posting lists (when it has them) and a test on the columns. */
interface Filter {
  lists: Int32Array[] | null;
  /** Number of slots the filter lets through, or an estimate: filters run smallest first. */
  size: number;
  test: (slot: number) => boolean;
  /** The same test as a bit mask on a column, run in a tight loop: keep when (column & bits) != 0 === any. */
  mask?: { column: Uint16Array | Uint32Array; bits: number; any: boolean };
  /**
   * Bitsets whose intersection holds every match (with `outside`: whose union holds none), AND-ed in a
   * word at a time when many slots are still in; `test` or `mask` runs instead when few are.
   */
  within?: { bitsets: Uint32Array[]; outside?: boolean };
  /** The lists are the index's own posting lists: a dense one is kept as a bitset between searches. */
  postings?: boolean;
}

const BIGRAMS = 100;

export class NumberIndex {
  size = 0;
  #capacity = 0;
  #ids = new Int32Array(0);
  /** 11 ASCII digits per slot. */
  #digits = new Uint8Array(0);
  #tail8 = new Uint32Array(0);
  #op = new Uint8Array(0);
  #seg = new Uint16Array(0);
  #prov = new Uint16Array(0);
  #city = new Uint16Array(0);
  #price = new Int32Array(0);
  #level = new Uint8Array(0);
  #mask = new Uint32Array(0);
  /** Bit d = digit d appears anywhere in the number (a one-digit keyword, excludeDigits). */
  #anyDigits = new Uint16Array(0);
  /**
   * #bigrams[10a+b]: a bitset of the slots whose digits hold "ab" somewhere (a keyword anywhere in the
   * number starts from the AND of its pairs' bitsets instead of a scan of every number). Digits never
   * change in a slot, so these grow with the slots and are never rebuilt.
   */
  #bigrams: Uint32Array[] = Array.from({ length: BIGRAMS }, () => new Uint32Array(0));
  #bigramCounts = new Int32Array(BIGRAMS);
  /**
   * #digitBits[d]: slots with the digit d anywhere in the number: a one-digit keyword keeps them, an
   * excluded digit drops them (NUMBERS.md: excludeDigits means the whole number).
   */
  #digitBits: Uint32Array[] = Array.from({ length: 10 }, () => new Uint32Array(0));
  #status = new Uint8Array(0);
  #promo = new Uint16Array(0);
  readonly #slotById = new Map<number, number>();
  readonly #provinces = new Interner();
  readonly #cities = new Interner();
  readonly #promos = new Interner();

  #dirty = true;
  #words = 0;
  #onSale = new Uint32Array(0);
  #onSaleCount = 0;
  #orderDefault: Int32Array = new Int32Array(0);
  #orderPrice: Int32Array = new Int32Array(0);
  #rankDefault: Int32Array = new Int32Array(0);
  #rankPrice: Int32Array = new Int32Array(0);
  #byOp: Int32Array[] = [];
  #bySeg: Int32Array[] = [];
  #byProv: Int32Array[] = [];
  #byCity: Int32Array[] = [];
  #byPromo: Int32Array[] = [];
  #byPattern: Int32Array[] = [];
  /** #byTail[k][t]: slots whose last k digits (1–4) are t. */
  #byTail: Int32Array[][] = [];

  #scratchBits: Uint32Array[] = [];
  /**
   * Bitsets of the dense posting lists (more entries than the bitset has words), made on first use and
   * dropped with the lists at the next rebuild: OR-ing one costs a pass over the words, not the entries.
   */
  #denseBits = new WeakMap<Int32Array, Uint32Array>();
  /** Bumped by every change the index takes in: answers cached under an older generation are stale. */
  generation = 0;

  #cursor = { version: 0, id: 0 };
  #lastRefreshAt = 0;
  #stale = true;
  #refreshing: Promise<void> | null = null;
  #loaded: Promise<void> | null = null;

  constructor(private readonly db: DbOrTx) {}

  #ensureCapacity(n: number) {
    if (n <= this.#capacity) return;
    const cap = Math.max(n, Math.ceil(this.#capacity * 1.5), 1024);
    if (cap > SLOT_LIMIT) throw new Error('number index full');
    this.#ids = grow(this.#ids, cap);
    this.#digits = grow(this.#digits, cap * 11);
    this.#tail8 = grow(this.#tail8, cap);
    this.#op = grow(this.#op, cap);
    this.#seg = grow(this.#seg, cap);
    this.#prov = grow(this.#prov, cap);
    this.#city = grow(this.#city, cap);
    this.#price = grow(this.#price, cap);
    this.#level = grow(this.#level, cap);
    this.#mask = grow(this.#mask, cap);
    this.#anyDigits = grow(this.#anyDigits, cap);
    const words = (cap + 31) >>> 5;
    this.#bigrams = this.#bigrams.map((bits) => grow(bits, words));
    this.#digitBits = this.#digitBits.map((bits) => grow(bits, words));
    this.#status = grow(this.#status, cap);
    this.#promo = grow(this.#promo, cap);
    this.#capacity = cap;
  }

  /**
   * Adds or updates one row. A status change only flips the on-sale bit; a change to anything the orders
   * or posting lists use marks them for a rebuild.
   */
  apply(row: IndexRow): void {
    this.generation += 1;
    let slot = this.#slotById.get(row.id);
    const prov = this.#provinces.id(row.province_code);
    const city = this.#cities.id(row.city_code);
    const promo = this.#promos.id(row.promo_code);
    if (slot === undefined) {
      slot = this.size;
      this.#ensureCapacity(slot + 1);
      this.size += 1;
      this.#slotById.set(row.id, slot);
      this.#ids[slot] = row.id;
      for (let i = 0; i < 11; i++) this.#digits[slot * 11 + i] = row.number.charCodeAt(i);
      const anyDigits = digitMask(row.number);
      this.#anyDigits[slot] = anyDigits;
      this.#addBigrams(slot);
      this.#addDigits(slot, anyDigits);
      this.#tail8[slot] = Number(row.number.slice(3));
      this.#seg[slot] = Number(row.number.slice(0, 3));
      this.#op[slot] = row.operator_type;
      this.#dirty = true;
    } else if (
      this.#price[slot] !== row.price_fen ||
      this.#level[slot] !== row.level ||
      this.#mask[slot] !== row.pattern_mask ||
      this.#prov[slot] !== prov ||
      this.#city[slot] !== city ||
      this.#promo[slot] !== promo
    ) {
      this.#dirty = true;
    }
    this.#prov[slot] = prov;
    this.#city[slot] = city;
    this.#price[slot] = row.price_fen;
    this.#level[slot] = row.level;
    this.#mask[slot] = row.pattern_mask;
    this.#promo[slot] = promo;
    if (!this.#dirty) this.#setOnSale(slot, row.status === ON_SALE);
    this.#status[slot] = row.status;
    if (row.version > this.#cursor.version || (row.version === this.#cursor.version && row.id > this.#cursor.id)) {
      this.#cursor = { version: row.version, id: row.id };
    }
  }

  #addDigits(slot: number, anyDigits: number) {
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let d = 0; d < 10; d++) {
      const any = this.#digitBits[d] as Uint32Array;
      if (anyDigits & (1 << d)) any[w] = (any[w] as number) | bit;
    }
  }

  #addBigrams(slot: number) {
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let i = slot * 11; i < slot * 11 + 10; i++) {
      const pair = ((this.#digits[i] as number) - 48) * 10 + ((this.#digits[i + 1] as number) - 48);
      const bits = this.#bigrams[pair] as Uint32Array;
      if (((bits[w] as number) & bit) !== 0) continue;
      bits[w] = (bits[w] as number) | bit;
      this.#bigramCounts[pair] = (this.#bigramCounts[pair] as number) + 1;
    }
  }

  #setOnSale(slot: number, onSale: boolean) {
    const w = slot >>> 5;
    const bit = 1 << (slot & 31);
    const was = ((this.#onSale[w] as number) & bit) !== 0;
    if (was === onSale) return;
    this.#onSale[w] = onSale ? (this.#onSale[w] as number) | bit : (this.#onSale[w] as number) & ~bit;
    this.#onSaleCount += onSale ? 1 : -1;
  }

  #scratch(i: number): Uint32Array {
    let bits = this.#scratchBits[i];
    if (!bits || bits.length !== this.#words) {
      bits = new Uint32Array(this.#words);
      this.#scratchBits[i] = bits;
    }
    return bits;
  }

  /** Rebuilds the orders, the posting lists and the on-sale bitset. */
  #rebuild() {
    const n = this.size;
    this.#words = (n + 31) >>> 5;
    const keys = new Float64Array(n);
    const sortedBy = (key: (s: number) => number): [Int32Array, Int32Array] => {
      for (let s = 0; s < n; s++) keys[s] = key(s) * SLOT_LIMIT + s;
      keys.sort();
      const order = new Int32Array(n);
      const rank = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const s = (keys[i] as number) % SLOT_LIMIT;
        order[i] = s;
        rank[s] = i;
      }
      return [order, rank];
    };
    const price = (s: number) => Math.min(Math.max(this.#price[s] as number, 0), PRICE_CAP);
    [this.#orderDefault, this.#rankDefault] = sortedBy(
      (s) => (5 - (this.#level[s] as number)) * (PRICE_CAP + 1) + price(s),
    );
    [this.#orderPrice, this.#rankPrice] = sortedBy(price);

    this.#byOp = this.#postings(5, (s, add) => add(this.#op[s] as number));
    this.#bySeg = this.#postings(100, (s, add) => add((this.#seg[s] as number) - 100));
    this.#byProv = this.#postings(this.#provinces.values.length, (s, add) => add(this.#prov[s] as number));
    this.#byCity = this.#postings(this.#cities.values.length, (s, add) => add(this.#city[s] as number));
    this.#byPromo = this.#postings(this.#promos.values.length, (s, add) => add(this.#promo[s] as number));
    this.#byPattern = this.#postings(32, (s, add) => {
      let m = this.#mask[s] as number;
      for (let bit = 0; m !== 0; bit++, m >>>= 1) if (m & 1) add(bit);
    });
    this.#byTail = [[]];
    for (let k = 1; k <= 4; k++) {
      const mod = POW10[k] as number;
      this.#byTail[k] = this.#postings(mod, (s, add) => add((this.#tail8[s] as number) % mod));
    }
    this.#onSale = new Uint32Array(this.#words);
    this.#onSaleCount = 0;
    this.#dirty = false;
    for (let s = 0; s < n; s++) this.#setOnSale(s, this.#status[s] === ON_SALE);
  }

  /** Posting lists by key, each in slot order, built with a counting pass. */
  #postings(keys: number, each: (slot: number, add: (key: number) => void) => void): Int32Array[] {
    const counts = new Int32Array(keys);
    for (let s = 0; s < this.size; s++) each(s, (k) => (counts[k] = (counts[k] as number) + 1));
    const lists = Array.from(counts, (c) => new Int32Array(c));
    const fill = new Int32Array(keys);
    for (let s = 0; s < this.size; s++) {
      each(s, (k) => {
        (lists[k] as Int32Array)[fill[k] as number] = s;
        fill[k] = (fill[k] as number) + 1;
      });
    }
    return lists;
  }

  /** Loads every row (first use), then keeps up with changes; rebuilds before answering. */
  async ready(): Promise<void> {
    this.#loaded ??= (async () => {
      let after = 0;
      for (;;) {
        const rows = await listIndexRows(this.db, after, BATCH);
        for (const row of rows) this.apply(row);
        if (rows.length < BATCH) break;
        after = (rows[rows.length - 1] as IndexRow).id;
      }
      this.#lastRefreshAt = Date.now();
      this.#stale = false;
    })();
    await this.#loaded;
    if (this.#stale || Date.now() - this.#lastRefreshAt >= REFRESH_EVERY_MS) await this.refresh();
    if (this.#dirty) this.#rebuild();
  }

  /** Marks the index behind the database (a local write); the next search catches up first. */
  markStale(): void {
    this.#stale = true;
  }

  async refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      try {
        this.#stale = false;
        const startedAt = Date.now();
        for (;;) {
          const rows = await listChangedSince(this.db, this.#cursor.version, this.#cursor.id, BATCH);
          for (const row of rows) this.apply(row);
          if (rows.length < BATCH) break;
        }
        this.#lastRefreshAt = startedAt;
      } finally {
        this.#refreshing = null;
      }
    })();
    await this.#refreshing;
  }

  /** Call after `ready()`: answers from the index as it is. */
  search(q: SearchQuery): SearchResult {
    const matched = this.#match(q);
    if (!matched) return { ids: [], total: 0 };
    const { bits, count, priceRun } = matched;
    const offset = (q.page - 1) * q.pageSize;
    if (q.shuffleSeed !== undefined) {
      return { ids: this.#shuffledPage(bits, q.shuffleSeed, offset, q.pageSize), total: count };
    }
    const descending = q.sort === 'priceDesc';
    const [order, rank] =
      q.sort === 'default' ? [this.#orderDefault, this.#rankDefault] : [this.#orderPrice, this.#rankPrice];
    const slots: number[] = [];
    if (count <= SORT_MATCHES_LIMIT) {
      const ranks = new Int32Array(count);
      let i = 0;
      this.#eachSet(bits, (s) => {
        ranks[i++] = rank[s] as number;
      });
      ranks.sort();
      for (let k = offset; k < Math.min(offset + q.pageSize, count); k++) {
        slots.push(order[ranks[descending ? count - 1 - k : k] as number] as number);
      }
    } else {
      // Walk the sort order; a price filter on a price sort narrows the walk to its run of the order.
      const [from, to] = q.sort === 'default' ? [0, this.size] : [priceRun.from, priceRun.to];
      let seen = 0;
      for (let i = from; i < to && slots.length < q.pageSize; i++) {
        const s = order[descending ? to - 1 - (i - from) : i] as number;
        if (((bits[s >>> 5] as number) & (1 << (s & 31))) === 0) continue;
        if (seen >= offset) slots.push(s);
        seen += 1;
      }
    }
    return { ids: slots.map((s) => this.#ids[s] as number), total: count };
  }

  /**
   * Every id the query matches, in its sort order, at most `limit` (the console's bulk change on a whole
   * filter and its export). Call after `ready()`.
   */
  allIds(q: Omit<SearchQuery, 'page' | 'pageSize' | 'shuffleSeed'>, limit: number): SearchResult {
    const matched = this.#match(q);
    if (!matched) return { ids: [], total: 0 };
    const { bits, count } = matched;
    const descending = q.sort === 'priceDesc';
    const order = q.sort === 'default' ? this.#orderDefault : this.#orderPrice;
    const ids: number[] = [];
    for (let i = 0; i < this.size && ids.length < limit; i++) {
      const s = order[descending ? this.size - 1 - i : i] as number;
      if (((bits[s >>> 5] as number) & (1 << (s & 31))) !== 0) ids.push(this.#ids[s] as number);
    }
    return { ids, total: count };
  }

  /** The bitset of the query's matches (a scratch bitset, valid until the next search) and its count. */
  #match(
    q: Omit<SearchQuery, 'page' | 'pageSize' | 'shuffleSeed'>,
  ): { bits: Uint32Array; count: number; priceRun: { from: number; to: number } } | null {
    if (this.#dirty) this.#rebuild();
    const priceRun = { from: 0, to: this.size };
    const filters = this.#filters(q, priceRun);
    if (!filters) return null;
    // Scratch bitsets are reused: a search runs to the end without yielding, so one pair suffices.
    const bits = this.#scratch(0);
    let count = this.#startBits(bits, q.status);
    for (const f of filters) {
      if (count === 0) break;
      // Bitsets cost a pass over the words; testing the slots still in costs a step each.
      if (f.within && count > this.#words / 8) {
        count = this.#keepWithin(bits, f.within.bitsets, f.within.outside === true);
        continue;
      }
      if (f.lists !== null && this.#listsCost(f) <= count) {
        const within = this.#bitsOf(f.lists, f.postings === true);
        count = 0;
        for (let w = 0; w < this.#words; w++) {
          const v = (bits[w] as number) & (within[w] as number);
          bits[w] = v;
          if (v !== 0) count += popcount32(v);
        }
      } else if (f.mask) {
        count = this.#keepWhereMask(bits, f.mask.column, f.mask.bits, f.mask.any);
      } else {
        count = this.#keepWhere(bits, f.test);
      }
    }
    return { bits, count, priceRun };
  }

  /** Fills `bits` with the slots of the status asked for (absent: on sale; null: all); returns their count. */
  #startBits(bits: Uint32Array, status: number | null | undefined): number {
    if (status === undefined || status === ON_SALE) {
      bits.set(this.#onSale);
      return this.#onSaleCount;
    }
    if (status === null) {
      bits.fill(0xffffffff);
      const spare = this.#words * 32 - this.size;
      if (spare > 0) bits[this.#words - 1] = 0xffffffff >>> spare;
      return this.size;
    }
    bits.fill(0);
    let count = 0;
    for (let s = 0; s < this.size; s++) {
      if (this.#status[s] === status) {
        bits[s >>> 5] = (bits[s >>> 5] as number) | (1 << (s & 31));
        count += 1;
      }
    }
    return count;
  }

  /** The query's filters, cheapest first; null when one of them can match nothing. */
  #filters(
    q: Omit<SearchQuery, 'page' | 'pageSize' | 'shuffleSeed'>,
    priceRun: { from: number; to: number },
  ): Filter[] | null {
    const filters: Filter[] = [];
    const list = (l: Int32Array | undefined): Int32Array => l ?? EMPTY;
    const byLists = (lists: Int32Array[], test: (s: number) => boolean): Filter => ({
      lists,
      size: lists.reduce((n, l) => n + l.length, 0),
      test,
      postings: true,
    });

    const promo = q.promoCode === null ? -1 : (this.#promos.find(q.promoCode) ?? -1);
    if (q.promoCode !== null && (this.#byPromo[0]?.length ?? 0) < this.size) {
      const promoArr = this.#promo;
      filters.push(
        byLists([list(this.#byPromo[0]), ...(promo > 0 ? [list(this.#byPromo[promo])] : [])], (s) => {
          const p = promoArr[s] as number;
          return p === 0 || p === promo;
        }),
      );
    }
    if (q.operatorType) {
      const op = q.operatorType;
      const opArr = this.#op;
      filters.push(byLists([list(this.#byOp[op])], (s) => opArr[s] === op));
    }
    if (q.segment) {
      const seg = Number(q.segment);
      const segArr = this.#seg;
      filters.push(byLists([list(this.#bySeg[seg - 100])], (s) => segArr[s] === seg));
    }
    if (q.provinceCode) {
      const prov = this.#provinces.find(q.provinceCode);
      if (prov === undefined) return null;
      const provArr = this.#prov;
      filters.push(byLists([list(this.#byProv[prov])], (s) => provArr[s] === prov));
    }
    if (q.cityCode) {
      const city = this.#cities.find(q.cityCode);
      if (city === undefined) return null;
      const cityArr = this.#city;
      filters.push(byLists([list(this.#byCity[city])], (s) => cityArr[s] === city));
    }
    if (q.patterns && q.patterns.length > 0) {
      let patF = 0;
      for (const code of q.patterns) patF |= PATTERN_BIT[code];
      const bits = q.patterns.map((code) => Math.log2(PATTERN_BIT[code]));
      const maskArr = this.#mask;
      filters.push(
        byLists(
          bits.map((b) => list(this.#byPattern[b])),
          (s) => ((maskArr[s] as number) & patF) !== 0,
        ),
      );
    }
    const kw = q.keyword ?? '';
    if (kw) filters.push(...this.#keywordFilters(kw, q.position));
    if (q.priceMinFen !== undefined || q.priceMaxFen !== undefined) {
      const min = q.priceMinFen ?? Number.NEGATIVE_INFINITY;
      const max = q.priceMaxFen ?? Number.POSITIVE_INFINITY;
      const priceArr = this.#price;
      const order = this.#orderPrice;
      // The price range is one run of the price order: find its ends by binary search.
      const firstAtLeast = (fen: number) => {
        let lo = 0;
        let hi = this.size;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if ((priceArr[order[mid] as number] as number) < fen) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      const from = firstAtLeast(min);
      const to = Math.max(from, max === Number.POSITIVE_INFINITY ? this.size : firstAtLeast(max + 1));
      priceRun.from = from;
      priceRun.to = to;
      filters.push({
        lists: [order.subarray(from, to)],
        size: to - from,
        test: (s) => (priceArr[s] as number) >= min && (priceArr[s] as number) <= max,
      });
    }
    if (q.excludeDigits && q.excludeDigits.length > 0) {
      let ex = 0;
      for (const d of q.excludeDigits) ex |= 1 << d;
      const digitsArr = this.#anyDigits;
      filters.push({
        lists: null,
        size: Number.POSITIVE_INFINITY,
        test: (s) => ((digitsArr[s] as number) & ex) === 0,
        mask: { column: digitsArr, bits: ex, any: false },
        within: {
          bitsets: q.excludeDigits.map((d) => this.#digitBits[d] as Uint32Array),
          outside: true,
        },
      });
    }
    return filters.sort((a, b) => a.size - b.size);
  }

  #keywordFilters(kw: string, position: 'any' | 'tail'): Filter[] {
    const len = kw.length;
    const bytes = Uint8Array.from(kw, (c) => c.charCodeAt(0));
    const digits = this.#digits;
    if (position === 'tail') {
      const tail8 = this.#tail8;
      const mod = POW10[len] ?? 0;
      const value = len <= 8 ? Number(kw) : -1;
      const test =
        value >= 0
          ? (s: number) => (tail8[s] as number) % mod === value
          : (s: number) => {
              for (let i = 0; i < len; i++) if (digits[s * 11 + 11 - len + i] !== bytes[i]) return false;
              return true;
            };
      const k = Math.min(len, 4);
      const posting = this.#byTail[k]?.[Number(kw.slice(-k))] ?? EMPTY;
      const lastFour: Filter = { lists: [posting], size: posting.length, test, postings: true };
      // A longer tail starts from its last four digits' list and is tested in full on what is left.
      return len <= 4 ? [lastFour] : [lastFour, { lists: null, size: Number.POSITIVE_INFINITY, test }];
    }
    const test = (s: number) => {
      const base = s * 11;
      outer: for (let start = 0; start <= 11 - len; start++) {
        for (let i = 0; i < len; i++) if (digits[base + start + i] !== bytes[i]) continue outer;
        return true;
      }
      return false;
    };
    if (len === 1) {
      const digit: Filter = {
        lists: null,
        size: Number.POSITIVE_INFINITY,
        test,
        mask: { column: this.#anyDigits, bits: 1 << ((bytes[0] as number) - 48), any: true },
        within: { bitsets: [this.#digitBits[(bytes[0] as number) - 48] as Uint32Array] },
      };
      return [digit];
    }
    // Two or more digits: the numbers holding every pair of the keyword, then (3+ digits) the exact test.
    const pairs = new Set<number>();
    for (let i = 0; i + 1 < len; i++) pairs.add(((bytes[i] as number) - 48) * 10 + ((bytes[i + 1] as number) - 48));
    const bitsets = [...pairs].map((pair) => this.#bigrams[pair] as Uint32Array);
    const size = Math.min(...[...pairs].map((pair) => this.#bigramCounts[pair] as number));
    const pairsFilter = { lists: null, size: size / 10 ** (len - 2), test, within: { bitsets } };
    // The pairs may sit apart ("31" and "14" without "314"): the exact test runs last, on the fewest slots.
    return len === 2 ? [pairsFilter] : [pairsFilter, { lists: null, size: Number.POSITIVE_INFINITY, test }];
  }

  /** ANDs the bitsets into `bits`; returns the count left. */
  #keepWithin(bits: Uint32Array, bitsets: Uint32Array[], outside: boolean): number {
    let count = 0;
    for (const within of bitsets) {
      count = 0;
      for (let w = 0; w < this.#words; w++) {
        const v = (bits[w] as number) & (outside ? ~(within[w] as number) : (within[w] as number));
        bits[w] = v;
        if (v !== 0) count += popcount32(v);
      }
    }
    return count;
  }

  /** What OR-ing a filter's lists into a bitset costs, in steps: entries, or words for a dense posting list. */
  #listsCost(f: Filter): number {
    if (!f.postings || f.lists === null) return f.size;
    let cost = 0;
    for (const l of f.lists) cost += Math.min(l.length, this.#words);
    return cost;
  }

  #bitsOf(lists: Int32Array[], postings = false): Uint32Array {
    const bits = this.#scratch(1);
    bits.fill(0);
    for (const l of lists) {
      if (postings && l.length > this.#words) {
        const dense = this.#denseBitsOf(l);
        for (let w = 0; w < this.#words; w++) bits[w] = (bits[w] as number) | (dense[w] as number);
        continue;
      }
      for (let i = 0; i < l.length; i++) {
        const s = l[i] as number;
        bits[s >>> 5] = (bits[s >>> 5] as number) | (1 << (s & 31));
      }
    }
    return bits;
  }

  #denseBitsOf(list: Int32Array): Uint32Array {
    let bits = this.#denseBits.get(list);
    if (!bits) {
      bits = new Uint32Array(this.#words);
      for (let i = 0; i < list.length; i++) {
        const s = list[i] as number;
        bits[s >>> 5] = (bits[s >>> 5] as number) | (1 << (s & 31));
      }
      this.#denseBits.set(list, bits);
    }
    return bits;
  }

  /** Clears the slots failing `test`; returns the bitset and its count. */
  #keepWhere(bits: Uint32Array, test: (s: number) => boolean): number {
    let count = 0;
    for (let w = 0; w < this.#words; w++) {
      let v = bits[w] as number;
      if (v === 0) continue;
      let keep = v;
      while (v !== 0) {
        const low = v & -v;
        const s = (w << 5) + (31 - Math.clz32(low));
        if (!test(s)) keep &= ~low;
        v ^= low;
      }
      bits[w] = keep;
      if (keep !== 0) count += popcount32(keep);
    }
    return count;
  }

  /** #keepWhere for a bit-mask test, without a call per number. */
  #keepWhereMask(bits: Uint32Array, column: Uint16Array | Uint32Array, mask: number, any: boolean): number {
    let count = 0;
    for (let w = 0; w < this.#words; w++) {
      let v = bits[w] as number;
      if (v === 0) continue;
      let keep = v;
      while (v !== 0) {
        const low = v & -v;
        const s = (w << 5) + (31 - Math.clz32(low));
        if ((((column[s] as number) & mask) !== 0) !== any) keep &= ~low;
        v ^= low;
      }
      bits[w] = keep;
      if (keep !== 0) count += popcount32(keep);
    }
    return count;
  }

  #eachSet(bits: Uint32Array, visit: (s: number) => void) {
    for (let w = 0; w < this.#words; w++) {
      let v = bits[w] as number;
      while (v !== 0) {
        const low = v & -v;
        visit((w << 5) + (31 - Math.clz32(low)));
        v ^= low;
      }
    }
  }

  /** A page of a seeded shuffle: the matches ordered by a hash of (id, seed), stable for that seed. */
  #shuffledPage(bits: Uint32Array, seed: number, offset: number, pageSize: number): number[] {
    const want = offset + pageSize;
    // Keep the `want` smallest keys in a max-heap: O(matches · log want).
    const heap: number[] = [];
    const push = (key: number) => {
      if (heap.length < want) {
        heap.push(key);
        for (let i = heap.length - 1; i > 0; ) {
          const p = (i - 1) >> 1;
          if ((heap[p] as number) >= (heap[i] as number)) break;
          [heap[p], heap[i]] = [heap[i] as number, heap[p] as number];
          i = p;
        }
      } else if (key < (heap[0] as number)) {
        heap[0] = key;
        for (let i = 0; ; ) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && (heap[l] as number) > (heap[m] as number)) m = l;
          if (r < heap.length && (heap[r] as number) > (heap[m] as number)) m = r;
          if (m === i) break;
          [heap[m], heap[i]] = [heap[i] as number, heap[m] as number];
          i = m;
        }
      }
    };
    this.#eachSet(bits, (s) => {
      let h = Math.imul((this.#ids[s] as number) ^ seed, 0x9e3779b1);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      push((h >>> 2) * SLOT_LIMIT + s); // 30 + 23 bits: exact in a double
    });
    const sorted = Float64Array.from(heap).sort();
    const out: number[] = [];
    for (let i = offset; i < sorted.length; i++) out.push(this.#ids[(sorted[i] as number) % SLOT_LIMIT] as number);
    return out;
  }
}
