/** Operator image of SCREENS §0 "Operators" (/static/operator/{type}.png), named for screen readers. */
import { operatorImage } from '@haoka/contract';
import { useTranslation } from '../../../i18n/react';
import { operatorName } from '../operators';

export function OperatorLogo({ type, size = 20 }: { type: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <img
      className="numbers-operator"
      src={operatorImage(type, import.meta.env.BASE_URL)}
      alt={operatorName(t, type)}
      width={size}
      height={size}
      data-testid="number-operator"
      data-operator={type}
    />
  );
}
