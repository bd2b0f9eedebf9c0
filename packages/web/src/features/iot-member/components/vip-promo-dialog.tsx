/**
 * The VIP promo as a modal on the card home (SCREENS §4 vip/popup), loaded only when it is shown: the
 * promo card with 立即开通 (→ 会员中心) and 关闭.
 */
import type { iotMemberApi } from '@haoka/contract';
import { Dialog } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import i18next from '../../../i18n/translator';
import { VipPromoCard } from './vip-promo';
import './common.css';
import './vip-promo-dialog.css';
import '../i18n';

export function showVipPromo(product: iotMemberApi.VipProduct, onOpen: () => void): { close(): void } {
  const handler = Dialog.show({
    bodyClassName: 'member-promo-dialog',
    closeOnMaskClick: true,
    content: (
      <div data-testid="vip-promo-dialog">
        <button
          type="button"
          className="member-promo-dialog__close"
          aria-label={i18next.t('iotMember.promo.close')}
          onClick={() => handler.close()}
          data-testid="vip-promo-close"
        >
          <CloseOutline />
        </button>
        <VipPromoCard
          product={product}
          onOpen={() => {
            handler.close();
            onOpen();
          }}
        />
      </div>
    ),
  });
  return handler;
}
