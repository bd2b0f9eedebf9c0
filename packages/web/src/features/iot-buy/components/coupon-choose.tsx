/**
 * 充值活动 (SCREENS §3 couponChoose/index): the coupon-pack activities of GET /api/iot/couponChoose —
 * name, pay price, total face value, months, the coupons of each month, coins, 仅剩N份 stock, the card's
 * limit and how often it joined, and the rules (sanitised HTML). When the card must join one first
 * (`needBuyCoupon`=1) a banner says 请先参与充值活动后使用. 立即参与 → couponChoose/pay?activityId=.
 */
import type { CouponActivity } from '@haoka/contract';
import { Button, Collapse, NoticeBar, Tag } from 'antd-mobile';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useCouponChoose } from '../api/choose-coupon-activity';
import { activityBlock, couponsByMonth } from '../money-rules';
import { COUPON_PAY_PATH } from '../paths';
import './common.css';
import './coupon-choose.css';
import '../i18n';

/** The month-by-month coupons and the coins an activity gives. */
export function ActivityBreakdown({ activity }: { activity: CouponActivity }) {
  const { t } = useTranslation();
  const months = couponsByMonth(activity.coupons);
  return (
    <div className="money-activity__breakdown" data-testid="coupon-breakdown">
      {months.map(({ month, items }) => (
        <div key={month} className="money-activity__month" data-testid="coupon-month">
          <span className="money-activity__month-name">{t('iotBuy.coupon.month', { n: month })}</span>
          <span className="money-activity__month-items" data-shop-content>
            {items
              .map((c) => t('iotBuy.coupon.couponItem', { name: c.name, amount: c.amount, n: c.count }))
              .join(t('text.listSeparator'))}
          </span>
        </div>
      ))}
      {activity.coinAmount > 0 ? (
        <div className="money-activity__coin" data-testid="coupon-coin">
          {t('iotBuy.coupon.coin', { n: activity.coinAmount })}
        </div>
      ) : null}
    </div>
  );
}

/** Stock, limit and months tags of an activity. */
export function ActivityTags({ activity }: { activity: CouponActivity }) {
  const { t } = useTranslation();
  const block = activityBlock(activity);
  return (
    <div className="money-activity__tags">
      <Tag color="primary" fill="outline">
        {t('iotBuy.coupon.months', { count: activity.months })}
      </Tag>
      {block === 'soldOut' ? (
        <Tag color="default" data-testid="coupon-sold-out">
          {t('iotBuy.coupon.soldOut')}
        </Tag>
      ) : activity.stock !== null ? (
        <Tag color="danger" fill="outline" data-testid="coupon-stock">
          {t('iotBuy.coupon.stockLeft', { n: activity.stock })}
        </Tag>
      ) : null}
      {activity.limitTimes > 0 ? (
        <Tag color={block === 'limitReached' ? 'default' : 'warning'} fill="outline" data-testid="coupon-limit">
          {block === 'limitReached'
            ? t('iotBuy.coupon.limitReached')
            : t('iotBuy.coupon.limit', { limit: activity.limitTimes, bought: activity.boughtTimes })}
        </Tag>
      ) : null}
    </div>
  );
}

function ActivityCard({ activity }: { activity: CouponActivity }) {
  const { t } = useTranslation();
  const block = activityBlock(activity);
  return (
    <article className="money-activity" data-testid="coupon-activity" data-id={activity.id}>
      <header className="money-activity__head">
        <h3 data-shop-content className="money-activity__name" data-testid="coupon-activity-name">
          {activity.name}
        </h3>
        <div className="money-activity__price">
          <strong data-testid="coupon-activity-price">{formatYuan(activity.payPrice)}</strong>
          <span data-testid="coupon-activity-face">{t('iotBuy.coupon.faceValue', { amount: activity.faceValue })}</span>
        </div>
      </header>
      <ActivityTags activity={activity} />
      <ActivityBreakdown activity={activity} />
      {activity.rules ? (
        <Collapse className="money-activity__rules">
          <Collapse.Panel key="rules" title={t('iotBuy.coupon.rules')}>
            <RichHtml html={activity.rules} testId="coupon-activity-rules" />
          </Collapse.Panel>
        </Collapse>
      ) : null}
      <Button
        block
        color="primary"
        disabled={block !== null}
        onClick={() => navigateTo(COUPON_PAY_PATH, { activityId: activity.id })}
        data-testid={`coupon-join-${activity.id}`}
      >
        {block ? t(`iotBuy.coupon.${block}`) : t('iotBuy.coupon.join')}
      </Button>
    </article>
  );
}

function CouponChooseView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const choose = useCouponChoose(simNo);
  const data = choose.data;
  const mustBuy = data ? data.needBuyCoupon === 1 : sim?.needBuyCoupon === 1;
  return (
    <div className="money-page iot-page" data-testid="coupon-choose-page">
      {mustBuy ? (
        <NoticeBar color="alert" wrap content={t('iotBuy.coupon.mustBuy')} data-testid="coupon-must-buy" />
      ) : null}
      <PageState
        loading={choose.isPending}
        error={choose.isError ? choose.error : undefined}
        onRetry={() => void choose.refetch()}
        empty={!!data && data.list.length === 0}
        emptyText={t('iotBuy.coupon.empty')}
        skeletonRows={8}
      >
        <div className="money-list">
          {data?.list.map((a) => (
            <ActivityCard key={a.id} activity={a} />
          ))}
        </div>
      </PageState>
    </div>
  );
}

export function CouponChoosePage() {
  return <IotGuard>{(simNo) => <CouponChooseView key={simNo} simNo={simNo} />}</IotGuard>;
}
