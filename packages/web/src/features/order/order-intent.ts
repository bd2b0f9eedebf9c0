/**
 * The idempotency key of an order (API.md §0 "Idempotency"): one client UUID per intent. Submitting the
 * same form again (a retry after a timeout, a double tap) reuses the key, so the server answers with the
 * first order instead of making a second; any change to what is sent is a new intent with a new key
 * (the server refuses a reused key with a different payload).
 */

/** A v4 UUID: crypto.randomUUID where the page is a secure context, else built from getRandomValues. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Key order does not matter; undefined fields are left out (they are not sent either). */
function fingerprint(payload: Record<string, unknown>): string {
  const keys = Object.keys(payload)
    .filter((k) => payload[k] !== undefined)
    .sort();
  return JSON.stringify(keys.map((k) => [k, payload[k]]));
}

export interface OrderIntent {
  /** The key for this payload: the previous one if the payload is unchanged, else a new one. */
  uuidFor(payload: Record<string, unknown>): string;
}

export function createOrderIntent(makeUuid: () => string = newUuid): OrderIntent {
  let last: { print: string; uuid: string } | null = null;
  return {
    uuidFor(payload) {
      const print = fingerprint(payload);
      if (last?.print !== print) last = { print, uuid: makeUuid() };
      return last.uuid;
    },
  };
}
