/** One goods line of an order: picture, name, spec, quantity and price (确认订单, orders, order details). */

import type { ReactNode } from 'react';
import { Image } from '../../../components/image';
import { useTranslation } from '../../../i18n/react';
import { PointsPrice } from './points-price';
import '../i18n';
import './goods-line.css';

export function GoodsLine({
  image,
  name,
  specText,
  quantity,
  points,
  cash,
  extra,
}: {
  image: string;
  name: string;
  specText: string;
  quantity: number;
  /** Price of the whole line. */
  points: number;
  cash: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mall-line" data-testid="mall-goods-line">
      <Image src={image} alt="" fit="cover" lazy />
      <div className="mall-line__body">
        <div className="mall-line__name" data-testid="mall-line-name">
          {name}
        </div>
        {specText ? (
          <div className="mall-line__spec" data-testid="mall-line-spec">
            {specText}
          </div>
        ) : null}
        <div className="mall-line__foot">
          <PointsPrice points={points} cash={cash} testId="mall-line-price" />
          <span data-testid="mall-line-quantity">{t('iotMall.orders.quantity', { count: quantity })}</span>
        </div>
        {extra}
      </div>
    </div>
  );
}
