/**
 * 号码预约 content (SCREENS §1): the big number with operator, 归属地 and pattern tags; 预存话费 and 原价;
 * 最低消费 and 在网期限; the package row (→ pretty/package), the 3 latest reviews by buyers of numbers of
 * its level (→ pretty/comment),
 * 服务承诺 and 交易条款; then the reservation form, which places the order for this number and the chosen
 * package (SCREENS §5.1). A free order ends in 预约成功 here; a paid one goes to the pay page.
 */
import { List } from 'antd-mobile';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { OrderSubmitted } from '../../order/components/order-submitted';
import { buildOrderPayload, useOrderSubmit } from '../../order/submit-order';
import type { NumberDetail } from '../api/get-number-detail';
import { regionLabel } from '../number-format';
import { operatorName } from '../operators';
import { effectivePackage, usePackageChoiceStore } from '../package-choice-store';
import { PRETTY_COMMENT_PATH, PRETTY_PACKAGE_PATH } from '../paths';
import { CommentItem } from './comment-item';
import { NumberDigits } from './number-digits';
import { OperatorLogo } from './operator-logo';
import { PatternTags } from './pattern-tags';
import { ReserveFormView } from './reserve-form-view';
import './number-detail.css';
import './link.css';
import '../i18n';

export interface NumberDetailViewProps {
  detail: NumberDetail;
  preAgreed: boolean;
}

export function NumberDetailView({ detail, preAgreed }: NumberDetailViewProps) {
  const { t } = useTranslation();
  const { number, packages, comments } = detail;
  const chosenId = usePackageChoiceStore((s) => s.chosen[number.id]);
  const pkg = effectivePackage(packages, chosenId);
  const showOriginal = Number(number.originalPrice) > Number(number.price);
  const { submit, done } = useOrderSubmit();
  if (done) return <OrderSubmitted kind="number" orderSn={done.orderSn} />;
  return (
    <div className="numbers-detail" data-testid="number-detail" data-number-id={number.id}>
      <section className="numbers-detail__hero">
        <div className="numbers-detail__operator">
          <OperatorLogo type={number.operatorType} size={24} />
          <span>{operatorName(t, number.operatorType)}</span>
          <span className="numbers-detail__region" data-shop-content data-testid="number-region">
            {regionLabel(number.provinceName, number.cityName)}
          </span>
        </div>
        <NumberDigits number={number.number} className="numbers-detail__digits" />
        <PatternTags codes={number.patterns} />
        <div className="numbers-detail__price">
          <span className="numbers-detail__price-label">{t('pretty.prestore')}</span>
          <span className="numbers-detail__price-value" data-testid="number-price">
            {formatYuan(number.price)}
          </span>
          {showOriginal ? (
            <s className="numbers-detail__original">
              {t('pretty.originalPrice')} {formatYuan(number.originalPrice)}
            </s>
          ) : null}
        </div>
      </section>

      <List className="numbers-detail__facts">
        <List.Item
          extra={
            Number(number.minConsume) > 0
              ? t('pretty.perMonth', { amount: formatYuan(number.minConsume) })
              : t('pretty.none')
          }
        >
          {t('pretty.minConsume')}
        </List.Item>
        <List.Item
          extra={number.contractMonths > 0 ? t('duration.month', { count: number.contractMonths }) : t('pretty.none')}
        >
          {t('pretty.contractMonths')}
        </List.Item>
        <List.Item
          clickable
          onClick={() => navigateTo(PRETTY_PACKAGE_PATH, { numberId: number.id })}
          extra={
            <span data-testid="detail-package">
              {pkg ? (
                <>
                  <span data-shop-content>{pkg.name}</span>{' '}
                  {t('pretty.perMonth', { amount: formatYuan(pkg.monthlyFee) })}
                </>
              ) : (
                t('pretty.packageNone')
              )}
            </span>
          }
          data-testid="detail-package-row"
        >
          {t('pretty.package')}
        </List.Item>
      </List>

      <List
        className="numbers-detail__reviews"
        header={
          <button
            type="button"
            className="numbers-detail__reviews-head"
            onClick={() => navigateTo(PRETTY_COMMENT_PATH, { numberId: number.id })}
            data-testid="detail-reviews-link"
          >
            <span>{t('pretty.reviews', { count: comments.total })}</span>
            <span className="numbers-link">{t('pretty.reviewsAll')}</span>
          </button>
        }
      >
        <div className="numbers-detail__reviews-body">
          {comments.list.length === 0 ? (
            <p className="numbers-detail__muted">{t('pretty.reviewsEmpty')}</p>
          ) : (
            <>
              <p className="numbers-detail__muted" data-testid="reviews-same-kind">
                {t('numberReviews.sameKind')}
              </p>
              {comments.list.slice(0, 3).map((c) => (
                <CommentItem key={c.id} comment={c} />
              ))}
            </>
          )}
        </div>
      </List>

      <List className="numbers-detail__links">
        <List.Item clickable onClick={() => navigateTo('/pages/about/promise')}>
          {t('pretty.promise')}
        </List.Item>
        <List.Item clickable onClick={() => navigateTo('/pages/about/payment')}>
          {t('pretty.payment')}
        </List.Item>
      </List>

      <ReserveFormView
        needSmsCode={detail.needSmsCode === 1}
        preAgreed={preAgreed}
        priceText={formatYuan(number.price)}
        onSubmit={(contact) =>
          void submit(buildOrderPayload({ orderType: 1, numberId: number.id, packageId: pkg?.id }, contact))
        }
      />
    </div>
  );
}
