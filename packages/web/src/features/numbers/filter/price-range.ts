/** 价格区间 of 更多筛选 (SCREENS §2): preset chips and a custom min/max of whole yuan, ≥ 0, min ≤ max. */

export interface PriceRange {
  priceMin: number | null;
  priceMax: number | null;
}

export const PRICE_PRESETS: readonly PriceRange[] = [
  { priceMin: 0, priceMax: 100 },
  { priceMin: 100, priceMax: 500 },
  { priceMin: 500, priceMax: 2000 },
  { priceMin: 2000, priceMax: null },
];

export type PriceRangeError = 'priceInvalid' | 'priceOrder';
export type PriceRangeResult = ({ ok: true } & PriceRange) | { ok: false; error: PriceRangeError };

const MAX_PRICE = 10_000_000;

function parseBound(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_PRICE ? n : undefined;
}

/** Reads the custom inputs: empty means open; anything but a whole number ≥ 0 is refused. */
export function parsePriceRange(minText: string, maxText: string): PriceRangeResult {
  const priceMin = parseBound(minText);
  const priceMax = parseBound(maxText);
  if (priceMin === undefined || priceMax === undefined) return { ok: false, error: 'priceInvalid' };
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) return { ok: false, error: 'priceOrder' };
  return { ok: true, priceMin, priceMax };
}

/** Keeps only digits while typing (the keyboard may still offer signs and dots). */
export function sanitizePriceInput(text: string): string {
  return text.replace(/\D+/g, '').slice(0, 8);
}

export function isPreset(range: PriceRange, preset: PriceRange): boolean {
  return range.priceMin === preset.priceMin && range.priceMax === preset.priceMax;
}
