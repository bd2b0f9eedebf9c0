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
import { Button, Checkbox, List, Radio } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../components/money';
import { PayTypeIcon } from '../../../components/pay-type-icon';
import { showToast } from '../../../platform/feedback';
import { withLoading } from '../../../platform/loading';
import { navigateTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { PayKeyboardPopup } from '../../iot-package/components/pay-keyboard';
import { usePayKeyboard } from '../../iot-package/components/use-pay-keyboard';
import { fenOf, initialPayType } from '../../iot-package/package-rules';
import { browser } from '../../order/browser';
import { createOrderIntent } from '../../order/order-intent';
import { followLaunch, isLaunchPaid } from '../../payment/launch';
import { MEMBER_BUY_SILENT } from '../api/create-member-order';
import { PROTOCOL_PATH } from '../paths';
import '../iot-member.css';
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
  const orderIntent = useRef(createOrderIntent()).current;
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const keyboard = usePayKeyboard();
  const balanceEnough = fenOf(balance) >= fenOf(amount);
  const [payType, setPayType] = useState<PayType | null>(() => initialPayType(payTypes, balanceEnough));
  const chosen = payType && payTypes.includes(payType) && (payType !== 'balance' || balanceEnough) ? payType : null;

  const onFailure = (error: unknown) => {
    if (keyboard.fail(error)) return;
    if (error instanceof ApiError && error.status === 200) onStale();
  };

  const submit = async (pay: Omit<PayFields, 'uuid'>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      const uuid = orderIntent.uuidFor({ ...intent, payType: pay.payType });
      const launch = await withLoading(() => send({ ...pay, uuid }), {
        text: t('iotMember.pay.paying'),
        silentCodes: MEMBER_BUY_SILENT,
      });
      if (isLaunchPaid(launch)) {
        keyboard.close();
        onPaid();
        return;
      }
      // The provider's page, or this route's result view (?orderSn=) in place of the form.
      await followLaunch(launch, cashierPath, true);
    } catch (error) {
      onFailure(error);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  const pay = async () => {
    if (busy.current) return;
    if (protocol && !agreed) {
      showToast(t('iotMember.pay.agreeFirst'));
      return;
    }
    if (!chosen) {
      showToast(t('iotMember.pay.choosePayType'));
      return;
    }
    if (chosen === 'balance') {
      await keyboard.ask(existPayPassword);
      return;
    }
    await submit({ payType: chosen, returnUrl: browser.currentUrl() });
  };

  return (
    <div className="member-checkout" data-testid="member-checkout">
      {children}
      <List mode="card" header={t('iotMember.pay.payMethod')} data-testid="member-pay-types">
        {payTypes.length === 0 ? (
          <List.Item>{t('iotMember.pay.noPayType')}</List.Item>
        ) : (
          <Radio.Group value={chosen ?? undefined} onChange={(v) => setPayType(v as PayType)}>
            {payTypes.map((type) => {
              const disabled = type === 'balance' && !balanceEnough;
              return (
                <List.Item
                  key={type}
                  disabled={disabled}
                  onClick={disabled ? undefined : () => setPayType(type)}
                  description={
                    type === 'balance' ? (
                      <span data-testid="member-balance">
                        {t('iotMember.pay.balanceHint', { amount: balance })}
                        {disabled ? (
                          <span className="member-short" data-testid="member-balance-short">
                            {' '}
                            {t('iotMember.pay.balanceShort')}
                          </span>
                        ) : null}
                      </span>
                    ) : undefined
                  }
                  extra={<Radio value={type} disabled={disabled} data-testid={`member-pay-${type}`} />}
                >
                  <span className="member-method">
                    <PayTypeIcon type={type} />
                    {t(`iotMember.pay.payType.${type}`)}
                  </span>
                </List.Item>
              );
            })}
          </Radio.Group>
        )}
      </List>
      {protocol ? (
        <div className="member-agree">
          <Checkbox checked={agreed} onChange={setAgreed} data-testid="member-agree">
            {t('iotMember.pay.agree')}
          </Checkbox>
          <button
            type="button"
            className="member-link"
            onClick={() => navigateTo(PROTOCOL_PATH, { type: protocol })}
            data-testid="member-protocol"
          >
            {t(`iotMember.pay.protocol.${protocol}`)}
          </button>
        </div>
      ) : null}
      <div className="member-bar">
        <div className="member-bar__total">
          {t('iotMember.pay.payable')}
          <strong data-testid="member-payable">{formatYuan(fenToYuan(fenOf(amount)))}</strong>
        </div>
        <Button
          color="primary"
          shape="rounded"
          disabled={submitting}
          onClick={() => void pay()}
          data-testid="member-submit"
        >
          {t('iotMember.pay.submit')}
        </Button>
      </div>
      <PayKeyboardPopup
        {...keyboard.popup}
        amount={amount}
        busy={submitting}
        onComplete={(password) => void submit({ payType: 'balance', payPassword: password })}
      />
    </div>
  );
}
