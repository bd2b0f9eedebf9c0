/** Package duration units and the lifetime label (SPEC §9). */

export const DurationUnit = { DAY: 1, MONTH: 2, YEAR: 3 } as const;
export type DurationUnit = (typeof DurationUnit)[keyof typeof DurationUnit];

/** Years from which a year-unit package is labelled lifetime (SPEC §9). */
export const LIFETIME_MIN_YEARS = 20;

/** spec §9: the lifetime label shows when the unit is years and the duration is 20 or more. */
export function isLifetime(duration: number, unit: number): boolean {
  return unit === DurationUnit.YEAR && duration >= LIFETIME_MIN_YEARS;
}
