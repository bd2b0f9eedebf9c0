/** The 立即办理 bottom sheet holding the order form. */
import type { GoodsItem } from '@haoka/contract';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import type { OrderContact } from '../../order/submit-order';
import './goods-detail.css';
import { OrderForm } from './order-form';

export interface OrderSheetProps {
  goods: GoodsItem;
  visible: boolean;
  onClose: () => void;
  onSubmit: (contact: OrderContact) => void;
}

export function OrderSheet({ goods, visible, onClose, onSubmit }: OrderSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="goods-order-sheet"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '88vh', overflowY: 'auto' }}
    >
      <div className="goods-order-sheet__head" data-testid="goods-order-sheet">
        <span className="goods-order-sheet__title">{t('goods.form.title')}</span>
        <button type="button" className="goods-order-sheet__close" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <OrderForm goods={goods} onSubmit={onSubmit} />
    </Popup>
  );
}
