/** Home rules shared by both sides: the first group tab and the list arrangement (SPEC §4, §9). */

export const NumberGroup = { VANITY: 1, GOODS: 2 } as const;
export type NumberGroup = (typeof NumberGroup)[keyof typeof NumberGroup];

/** Effective default when neither the user nor the site front chose (SPEC §9). */
export const DEFAULT_FIRST_GROUP: NumberGroup = 2;
/** The site front's own default value (SPEC §3). */
export const FRONT_DEFAULT_FIRST_GROUP = 1;

/** spec §4: the user's choice if above 0, else the site front value if above 0, else 2. */
export function effectiveFirstGroup(userChoice: unknown, frontValue: unknown): number {
  const user = Number(userChoice);
  if (Number.isFinite(user) && user > 0) return user;
  const front = Number(frontValue);
  if (Number.isFinite(front) && front > 0) return front;
  return DEFAULT_FIRST_GROUP;
}

export type IndexArrange = 1 | 2;

/** spec §4: indexArrange outside 1..2 falls back to 1 (1 list, 2 grid). */
export function normalizeArrange(value: unknown): IndexArrange {
  const n = Number(value);
  return n === 2 ? 2 : 1;
}
