/**
 * What is stored for a number beside its own fields: operator from the segment, pattern codes and level
 * from the contract's vanity-patterns module, and the tail-digit mask. Computed once, when written.
 */
import {
  levelOf,
  NUMBER_RE,
  type OperatorType,
  operatorOfNumber,
  patternMask,
  patternsOf,
  tailDigitMask,
} from '@haoka/contract';

export interface DerivedNumber {
  segment: string;
  operator_type: OperatorType;
  level: number;
  pattern_mask: number;
  tail_digit_mask: number;
}

/** Derives the stored columns, or says why the number cannot be sold. */
export function deriveNumber(number: string, declaredOperator?: number): DerivedNumber | { error: string } {
  if (!NUMBER_RE.test(number)) return { error: 'number must be 11 digits starting with 1' };
  const operator = operatorOfNumber(number);
  if (!operator) return { error: `prefix ${number.slice(0, 3)} belongs to no operator` };
  if (declaredOperator !== undefined && declaredOperator !== operator) {
    return { error: `operator ${declaredOperator} does not match prefix ${number.slice(0, 3)}` };
  }
  const codes = patternsOf(number);
  return {
    segment: number.slice(0, 3),
    operator_type: operator,
    level: levelOf(codes),
    pattern_mask: patternMask(codes),
    tail_digit_mask: tailDigitMask(number),
  };
}
