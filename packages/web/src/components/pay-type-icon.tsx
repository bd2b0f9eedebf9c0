/**
 * The one pay-method icon (shop cashier, card recharge and package checkout, points mall, VIP and
 * acceleration): a card-balance wallet, WeChat Pay's two speech bubbles and Alipay's mark (antd-mobile's
 * own AlipaySquareFill), each on its brand colour. An image with the method's name as its accessible name.
 */
import type { PayType } from '@haoka/contract';
import { AlipaySquareFill } from 'antd-mobile-icons';
import { useTranslation } from '../i18n/react';
import './pay-type-icon.css';

function WalletGlyph() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="40" height="40" rx="8" fill="#ff8f1f" />
      <path d="M12 17.5 31 11.5a2 2 0 0 1 2.6 1.9V17H14z" fill="#fff" opacity="0.85" />
      <rect x="11" y="16.5" width="26" height="20" rx="3.5" fill="#fff" />
      <rect x="27" y="22.5" width="12" height="8" rx="2.5" fill="#ff8f1f" />
      <circle cx="31" cy="26.5" r="1.8" fill="#fff" />
    </svg>
  );
}

function WechatPayGlyph() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="40" height="40" rx="8" fill="#07c160" />
      <ellipse cx="20" cy="21" rx="11" ry="9" fill="#fff" />
      <path d="M14.5 27.5 12.5 33l6-3.8z" fill="#fff" />
      <circle cx="16.3" cy="18.8" r="1.5" fill="#07c160" />
      <circle cx="23.7" cy="18.8" r="1.5" fill="#07c160" />
      <ellipse cx="30.5" cy="29" rx="9" ry="7.5" fill="#fff" stroke="#07c160" strokeWidth="1.6" />
      <path d="M34.5 34.6 36.8 38.5 31.6 35.8z" fill="#fff" />
      <circle cx="27.6" cy="27.6" r="1.2" fill="#07c160" />
      <circle cx="33.4" cy="27.6" r="1.2" fill="#07c160" />
    </svg>
  );
}

export function PayTypeIcon({ type }: { type: PayType }) {
  const { t } = useTranslation();
  return (
    <span
      className={`pay-type-icon pay-type-icon--${type}`}
      role="img"
      aria-label={t(`ui.payType.${type}`)}
      data-pay-type={type}
      data-testid="pay-type-icon"
    >
      {type === 'balance' ? <WalletGlyph /> : null}
      {type === 'wxpay' ? <WechatPayGlyph /> : null}
      {type === 'alipay' ? <AlipaySquareFill aria-hidden="true" style={{ verticalAlign: 0 }} /> : null}
    </span>
  );
}
