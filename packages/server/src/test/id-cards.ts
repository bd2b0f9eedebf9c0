/** ID numbers for tests: valid under GB 11643 (the contract's `isIdCard`), so only the rule a test aims at refuses. */
import { idCardCheckChar } from '@haoka/contract';

/** A valid ID number of someone born on `birth` (YYYYMMDD) in 东城区, with the 3-digit sequence `seq`. */
export function validIdCard(birth: string, seq: number | string): string {
  const first17 = `110101${birth}${String(seq).padStart(3, '0').slice(-3)}`;
  return `${first17}${idCardCheckChar(first17)}`;
}
