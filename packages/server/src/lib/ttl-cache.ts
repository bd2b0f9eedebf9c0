/** A small in-process cache with a time to live; a failed load is not cached. */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 1000,
  ) {
    this.#maxEntries = maxEntries;
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    if (this.ttlMs > 0) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
      this.#entries.set(key, { value, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
