/**
 * What a catalogue form is made of: each kind's descriptor (kinds.ts) lists its fields as these specs, and
 * one renderer (field-input.tsx) draws them. The form's store holds the contract's item as it is sent (money
 * in fen, flags 0|1); the inputs show and read their own units (yuan, a switch) through the form item's
 * value props, so there is no conversion step between the form and the request.
 */

/** A field's label: `catalogue.fields.<label>` in the i18n files. */
export type FieldLabel = string;

interface Base {
  /** The item's property, dotted for a nested one (`privileges.gi`). */
  name: string;
  /** The i18n key under `catalogue.fields` (defaults to the last part of `name`). */
  label?: FieldLabel;
  required?: boolean;
  /** The i18n key under `catalogue.help` of a hint under the field. */
  help?: string;
}

export type FieldSpec =
  | (Base & { type: 'text'; max: number })
  | (Base & { type: 'textarea'; max: number; rows?: number })
  | (Base & { type: 'int'; min: number; max: number; nullable?: boolean })
  /** A number with `precision` decimals (a coupon's discount, 9.5 = 95 %). */
  | (Base & { type: 'decimal'; min: number; max: number; precision: number; nullable?: boolean })
  /** Integer fen in the item, yuan with two decimals in the input. */
  | (Base & { type: 'money'; nullable?: boolean })
  /** One of `values`, labelled `catalogue.options.<options>.<value>`. */
  | (Base & {
      type: 'select';
      options: string;
      values: readonly (string | number)[];
      nullable?: boolean;
      multiple?: boolean;
    })
  /** A points-mall category, chosen from the server's list (null = none). */
  | (Base & { type: 'mallCategory' })
  /** A list of short strings typed as tags. */
  | (Base & { type: 'tags'; max: number; maxCount: number })
  /** A list of integers typed as tags (each a number). */
  | (Base & { type: 'numbers'; max: number; maxCount: number })
  /** 0|1 as a switch. */
  | (Base & { type: 'flag' })
  /** An image URL or site path. */
  | (Base & { type: 'image' })
  /** A list of image URLs. */
  | (Base & { type: 'images'; maxCount: number })
  /** Structured data edited as JSON text (a single page's blocks); parsed when the form is sent. */
  | (Base & { type: 'json'; rows: number })
  /** A list of objects, each with `fields`; `row` is a new entry's values. */
  | (Base & { type: 'list'; fields: FieldSpec[]; maxCount: number; row: Record<string, unknown> });

/** The name as antd's NamePath. */
export function pathOf(name: string): string[] {
  return name.split('.');
}

export function labelOf(spec: FieldSpec): string {
  return spec.label ?? spec.name.split('.').at(-1) ?? spec.name;
}

/** Fen (the item's unit) shown as yuan, and yuan typed read back as fen (rounded to the fen). */
export function fenToYuanNumber(fen: unknown): number | null {
  return typeof fen === 'number' && Number.isFinite(fen) ? fen / 100 : null;
}

export function yuanNumberToFen(yuan: unknown): number | null {
  return typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : null;
}

/** The form's values of an item: JSON fields as text (the rest is the item as it is). */
export function formValuesOf(fields: readonly FieldSpec[], item: Record<string, unknown>): Record<string, unknown> {
  const values = structuredClone(item);
  for (const spec of fields)
    if (spec.type === 'json' && spec.name in values) values[spec.name] = JSON.stringify(values[spec.name], null, 2);
  return values;
}

/** The item of the form's values: JSON fields parsed (their validator already refused text that is not JSON). */
export function itemOf(fields: readonly FieldSpec[], values: Record<string, unknown>): Record<string, unknown> {
  const item = { ...values };
  for (const spec of fields) {
    const text = item[spec.name];
    if (spec.type === 'json' && typeof text === 'string') item[spec.name] = text.trim() ? JSON.parse(text) : [];
  }
  return item;
}

/** Whether `text` parses as a JSON array ('' counts as the empty list). */
export function isJsonList(text: unknown): boolean {
  if (typeof text !== 'string' || !text.trim()) return true;
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}
