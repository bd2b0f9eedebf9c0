/** A mall price: N积分, with + ¥cash when the goods also costs money (SCREENS §4 integralShop). */
import { yuanToFen } from '@haoka/contract';
import { useTranslation } from '../../../i18n/react';
import '../i18n';
import './common.css';
import './points-price.css';

export function PointsPrice({
  points,
  cash,
  large = false,
  testId,
}: {
  points: number;
  /** Yuan; omitted when zero. */
  cash: string;
  large?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const hasCash = yuanToFen(cash) > 0;
  return (
    <span className={`mall-price${large ? ' mall-price--large' : ''}`} data-testid={testId}>
      {t('iotMall.common.points', { count: points })}
      {hasCash ? <span className="mall-price__cash"> {t('iotMall.common.plusCash', { amount: cash })}</span> : null}
    </span>
  );
}
