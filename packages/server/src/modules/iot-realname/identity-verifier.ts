/**
 * The instant two-factor check (二要素: name + ID number) of platform real-name type 1. A real provider
 * (a bank-card / public-security data service) implements `IdentityVerifier`; the built-in one below
 * decides locally so the product works without one.
 */
import { idCardCheckChar } from '@haoka/contract';

export type IdentityVerdict = { ok: true } | { ok: false; reason: string };

export interface IdentityVerifier {
  readonly name: string;
  /**
   * Whether `name` is the holder of `idCard` (uppercase, 18 characters, a valid date). Resolves a
   * verdict; rejects only when the provider cannot be reached (the caller answers 请稍后再试).
   */
  verify(person: { name: string; idCard: string }): Promise<IdentityVerdict>;
}

/** The GB 11643 check character lives with the ID validator in the contract. */
export { idCardCheckChar };

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
