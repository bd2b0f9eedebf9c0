/** The operator names of goods, by SCREENS §0 "Operators", through the catalogue. */
import type { TFunction } from 'i18next';

const OPERATOR_KEYS = {
  1: 'goods.operators.cmcc',
  2: 'goods.operators.cucc',
  3: 'goods.operators.ctcc',
  4: 'goods.operators.cbn',
} as const;

export const GOODS_OPERATORS = [1, 2, 3, 4] as const;

export function operatorName(t: TFunction, operatorType: number): string {
  const key = OPERATOR_KEYS[operatorType as keyof typeof OPERATOR_KEYS];
  return key ? t(key) : '';
}
