/**
 * The pay form of 会员支付 and 加速包支付 (SCREENS §4, §5.6): what is bought (the caller's summary), an
 * optional agreement to tick, 支付方式 — 余额支付 (disabled with 余额不足 when the balance does not cover
 * the price) / 微信支付 / 支付宝 — and 立即支付.
 *
 * The balance needs a pay password (none yet → 请先设置支付密码 → 支付密码 ?redirect= here), then the
 * keyboard popup; online pays with returnUrl and follows the PayLaunch (the provider comes back to this
 * route with ?orderSn=&from=pay). One uuid per intent: a retry of the same choice reuses it.
 * 41001: the keyboard shakes and tells the tries left or the lock; 41002: its message, then its step;
 * 30003 / -1: the request wrapper's dialog or toast, and the page reloads what may have changed.
 */
import { fenToYuan, type PayLaunch, type PayType } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { PayKeyboardPopup } from '../../iot-buy/components/pay-keyboard';
import { fenOf, initialPayType } from '../../iot-buy/package-rules';
import { PayAgreement } from '../../payment/pay-agreement';
import { PayTypeList } from '../../payment/pay-type-list';
import { usablePayTypes } from '../../payment/pay-types';
import { useCheckout } from '../../payment/use-checkout';
import { MEMBER_BUY_SILENT } from '../api/create-member-order';
import { PROTOCOL_PATH } from '../paths';
import './common.css';
import '../i18n';

export interface PayFields {
  payType: PayType;
  payPassword?: string;
  returnUrl?: string;
  uuid: string;
}

export interface MemberCheckoutProps {
  /** Price in yuan. */
  amount: string;
  payTypes: readonly PayType[];
  balance: string;
  existPayPassword: 0 | 1;
  /** What the intent is about besides the pay type (the product id): a change is a new uuid. */
  intent: Record<string, unknown>;
  /** A protocol to agree to before paying (protocol page `?type=`). */
  protocol?: 'vip' | 'accelerate';
  /** Sends the purchase. */
  send: (pay: PayFields) => Promise<PayLaunch>;
  /** This route: where an online payment comes back to (?orderSn=&from=pay). */
  cashierPath: string;
  /** Paid at once (the balance, or nothing to pay). */
  onPaid: () => void;
  /** A refusal the request wrapper told: reload what may have changed (balance, shelf). */
  onStale: () => void;
  children: ReactNode;
}

export function MemberCheckout({
  amount,
  payTypes,
  balance,
  existPayPassword,
  intent,
  protocol,
  send,
  cashierPath,
  onPaid,
  onStale,
  children,
}: MemberCheckoutProps) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const balanceEnough = fenOf(balance) >= fenOf(amount);
  // The methods this browser can use (no Alipay inside WeChat).
  const usable = usablePayTypes(payTypes);
  const [payType, setPayType] = useState<PayType | null>(() => initialPayType(usable, balanceEnough));
  const chosen = payType && usable.includes(payType) && (payType !== 'balance' || balanceEnough) ? payType : null;
  const checkout = useCheckout({
    send: (pay, uuid) => send({ ...pay, uuid }),
    // One key per product and pay type: a retry (another password) reuses it.
    intentOf: (pay) => ({ ...intent, payType: pay.payType }),
    existPayPassword,
    loadingText: t('iotMember.pay.paying'),
    silentCodes: MEMBER_BUY_SILENT,
    // The provider's page, or this route's result view (?orderSn=) in place of the form.
    follow: { cashierPath, replace: true },
    onPaid,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 200) onStale();
    },
  });

  const pay = async () => {
    if (checkout.busy) return;
    if (protocol && !agreed) {
      showToast(t('iotMember.pay.agreeFirst'));
      return;
    }
    if (!chosen) {
      showToast(t('ui.payList.choose'));
      return;
    }
    await checkout.pay(chosen);
  };

  return (
    <div className="member-checkout" data-testid="member-checkout">
      {children}
      <PayTypeList
        payTypes={payTypes}
        value={chosen}
        onChange={setPayType}
        balance={{
          amount: balance,
          enough: balanceEnough,
          testId: 'member-balance',
          shortTestId: 'member-balance-short',
        }}
        testId="member-pay-types"
        itemTestId={(type) => `member-pay-${type}`}
      />
      {protocol ? (
        <PayAgreement
          checked={agreed}
          onChange={setAgreed}
          label={t('iotMember.pay.agree')}
          link={t(`iotMember.pay.protocol.${protocol}`)}
          onOpen={() => navigateTo(PROTOCOL_PATH, { type: protocol })}
          testId="member-agree"
          linkTestId="member-protocol"
        />
      ) : null}
      <div className="member-bar">
        <div className="member-bar__total">
          {t('iotMember.pay.payable')}
          <strong data-testid="member-payable">{formatYuan(fenToYuan(fenOf(amount)))}</strong>
        </div>
        <Button
          color="primary"
          shape="rounded"
          disabled={checkout.busy}
          onClick={() => void pay()}
          data-testid="member-submit"
        >
          {t('iotMember.pay.submit')}
        </Button>
      </div>
      <PayKeyboardPopup {...checkout.keyboard} amount={amount} />
    </div>
  );
}
