/**
 * 充值活动支付 (SCREENS §3 couponChoose/pay). With `?activityId=`: what the card receives (coupons per
 * month, coins, total face value), the price, the agreement 《活动规则》 (must be ticked), WeChat Pay or
 * Alipay only (no balance), and 立即参与 → POST /api/iot/createCouponOrder (one uuid per intent) → the
 * provider's page or the cashier. 30001 is the catalogue's sold-out dialog, -1 (已达参与上限) its toast.
 * With `?orderSn=` (and `&from=pay` back from the provider) it is the cashier; success → IoT home.
 */

import { ErrorCode, type OnlinePayType } from '@haoka/contract';
import { Button, List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { formatYuan } from '../../../components/money';
import { EmptyAction, EmptyState, PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useCashierQuery } from '../../payment/cashier';
import { PayAgreement } from '../../payment/pay-agreement';
import { PayTypeList } from '../../payment/pay-type-list';
import { usablePayTypes } from '../../payment/pay-types';
import { useCheckout } from '../../payment/use-checkout';
import { couponChooseKey, useCouponChoose } from '../api/choose-coupon-activity';
import { createCouponOrder } from '../api/create-coupon-order';
import { activityBlock } from '../money-rules';
import { COUPON_CHOOSE_PATH, COUPON_PAY_PATH } from '../paths';
import { ActivityBreakdown, ActivityTags } from './coupon-choose';
import { IotCashier } from './iot-cashier';
import './common.css';
import './coupon-pay.css';
import '../i18n';

/** Recharge activities are paid online only (API.md createCouponOrder). */
export const COUPON_PAY_TYPES: readonly OnlinePayType[] = ['wxpay', 'alipay'];

function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="money-result"
      testId="coupon-pay-not-found"
      title={t('iotBuy.coupon.notFound')}
      action={<EmptyAction label={t('iotBuy.coupon.backToList')} onClick={() => redirectTo(COUPON_CHOOSE_PATH)} />}
    />
  );
}

function CouponPayForm({ simNo, activityId }: { simNo: string; activityId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const choose = useCouponChoose(simNo);
  const activity = choose.data?.list.find((a) => a.id === activityId);
  const [payType, setPayType] = useState<OnlinePayType | undefined>(() => usablePayTypes(COUPON_PAY_TYPES)[0]);
  const [agree, setAgree] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const block = activity ? activityBlock(activity) : null;

  const checkout = useCheckout({
    send: (pay, uuid) =>
      createCouponOrder({
        activityId,
        // The list offers the two online methods only.
        payType: pay.payType as OnlinePayType,
        uuid,
        returnUrl: pay.returnUrl,
      }),
    intentOf: (pay) => ({ activityId, payType: pay.payType }),
    follow: { cashierPath: COUPON_PAY_PATH, replace: true },
    onError: (error) => {
      // The request wrapper showed the sold-out dialog (30001) or the limit toast (-1): show the new stock.
      if (error instanceof ApiError && (error.code === ErrorCode.SOLD_OUT || error.code === ErrorCode.FAIL)) {
        void client.invalidateQueries({ queryKey: couponChooseKey(simNo) });
      }
    },
  });

  const submit = async () => {
    if (!activity || checkout.busy || block) return;
    if (!agree) return showToast(t('iotBuy.coupon.agreeRequired'));
    if (!payType) return showToast(t('ui.payList.choose'));
    await checkout.pay(payType);
  };

  return (
    <PageState
      loading={choose.isPending}
      error={choose.isError ? choose.error : undefined}
      onRetry={() => void choose.refetch()}
      skeletonRows={8}
    >
      {choose.data && !activity ? <NotFound /> : null}
      {activity ? (
        <div className="money-page" data-testid="coupon-pay-form">
          <section className="money-hero">
            <div data-shop-content className="money-hero__label" data-testid="coupon-pay-name">
              {activity.name}
            </div>
            <div className="money-hero__amount" data-testid="coupon-pay-price">
              {formatYuan(activity.payPrice)}
            </div>
            <div className="money-hero__hint">{t('iotBuy.coupon.onlineOnly')}</div>
          </section>
          <section className="money-card">
            <h3 className="money-card__title">{t('iotBuy.coupon.receive')}</h3>
            <div className="money-kv">
              <span>{t('iotBuy.coupon.totalFace')}</span>
              <strong data-testid="coupon-pay-face">{formatYuan(activity.faceValue)}</strong>
            </div>
            <ActivityTags activity={activity} />
            <ActivityBreakdown activity={activity} />
          </section>
          <PayTypeList
            payTypes={COUPON_PAY_TYPES}
            value={payType}
            onChange={setPayType}
            testId="money-pay-types"
            itemTestId={(type) => `money-pay-type-${type}`}
          />
          <PayAgreement
            checked={agree}
            onChange={setAgree}
            label={t('iotBuy.coupon.agreePrefix')}
            link={t('iotBuy.coupon.agreement')}
            onOpen={() => setRulesOpen(true)}
            testId="coupon-agree"
            linkTestId="coupon-rules-link"
          />
          <List mode="card">
            <List.Item extra={<strong className="money-price">{formatYuan(activity.payPrice)}</strong>}>
              {t('iotBuy.coupon.toPay')}
            </List.Item>
          </List>
          <div className="pay-bar">
            <Button
              block
              color="primary"
              size="large"
              disabled={block !== null}
              onClick={() => void submit()}
              data-testid="coupon-submit"
            >
              {block ? t(`iotBuy.coupon.${block}`) : t('iotBuy.coupon.join')}
            </Button>
          </div>
          <Popup
            visible={rulesOpen}
            onMaskClick={() => setRulesOpen(false)}
            onClose={() => setRulesOpen(false)}
            bodyClassName="money-popup"
          >
            <h3 className="money-popup__title">{t('iotBuy.coupon.rules')}</h3>
            <div className="money-popup__body" data-testid="coupon-rules-content">
              {activity.rules ? <RichHtml html={activity.rules} /> : t('iotBuy.coupon.noRules')}
            </div>
            <Button block color="primary" onClick={() => setRulesOpen(false)} data-testid="coupon-rules-ok">
              {t('iotBuy.coupon.close')}
            </Button>
          </Popup>
        </div>
      ) : null}
    </PageState>
  );
}

export function CouponPayPage() {
  const query = usePageQuery();
  const { orderSn, fromPay } = useCashierQuery();
  const activityId = /^\d+$/.test(query.activityId ?? '') ? Number(query.activityId) : 0;
  return (
    <IotGuard>
      {(simNo) => (
        <div className="money-page-wrap" data-testid="coupon-pay-page">
          {orderSn ? (
            <IotCashier
              key={`${simNo}|${orderSn}|${fromPay}`}
              orderSn={orderSn}
              fromPay={fromPay}
              successPath={IOT_HOME_PATH}
            />
          ) : activityId > 0 ? (
            <CouponPayForm key={`${simNo}|${activityId}`} simNo={simNo} activityId={activityId} />
          ) : (
            <NotFound />
          )}
        </div>
      )}
    </IotGuard>
  );
}
