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
  if (!NUMBER_RE.test(number)) return { error: '号码必须是以1开头的11位数字' };
  const operator = operatorOfNumber(number);
  if (!operator) return { error: `号段 ${number.slice(0, 3)} 不属于任何运营商` };
  if (declaredOperator !== undefined && declaredOperator !== operator) {
    return { error: `运营商 ${declaredOperator} 与号段 ${number.slice(0, 3)} 不符` };
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
