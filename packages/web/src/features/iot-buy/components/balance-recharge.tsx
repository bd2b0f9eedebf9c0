/**
 * 余额充值 (SCREENS §3 balance/index, §5.4): the balance, arrears in red with 充值后优先抵扣欠费, the
 * recharge number (deviceNo for a device, spec §4), the amount grid of GET /api/iot/balanceChoose
 * (amount, 赠送 gift, tag), 其他金额 when custom amounts are allowed (whole yuan, min..max) and the online
 * pay types. 立即充值 → POST /api/iot/createBalanceOrder with one uuid per intent → the provider's page,
 * or the cashier (balance/pay) when the launch has no payUrl. 充值记录 → 订单记录's 充值订单 tab.
 */
import { type OnlinePayType, rechargeNumberOf } from '@haoka/contract';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { PayTypeList } from '../../payment/pay-type-list';
import { usablePayTypes } from '../../payment/pay-types';
import { useCheckout } from '../../payment/use-checkout';
import { type BalanceChoice, useBalanceChoose } from '../api/choose-balance';
import { createBalanceOrder } from '../api/create-balance-order';
import { initialPayType, isPositiveMoney, parseCustomAmount } from '../money-rules';
import { BALANCE_PAY_PATH, IOT_CUSTOMER_PATH, ORDER_LOGS_PATH } from '../paths';
import './common.css';
import './balance-recharge.css';
import '../i18n';

/** The chosen amount: an option by id, or the custom cell. */
type Choice = { kind: 'option'; id: number } | { kind: 'custom' } | null;

function RechargeForm({ choice: data, fallbackNo }: { choice: BalanceChoice; fallbackNo: string }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(() => {
    const first = data.list[0];
    return first ? { kind: 'option', id: first.id } : data.allowCustom === 1 ? { kind: 'custom' } : null;
  });
  const [custom, setCustom] = useState('');
  // The card's online methods this browser can use (no Alipay inside WeChat).
  const usable = usablePayTypes(data.payTypes);
  const [payType, setPayType] = useState<OnlinePayType | undefined>(() => initialPayType(usable));
  const rechargeNo = data.rechargeNo || fallbackNo;
  const arrears = isPositiveMoney(data.arrearsBalance);

  const selected = choice?.kind === 'option' ? data.list.find((o) => o.id === choice.id) : undefined;
  const customAmount = choice?.kind === 'custom' ? parseCustomAmount(custom, data.customMin, data.customMax) : null;
  const toPay = selected ? selected.amount : customAmount !== null ? customAmount.toFixed(2) : null;

  const payloadFor = (type: OnlinePayType) =>
    choice?.kind === 'option'
      ? { optionId: choice.id, rechargeNo, payType: type }
      : { amount: customAmount ?? 0, rechargeNo, payType: type };
  // The list offers the card's online methods only.
  const checkout = useCheckout({
    send: (pay, uuid) =>
      createBalanceOrder({ ...payloadFor(pay.payType as OnlinePayType), uuid, returnUrl: pay.returnUrl }),
    intentOf: (pay) => payloadFor(pay.payType as OnlinePayType),
    follow: { cashierPath: BALANCE_PAY_PATH },
    // Refusals (金额超出范围, 40001, 30003 …) were told by the request wrapper.
  });

  const submit = async () => {
    if (checkout.busy) return;
    if (!choice) return showToast(t('iotBuy.balance.chooseRequired'));
    if (choice.kind === 'custom' && customAmount === null) {
      return showToast(t('iotBuy.balance.customInvalid', { min: data.customMin, max: data.customMax }));
    }
    if (!payType) return showToast(t('ui.payList.choose'));
    await checkout.pay(payType);
  };

  return (
    <div className="money-page" data-testid="balance-page">
      <section className="money-hero">
        <div className="money-hero__label">{t('iotBuy.balance.current')}</div>
        <div className="money-hero__amount" data-testid="balance-current">
          {formatYuan(data.balance)}
        </div>
        {arrears ? (
          <div className="money-hero__arrears" data-testid="balance-arrears">
            {t('iotBuy.balance.arrears', { amount: data.arrearsBalance })}
            <span className="money-hero__hint">{t('iotBuy.balance.arrearsHint')}</span>
          </div>
        ) : null}
        <div className="money-hero__row">
          <span>
            {t('iotBuy.balance.rechargeNo')}
            <span className="money-hero__no" data-testid="balance-recharge-no">
              {rechargeNo}
            </span>
          </span>
          <button
            type="button"
            className="money-hero__link"
            onClick={() => navigateTo(ORDER_LOGS_PATH, { tab: 'balance' })}
            data-testid="balance-records"
          >
            {t('iotBuy.balance.records')}
          </button>
        </div>
      </section>

      <section className="money-card">
        <h3 className="money-card__title">{t('iotBuy.balance.chooseAmount')}</h3>
        <div className="money-grid" data-testid="balance-options">
          {data.list.map((o) => {
            const active = choice?.kind === 'option' && choice.id === o.id;
            return (
              <button
                key={o.id}
                type="button"
                className={`money-grid__cell${active ? ' money-grid__cell--active' : ''}`}
                onClick={() => setChoice({ kind: 'option', id: o.id })}
                aria-pressed={active}
                data-testid={`balance-option-${o.id}`}
              >
                {o.tag ? (
                  <span className="money-grid__tag" data-shop-content>
                    {o.tag}
                  </span>
                ) : null}
                <span className="money-grid__amount">{formatYuan(o.amount)}</span>
                {isPositiveMoney(o.gift) ? (
                  <span className="money-grid__gift">{t('iotBuy.balance.gift', { amount: o.gift })}</span>
                ) : null}
              </button>
            );
          })}
          {data.allowCustom === 1 ? (
            <button
              type="button"
              className={`money-grid__cell${choice?.kind === 'custom' ? ' money-grid__cell--active' : ''}`}
              onClick={() => setChoice({ kind: 'custom' })}
              aria-pressed={choice?.kind === 'custom'}
              data-testid="balance-option-custom"
            >
              <span className="money-grid__amount money-grid__amount--text">{t('iotBuy.balance.custom')}</span>
            </button>
          ) : null}
        </div>
        {choice?.kind === 'custom' ? (
          <div className="money-custom">
            <span className="money-custom__label">{t('iotBuy.balance.customLabel')}</span>
            <Input
              className="money-custom__input"
              inputMode="numeric"
              value={custom}
              onChange={(v) => setCustom(v.replace(/\D/g, '').slice(0, 9))}
              placeholder={t('iotBuy.balance.customPlaceholder', { min: data.customMin, max: data.customMax })}
              clearable
              data-testid="balance-custom-input"
            />
          </div>
        ) : null}
      </section>

      <PayTypeList
        payTypes={data.payTypes}
        value={payType}
        onChange={setPayType}
        testId="money-pay-types"
        itemTestId={(type) => `money-pay-type-${type}`}
        emptyTestId="money-no-pay-type"
      />

      <div className="pay-bar money-bar--split">
        <div className="money-bar__total">
          {t('iotBuy.balance.toPay')}
          <strong data-testid="balance-to-pay">{toPay !== null ? formatYuan(toPay) : '—'}</strong>
        </div>
        <Button
          color="primary"
          size="large"
          disabled={usable.length === 0}
          onClick={() => void submit()}
          data-testid="balance-submit"
        >
          {t('iotBuy.balance.submit')}
        </Button>
      </div>
    </div>
  );
}

function BalanceView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const choose = useBalanceChoose(simNo);
  const data = choose.data;
  const empty = !!data && data.list.length === 0 && data.allowCustom !== 1;
  return (
    <div className="money-page-wrap">
      <PageState
        loading={choose.isPending}
        error={choose.isError ? choose.error : undefined}
        onRetry={() => void choose.refetch()}
        empty={empty}
        emptyText={t('iotBuy.balance.empty')}
        emptyAction={
          <Button size="small" color="primary" onClick={() => navigateTo(IOT_CUSTOMER_PATH)} data-testid="balance-kefu">
            {t('iotBuy.common.contactService')}
          </Button>
        }
        skeletonRows={8}
      >
        {data ? <RechargeForm choice={data} fallbackNo={sim ? rechargeNumberOf(sim) : simNo} /> : null}
      </PageState>
    </div>
  );
}

export function BalanceRechargePage() {
  return <IotGuard>{(simNo) => <BalanceView key={simNo} simNo={simNo} />}</IotGuard>;
}
