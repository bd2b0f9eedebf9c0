/**
 * Demo inventory generator (NUMBERS.md "Levels and prices"): real operator segments, many provinces,
 * tails biased towards patterns so every code has stock, and demo prices by level. Deterministic per seed.
 */
import { OPERATOR_SEGMENTS, OPERATOR_TYPES } from '@haoka/contract';
import { citiesOf, provinces } from '../../lib/regions.js';
import { deriveNumber } from './number-row.js';

/** Demo 预存 range (yuan), minimum monthly spend (yuan) and contract months per level. */
export const DEMO_PRICING: Record<number, { min: number; max: number; minConsume: number; months: number }> = {
  5: { min: 3000, max: 30000, minConsume: 299, months: 60 },
  4: { min: 800, max: 5000, minConsume: 199, months: 48 },
  3: { min: 200, max: 1000, minConsume: 99, months: 24 },
  2: { min: 50, max: 200, minConsume: 59, months: 12 },
  1: { min: 0, max: 0, minConsume: 0, months: 0 },
};

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoNumber {
  number: string;
  provinceCode: string;
  cityCode: string;
  priceFen: number;
  originalPriceFen: number;
  minConsumeFen: number;
  contractMonths: number;
}

const digit = (r: () => number) => Math.floor(r() * 10);
const digits = (r: () => number, n: number) => Array.from({ length: n }, () => digit(r)).join('');

/** A tail of 8 digits, biased towards the pattern families so each has stock. */
function tail8(r: () => number): string {
  const x = digit(r);
  let y = digit(r);
  if (y === x) y = (x + 1) % 10;
  let z = digit(r);
  if (z === y) z = (y + 1) % 10;
  const roll = r();
  if (roll < 0.5) return digits(r, 8);
  if (roll < 0.53) return digits(r, 3) + String(x).repeat(5);
  if (roll < 0.58) return digits(r, 4) + String(x).repeat(4);
  if (roll < 0.65) return digits(r, 5) + String(x).repeat(3);
  if (roll < 0.7) return `${digits(r, 4)}${x}${x}${y}${y}`;
  if (roll < 0.74) return `${digits(r, 4)}${x}${y}${x}${y}`;
  if (roll < 0.77) return `${digits(r, 4)}${x}${x}${x}${y}`;
  if (roll < 0.8) return `${digits(r, 4)}${x}${y}${y}${y}`;
  if (roll < 0.82) return `${digits(r, 2)}${x}${x}${y}${y}${z}${z}`;
  if (roll < 0.84) return `${digits(r, 2)}${x}${y}${z}${x}${y}${z}`;
  if (roll < 0.9) {
    const len = 3 + Math.floor(r() * 3);
    const start = Math.floor(r() * (11 - len));
    const run = Array.from({ length: len }, (_, i) => start + i).join('');
    return digits(r, 8 - len) + run;
  }
  if (roll < 0.92) {
    const start = 3 + Math.floor(r() * 7);
    return `${digits(r, 4)}${start}${start - 1}${start - 2}${start - 3}`;
  }
  if (roll < 0.96) {
    const year = 1950 + Math.floor(r() * 80);
    const month = 1 + Math.floor(r() * 12);
    const day = 1 + Math.floor(r() * 28);
    return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
  }
  return r() < 0.5 ? `${digits(r, 5)}520` : `${digits(r, 4)}1314`;
}

/** `count` distinct demo numbers, deterministic for a seed. */
export function* generateDemoNumbers(count: number, seed = 2026): Generator<DemoNumber> {
  const r = prng(seed);
  const regions = provinces().map((p) => ({ province: p.code, cities: citiesOf(p.code).map((c) => c.code) }));
  const segments = OPERATOR_TYPES.flatMap((op) => OPERATOR_SEGMENTS[op].map((s) => ({ op, s })));
  const seen = new Set<string>();
  let made = 0;
  while (made < count) {
    // Weight operators like the market: mobile, unicom, telecom, then broadcast.
    const roll = r();
    const op = roll < 0.45 ? 1 : roll < 0.72 ? 2 : roll < 0.95 ? 3 : 4;
    const pool = segments.filter((x) => x.op === op);
    const segment = (pool[Math.floor(r() * pool.length)] ?? pool[0])?.s ?? '138';
    const number = `${segment}${tail8(r)}`;
    if (seen.has(number)) continue;
    seen.add(number);
    const region = regions[Math.floor(r() * regions.length)] ?? regions[0];
    if (!region) throw new Error('no region data');
    const cityCode = region.cities[Math.floor(r() * region.cities.length)] ?? region.province;
    // Priced by the level the stored row will have (the same derivation the seeder writes).
    const derived = deriveNumber(number);
    if ('error' in derived) throw new Error(`demo generator made an invalid number ${number}: ${derived.error}`);
    const pricing = DEMO_PRICING[derived.level] ?? DEMO_PRICING[1];
    if (!pricing) throw new Error('no pricing');
    const yuan = pricing.max > 0 ? Math.round((pricing.min + r() * (pricing.max - pricing.min)) / 10) * 10 : 0;
    made += 1;
    yield {
      number,
      provinceCode: region.province,
      cityCode,
      priceFen: yuan * 100,
      originalPriceFen: Math.round(yuan * 1.5) * 100,
      minConsumeFen: pricing.minConsume * 100,
      contractMonths: pricing.months,
    };
  }
}
