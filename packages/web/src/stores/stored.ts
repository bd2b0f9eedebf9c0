/**
 * How a persisted store reads what it finds in storage (SPEC §3 "Persisted locally"). A store's shape is
 * a `group` of fields; a field reads one stored value into the field's type: the value when it passes
 * the field's check, else the field's default. Stored data that does not fit is then dropped field by
 * field and never crashes the app, and a first visit (nothing stored: `undefined` everywhere) reads the
 * defaults, so the defaults are written once, beside their checks.
 *
 * This replaces zod/mini on the first screen: the stores need these few checks, not a schema library
 * (ADR 0028: 7.4 KB gzip of zod against well under 1 KB).
 */

/** Reads a stored value: the field's value, its default when the value is missing or unusable. */
export type Field<T> = (stored: unknown) => T;

/** A check of a stored value. */
export type Is<T> = (value: unknown) => value is T;

export const isText: Is<string> = (value): value is string => typeof value === 'string';
export const isFlag: Is<boolean> = (value): value is boolean => typeof value === 'boolean';
export const isNumber: Is<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isWhole: Is<number> = (value): value is number => Number.isSafeInteger(value);

/** A plain object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A server answer kept in a store, typed as the contract's type: checked to be an object, not against
 * the contract's schema (ADR 0022; such a store is versioned by the contract's fingerprint, persist.ts).
 */
export const isAnswer = <T extends object>(): Is<T> => isObject as Is<T>;

export const isMatch =
  (pattern: RegExp): Is<string> =>
  (value): value is string =>
    isText(value) && pattern.test(value);

export const listOf =
  <T>(item: Is<T>, max = Number.POSITIVE_INFINITY): Is<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.length <= max && value.every(item);

export const recordOf =
  <T>(item: Is<T>): Is<Record<string, T>> =>
  (value): value is Record<string, T> =>
    isObject(value) && Object.values(value).every(item);

export const orNull =
  <T>(is: Is<T>): Is<T | null> =>
  (value): value is T | null =>
    value === null || is(value);

/**
 * A field that keeps a stored value passing `is`, else takes `fallback` (a function for a default made
 * anew each time, like a random id). A present value that fails is reported once, as a warning.
 */
export function field<T>(is: Is<T>, fallback: T | (() => T)): Field<T> {
  return (stored) => {
    if (is(stored)) return stored;
    if (stored !== undefined) console.warn('[store] dropped an invalid stored value');
    return typeof fallback === 'function' ? (fallback as () => T)() : fallback;
  };
}

/** What a field reads: `Value<typeof shape>` is a store's state. */
export type Value<F> = F extends Field<infer T> ? T : never;

export type Shape = Record<string, Field<unknown>>;
export type Fields<S extends Shape> = { [K in keyof S]: Value<S[K]> };

/** A field made of fields, an object; `keys` are its fields' names. */
export interface Group<S extends Shape> extends Field<Fields<S>> {
  readonly keys: readonly (keyof S & string)[];
}

/** Reads each field from the stored object; a stored value that is not an object reads as empty. */
export function group<S extends Shape>(shape: S): Group<S> {
  const keys = Object.keys(shape) as (keyof S & string)[];
  const read = (stored: unknown) => {
    if (stored !== undefined && !isObject(stored)) console.warn('[store] dropped an invalid stored object');
    const from = isObject(stored) ? stored : {};
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = (shape[key] as Field<unknown>)(from[key]);
    return out as Fields<S>;
  };
  return Object.assign(read, { keys });
}
