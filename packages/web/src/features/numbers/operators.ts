/** Catalogue keys of the operator names (SCREENS §0 "Operators": 1–4 and 99 for a device). */
const OPERATOR_KEYS = {
  1: 'vanity.operators.cmcc',
  2: 'vanity.operators.cucc',
  3: 'vanity.operators.ctcc',
  4: 'vanity.operators.cbn',
  99: 'vanity.operators.device',
} as const;

export type OperatorKey = (typeof OPERATOR_KEYS)[keyof typeof OPERATOR_KEYS];

export function operatorKey(type: number): OperatorKey {
  return OPERATOR_KEYS[type as keyof typeof OPERATOR_KEYS] ?? OPERATOR_KEYS[99];
}
