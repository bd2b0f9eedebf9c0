/** A duration in the largest whole unit that fits (3 h, 90 s → 1 min, 1 d); the caller words it. */
export type DurationUnit = 'ms' | 's' | 'min' | 'h' | 'd';

const UNITS: [number, DurationUnit][] = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1000, 's'],
];

export function durationParts(ms: number): { unit: DurationUnit; n: number } {
  for (const [size, unit] of UNITS) if (ms >= size) return { unit, n: Math.floor(ms / size) };
  return { unit: 'ms', n: Math.max(0, Math.round(ms)) };
}
