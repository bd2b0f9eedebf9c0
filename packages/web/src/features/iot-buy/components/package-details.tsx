/**
 * 套餐订单 (SCREENS §3 package/details, §5.3): the package, 生效方式 (EffectPopup), 优惠券 (CouponPopup, the
 * best one preselected; −¥ or 不使用), 支付方式 (余额支付 — disabled with 余额不足 when the balance does not
 * cover the amount — / 微信 / 支付宝 from payTypes) and 应付 = price − coupon, recomputed here with the
 * contract's rule and confirmed by the server.
 *
 * 立即支付 with the balance needs a pay password (none yet → 请先设置支付密码 → 支付密码 ?redirect= here),
 * then the keyboard popup → buyPackage with the password; one uuid per intent (a retry of the same
 * payload reuses it) → 订购成功 → 套餐详情. Online → buyPackage with returnUrl → the provider's payUrl;
 * the provider comes back with ?orderSn=&from=pay and the page shows the shared IoT cashier instead.
 *
 * 41001: the keyboard shakes, clears and tells the tries left, or the 24-hour lock with 忘记密码.
 * 41002: the message, then the step it names. 30001 / 30003 / -1: the request wrapper's dialogs and toasts.
 */
import { type Coupon, fenToYuan, type PackageOption, type PayType } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { PayTypeList } from '../../payment/pay-type-list';
import { usablePayTypes } from '../../payment/pay-types';
import { useCheckout } from '../../payment/use-checkout';
import { BUY_PACKAGE_SILENT, type BuyPackageBody, buyPackage } from '../api/buy-package';
import { PACKAGE_CHOOSE_KEY } from '../api/choose-package';
import { PACKAGE_DETAILS_KEY, type PackageDetails, usePackageDetails } from '../api/get-package-details';
import {
  couponOffFen,
  fenOf,
  initialCouponId,
  initialEffectType,
  initialPayType,
  isChoosable,
  isSoldOut,
  payableFen,
  purchaseLimit,
} from '../package-rules';
import { PACKAGE_DETAILS_PATH, PACKAGE_INFO_PATH } from '../paths';
import { EffectPopup, useEffectName } from './effect-modal';
import { IotCashier } from './iot-cashier';
import { PackageSummary, PriceText } from './package-facts';
import { PayKeyboardPopup } from './pay-keyboard';
import { CouponPopup } from './select-coupon';
import './package-details.css';
import '../i18n';

type Popup = 'effect' | 'coupon' | null;

function PackageHead({ pkg }: { pkg: PackageOption }) {
  return (
    <section className="pkg-head" data-testid="details-package">
      <div className="pkg-head__name" data-shop-content data-testid="pkg-name">
        {pkg.name}
      </div>
      <PackageSummary pkg={pkg} />
      <div className="pkg-head__price">
        <PriceText pkg={pkg} />
      </div>
    </section>
  );
}

/** Refreshes what a purchase changes: the card (balance, package), the package lists and coupons. */
function useAfterPurchase() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['simInfo'] });
    void client.invalidateQueries({ queryKey: [PACKAGE_CHOOSE_KEY] });
    void client.invalidateQueries({ queryKey: [PACKAGE_DETAILS_KEY] });
  };
}

function ConfirmForm({ details, pkg, onStale }: { details: PackageDetails; pkg: PackageOption; onStale: () => void }) {
  const { t } = useTranslation();
  const effectName = useEffectName();
  const afterPurchase = useAfterPurchase();
  const [popup, setPopup] = useState<Popup>(null);

  const [effectType, setEffectType] = useState(() => initialEffectType(pkg.effectTypes, details.defaultEffectType));
  const [couponId, setCouponId] = useState<number | null>(() => initialCouponId(details.coupons, details.bestCouponId));
  const coupon: Coupon | null = details.coupons.find((c) => c.id === couponId && isChoosable(c)) ?? null;
  const payFen = payableFen(pkg.price, coupon);
  const offFen = couponOffFen(pkg.price, coupon);
  const balanceEnough = fenOf(details.balance) >= payFen;
  // The methods this browser can use (no Alipay inside WeChat).
  const usable = usablePayTypes(details.payTypes);
  const [payType, setPayType] = useState<PayType | null>(() =>
    initialPayType(usable, fenOf(details.balance) >= payableFen(pkg.price, coupon)),
  );
  // A pay type no longer on offer (or the balance no longer enough) is not a choice any more.
  const chosenPay = payType && usable.includes(payType) && (payType !== 'balance' || balanceEnough) ? payType : null;

  // A refetch (after a refusal) may drop the chosen coupon: fall back to none.
  useEffect(() => {
    if (couponId !== null && !details.coupons.some((c) => c.id === couponId && isChoosable(c))) setCouponId(null);
  }, [details.coupons, couponId]);

  const usableCount = details.coupons.filter(isChoosable).length;
  const soldOut = isSoldOut(pkg);
  const limitReached = purchaseLimit(pkg)?.reached ?? false;
  const payable = fenToYuan(payFen);

  const base = (): Omit<BuyPackageBody, 'uuid' | 'payType'> => ({
    packageId: pkg.id,
    effectType: effectType as 1 | 2 | 3,
    ...(coupon ? { couponId: coupon.id } : {}),
  });

  const checkout = useCheckout({
    send: (pay, uuid) => buyPackage({ ...base(), ...pay, uuid }),
    // The whole body is the intent: another password or coupon is a new key.
    intentOf: (pay) => ({ ...base(), ...pay }),
    existPayPassword: details.existPayPassword,
    loadingText: t('iotBuy.details.paying'),
    silentCodes: BUY_PACKAGE_SILENT,
    // The provider's page, or this route's cashier (?orderSn=) in place of the form.
    follow: { cashierPath: PACKAGE_DETAILS_PATH, replace: true },
    onPaid: () => {
      afterPurchase();
      showToast(t('iotBuy.details.success'), { icon: 'success' });
      redirectTo(PACKAGE_INFO_PATH);
    },
    onLaunched: afterPurchase,
    // 30001 / 30003 / -1 were told by the request wrapper; what was refused may have changed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 200) onStale();
    },
  });

  const pay = async () => {
    if (soldOut || limitReached || checkout.busy) return;
    if (!chosenPay) {
      showToast(t('ui.payList.choose'));
      return;
    }
    await checkout.pay(chosenPay);
  };

  return (
    <div className="pkg-details" data-testid="details-form">
      <PackageHead pkg={pkg} />
      <List mode="card">
        <List.Item
          onClick={() => setPopup('effect')}
          arrow
          extra={<span data-testid="details-effect">{effectName(effectType)}</span>}
          data-testid="details-effect-row"
        >
          {t('iotBuy.details.effect')}
        </List.Item>
        <List.Item
          onClick={() => setPopup('coupon')}
          arrow
          extra={
            <span data-testid="details-coupon" className={coupon ? 'pkg-details__off' : undefined}>
              {coupon
                ? t('iotBuy.details.couponOff', { amount: fenToYuan(offFen) })
                : usableCount > 0
                  ? t('iotBuy.details.couponNone')
                  : t('iotBuy.details.couponUnavailable')}
            </span>
          }
          data-testid="details-coupon-row"
        >
          {t('iotBuy.details.coupon')}
        </List.Item>
      </List>
      <PayTypeList
        payTypes={details.payTypes}
        value={chosenPay}
        onChange={setPayType}
        balance={{
          amount: details.balance,
          enough: balanceEnough,
          testId: 'details-balance',
          shortTestId: 'details-balance-short',
        }}
        testId="details-pay-types"
        itemTestId={(type) => `details-pay-${type}`}
      />
      <List mode="card" data-testid="details-amounts">
        <List.Item extra={formatYuan(pkg.price)}>{t('iotBuy.details.price')}</List.Item>
        {offFen > 0 ? (
          <List.Item extra={<span className="pkg-details__off">-{formatYuan(fenToYuan(offFen))}</span>}>
            {t('iotBuy.details.discount')}
          </List.Item>
        ) : null}
      </List>
      <div className="pkg-details__bar">
        <div className="pkg-details__total">
          {t('iotBuy.details.payable')}
          <strong data-testid="details-payable">{formatYuan(payable)}</strong>
        </div>
        <Button
          color="primary"
          shape="rounded"
          disabled={soldOut || limitReached || checkout.busy}
          onClick={() => void pay()}
          data-testid="details-submit"
        >
          {soldOut
            ? t('iotBuy.details.soldOut')
            : limitReached
              ? t('iotBuy.details.limitReached')
              : t('iotBuy.details.submit')}
        </Button>
      </div>
      <EffectPopup
        visible={popup === 'effect'}
        value={effectType}
        effectTypes={pkg.effectTypes}
        packageType={pkg.packageType}
        currentEndAt={details.currentEndAt}
        onClose={() => setPopup(null)}
        onConfirm={(type) => {
          setEffectType(type);
          setPopup(null);
        }}
      />
      <CouponPopup
        visible={popup === 'coupon'}
        coupons={details.coupons}
        value={coupon?.id ?? null}
        onClose={() => setPopup(null)}
        onSelect={(id) => {
          setCouponId(id);
          setPopup(null);
        }}
      />
      <PayKeyboardPopup {...checkout.keyboard} amount={payable} />
    </div>
  );
}

function DetailsView({ simNo, packageId }: { simNo: string; packageId: number | null }) {
  const { t } = useTranslation();
  const details = usePackageDetails(simNo, packageId, packageId !== null);
  if (packageId === null) {
    return <ErrorBlock status="empty" title={t('iotBuy.details.missing')} description="" />;
  }
  const data = details.data;
  return (
    <div className="pkg-details-page iot-page" data-testid="details-page">
      <PageState
        loading={details.isPending}
        error={details.isError ? details.error : undefined}
        onRetry={() => void details.refetch()}
        empty={data !== undefined && !data.package}
        emptyText={t('iotBuy.details.missing')}
        skeletonRows={8}
      >
        {data?.package ? (
          <ConfirmForm details={data} pkg={data.package} onStale={() => void details.refetch()} />
        ) : null}
      </PageState>
    </div>
  );
}

function CashierView({ orderSn, fromPay }: { orderSn: string; fromPay: boolean }) {
  const afterPurchase = useAfterPurchase();
  return (
    <IotCashier
      orderSn={orderSn}
      fromPay={fromPay}
      successPath={PACKAGE_INFO_PATH}
      onDone={(outcome: 'paid' | 'closed') => {
        if (outcome === 'paid') afterPurchase();
      }}
    />
  );
}

/** The route /pages/iot/index/package/details/index: ?packageId= confirm & pay, ?orderSn= the cashier. */
export function PackageDetailsPage() {
  const query = usePageQuery();
  const id = Number(query.packageId);
  const packageId = Number.isInteger(id) && id > 0 ? id : null;
  const orderSn = query.orderSn ?? '';
  return (
    <IotGuard>
      {(simNo) =>
        orderSn ? (
          <CashierView key={`${simNo}:${orderSn}`} orderSn={orderSn} fromPay={query.from === 'pay'} />
        ) : (
          <DetailsView key={`${simNo}:${packageId}`} simNo={simNo} packageId={packageId} />
        )
      }
    </IotGuard>
  );
}
