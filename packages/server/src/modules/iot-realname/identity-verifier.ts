/**
 * The instant two-factor check (二要素: name + ID number) of platform real-name type 1. A real provider
 * (a bank-card / public-security data service) implements `IdentityVerifier`; the built-in one below
 * decides locally so the product works without one.
 */

export type IdentityVerdict = { ok: true } | { ok: false; reason: string };

export interface IdentityVerifier {
  readonly name: string;
  /**
   * Whether `name` is the holder of `idCard` (uppercase, 18 characters, a valid date). Resolves a
   * verdict; rejects only when the provider cannot be reached (the caller answers 请稍后再试).
   */
  verify(person: { name: string; idCard: string }): Promise<IdentityVerdict>;
}

const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The GB 11643 check character of the first 17 digits of an ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (CHECK_WEIGHTS[i] as number);
  return CHECK_CHARS[sum % 11] as string;
}

export const MISMATCH_REMARK = '姓名与身份证号不一致';

/**
 * The built-in check: no personal register behind it, so it refuses what no register could match — an
 * ID number whose GB 11643 check character is wrong (no such person exists) — and names marked as test
 * data (containing 测试). Everything else passes.
 */
export const builtInIdentityVerifier: IdentityVerifier = {
  name: 'built-in',
  async verify({ name, idCard }) {
    if (idCard.length !== 18 || idCardCheckChar(idCard.slice(0, 17)) !== idCard[17]) {
      return { ok: false, reason: MISMATCH_REMARK };
    }
    if (name.includes('测试')) return { ok: false, reason: MISMATCH_REMARK };
    return { ok: true };
  },
};
