/** The operator names of goods, by SCREENS §0 "Operators", through the dictionary lookup (`operator_type`). */
import type { TFunction } from 'i18next';
import { dictLabel } from '../site/dict-label';

export const GOODS_OPERATORS = [1, 2, 3, 4] as const;

export function operatorName(t: TFunction, operatorType: number): string {
  return (GOODS_OPERATORS as readonly number[]).includes(operatorType)
    ? dictLabel(t, 'operator_type', operatorType)
    : '';
}
