/** The fixed bottom bar of a goods: price and 立即办理, disabled with 已售罄 when sold out. */
import type { GoodsItem } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { isSoldOut } from '../sold-out';
import './goods-detail.css';

export function ApplyBar({ goods, onApply, text }: { goods: GoodsItem; onApply: () => void; text?: string }) {
  const { t } = useTranslation();
  const soldOut = isSoldOut(goods);
  return (
    <div className="goods-apply-bar" data-testid="goods-apply-bar">
      <span className="goods-apply-bar__price">{formatYuan(goods.price)}</span>
      <Button
        className="goods-apply-bar__button"
        color="primary"
        shape="rounded"
        disabled={soldOut}
        onClick={onApply}
        data-testid="goods-apply"
      >
        {soldOut ? t('goods.soldOut') : (text ?? t('goods.apply'))}
      </Button>
    </div>
  );
}
