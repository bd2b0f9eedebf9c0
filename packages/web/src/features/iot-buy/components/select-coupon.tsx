/**
 * 选择优惠券 (SCREENS §3 package/details/SelectCoupon): as a bottom popup of 套餐订单, the coupons usable
 * for the package (amount or 折扣, 门槛 满X可用, validity), 不使用优惠券, and the unusable ones collapsed
 * with their reason; a tap returns couponId | null. As a direct route, the card's coupons read-only:
 * for ?packageId= rated for that package, else all of them by state; empty → 暂无可用优惠券 + 去兑换.
 */
import { type Coupon, CouponStatus } from '@haoka/contract';
import { Button, Collapse, Popup, Tag } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { refusalText } from '../../../platform/error-catalogue';
import { navigateTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useDictLabel } from '../../site/dict-label';
import { usePackageDetails } from '../api/get-package-details';
import { dayOf, isChoosable } from '../package-rules';
import { COUPON_EXCHANGE_PATH } from '../paths';
import './common.css';
import './select-coupon.css';
import '../i18n';

function CouponValue({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  if (coupon.type === 2 && coupon.discount !== null) {
    return (
      <span className="pkg-coupon__value" data-testid="coupon-value">
        {t('iotBuy.packageCoupon.discount', { value: coupon.discount })}
      </span>
    );
  }
  return (
    <span className="pkg-coupon__value" data-testid="coupon-value">
      <small>¥</small>
      {coupon.amount}
    </span>
  );
}

interface CouponItemProps {
  coupon: Coupon;
  /** Selectable in a popup. */
  onPick?: () => void;
  selected?: boolean;
  /** Greyed, with why it cannot be used (the server's reason in the shopper's language, else `fallbackReason`). */
  off?: boolean;
  fallbackReason?: string;
}

function CouponItem({ coupon, onPick, selected = false, off = false, fallbackReason = '' }: CouponItemProps) {
  const { t } = useTranslation();
  const threshold = Number(coupon.threshold) > 0;
  const why = refusalText(coupon.unusableReason, coupon.reason ?? '', coupon);
  const statusLabel = useDictLabel('coupon_status');
  // A usable coupon (1 未使用) shows no status; a held, used or expired one says so.
  const status = coupon.status === 1 ? null : statusLabel(coupon.status);
  const inner = (
    <>
      <div className="pkg-coupon__left">
        <CouponValue coupon={coupon} />
        <span className="pkg-coupon__threshold" data-testid="coupon-threshold">
          {threshold
            ? t('iotBuy.packageCoupon.threshold', { amount: coupon.threshold })
            : t('iotBuy.packageCoupon.noThreshold')}
        </span>
      </div>
      <div className="pkg-coupon__body">
        <div className="pkg-coupon__name" data-testid="coupon-name">
          {coupon.name}
          {status ? (
            <Tag className="pkg-coupon__status" color="default" fill="outline" data-testid="coupon-status">
              {status}
            </Tag>
          ) : null}
        </div>
        <div className="pkg-coupon__validity" data-testid="coupon-validity">
          {t('iotBuy.packageCoupon.validity', { start: dayOf(coupon.startAt), end: dayOf(coupon.endAt) })}
        </div>
        {off && (why || fallbackReason) ? (
          <div className="pkg-coupon__reason" data-testid="coupon-reason">
            {why || fallbackReason}
          </div>
        ) : null}
      </div>
      {onPick ? (
        <span className={`pkg-coupon__check${selected ? ' pkg-coupon__check--on' : ''}`}>
          {selected ? <CheckCircleFill /> : null}
        </span>
      ) : null}
    </>
  );
  const className = `pkg-coupon${off ? ' pkg-coupon--off' : ''}${selected ? ' pkg-coupon--selected' : ''}`;
  return onPick ? (
    <button
      type="button"
      className={className}
      onClick={onPick}
      data-testid="coupon-item"
      data-coupon-id={coupon.id}
      data-selected={selected ? '1' : '0'}
    >
      {inner}
    </button>
  ) : (
    <div className={className} data-testid="coupon-item" data-coupon-id={coupon.id}>
      {inner}
    </div>
  );
}

function OffList({
  title,
  coupons,
  fallbackReason = '',
}: {
  title: string;
  coupons: readonly Coupon[];
  fallbackReason?: string;
}) {
  if (coupons.length === 0) return null;
  return (
    <Collapse className="pkg-coupon-off" data-testid="coupon-unusable">
      <Collapse.Panel key="off" title={<span data-testid="coupon-unusable-title">{title}</span>}>
        {coupons.map((c) => (
          <CouponItem key={c.id} coupon={c} off fallbackReason={fallbackReason} />
        ))}
      </Collapse.Panel>
    </Collapse>
  );
}

export interface CouponPopupProps {
  visible: boolean;
  coupons: readonly Coupon[];
  value: number | null;
  onClose: () => void;
  onSelect: (couponId: number | null) => void;
}

export function CouponPopup({ visible, coupons, value, onClose, onSelect }: CouponPopupProps) {
  const { t } = useTranslation();
  const usable = coupons.filter(isChoosable);
  const unusable = coupons.filter((c) => !isChoosable(c));
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="pkg-popup" destroyOnClose>
      <div className="pkg-popup__title">{t('iotBuy.packageCoupon.title')}</div>
      <div className="pkg-popup__scroll" data-testid="coupon-popup">
        {usable.map((c) => (
          <CouponItem key={c.id} coupon={c} selected={value === c.id} onPick={() => onSelect(c.id)} />
        ))}
        {usable.length === 0 ? <div className="pkg-coupon-empty">{t('iotBuy.packageCoupon.empty')}</div> : null}
        <button
          type="button"
          className={`pkg-coupon-none${value === null ? ' pkg-coupon-none--on' : ''}`}
          onClick={() => onSelect(null)}
          data-testid="coupon-none"
          data-selected={value === null ? '1' : '0'}
        >
          <span>{t('iotBuy.packageCoupon.none')}</span>
          {value === null ? <CheckCircleFill /> : null}
        </button>
        <OffList
          title={t('iotBuy.packageCoupon.unusable', { count: unusable.length })}
          coupons={unusable}
          fallbackReason={t('iotBuy.packageCoupon.notApplicable')}
        />
      </div>
    </Popup>
  );
}

function ExchangeButton() {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      onClick={() => navigateTo(COUPON_EXCHANGE_PATH)}
      data-testid="coupon-exchange"
    >
      {t('iotBuy.packageCoupon.exchange')}
    </Button>
  );
}

function SelectCouponView({ simNo, packageId }: { simNo: string; packageId: number | null }) {
  const { t } = useTranslation();
  const details = usePackageDetails(simNo, packageId);
  const coupons = details.data?.coupons ?? [];
  // For a package: usable for it; without one: the unused ones (the rest is history).
  const open = packageId ? coupons.filter(isChoosable) : coupons.filter((c) => c.status === CouponStatus.UNUSED);
  const rest = coupons.filter((c) => !open.includes(c));
  return (
    <div className="pkg-coupon-page iot-page" data-testid="coupon-page">
      <PageState
        loading={details.isPending}
        error={details.isError ? details.error : undefined}
        onRetry={() => void details.refetch()}
        empty={coupons.length === 0}
        emptyText={t('iotBuy.packageCoupon.empty')}
        emptyAction={<ExchangeButton />}
      >
        {details.data?.package ? (
          <div className="pkg-coupon-page__for" data-testid="coupon-page-package">
            {t('iotBuy.packageCoupon.forPackage', { name: details.data.package.name })}
          </div>
        ) : null}
        {open.length > 0 ? (
          <div className="pkg-coupon-page__list" data-testid="coupon-usable">
            {open.map((c) => (
              <CouponItem key={c.id} coupon={c} />
            ))}
          </div>
        ) : (
          <ErrorBlock
            status="empty"
            title={t('iotBuy.packageCoupon.empty')}
            description=""
            data-testid="coupon-none-usable"
          >
            <ExchangeButton />
          </ErrorBlock>
        )}
        <OffList
          title={
            packageId
              ? t('iotBuy.packageCoupon.unusable', { count: rest.length })
              : t('iotBuy.packageCoupon.others', { count: rest.length })
          }
          coupons={rest}
          fallbackReason={packageId ? t('iotBuy.packageCoupon.notApplicable') : ''}
        />
      </PageState>
    </div>
  );
}

/** The direct route /pages/iot/index/package/details/SelectCoupon/index. */
export function SelectCouponPage() {
  const query = usePageQuery();
  const id = Number(query.packageId);
  const packageId = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <IotGuard>
      {(simNo) => <SelectCouponView key={`${simNo}:${packageId}`} simNo={simNo} packageId={packageId} />}
    </IotGuard>
  );
}
