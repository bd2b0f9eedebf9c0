/** Operator names (SCREENS §0 "Operators": 1–4 and 99 for a device), through the dictionary lookup (`operator_type`). */
import type { TFunction } from 'i18next';
import { dictLabel } from '../site/dict-label';

const DEVICE = 99;

export function operatorName(t: TFunction, type: number): string {
  return dictLabel(t, 'operator_type', type >= 1 && type <= 4 ? type : DEVICE);
}
