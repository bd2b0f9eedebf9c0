/**
 * 网络加速 (SCREENS §4 accelerate/index): the card's acceleration (加速中 with its name, speed, time left
 * and end, or 待生效 with its start), the passes (name, top speed by speedCode, duration, price, original
 * price, tag) with 开通 → 加速包支付, and 加速记录. 40001 → 当前卡暂不支持加速; none on sale → 暂无加速包.
 */
import { type AccelerateOrder, iotMemberApi } from '@haoka/contract';
import { Button, Tag } from 'antd-mobile';
import { FireFill, RightOutline } from 'antd-mobile-icons';
import { useDurationText } from '../../../components/duration';
import { ErrorBlock } from '../../../components/error-block';
import { formatYuan } from '../../../components/money';
import { EmptyAction, EmptyState, PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { type AccelerateList, useAccelerateList } from '../api/list-accelerate';
import { membershipOf, timeLeft } from '../member-rules';
import { ACCELERATE_CASHIER_PATH, ACCELERATE_ORDER_PATH } from '../paths';
import { isModuleClosed } from './vip-promo';
import './common.css';
import './accelerate-center.css';
import '../i18n';

type AccelerateProduct = iotMemberApi.AccelerateProduct;

/** "最高 300 Mbps" for a speed code; an unknown code shows as it is. */
export function useSpeedLabel() {
  const { t } = useTranslation();
  return (speedCode: string) => {
    const mbps = (iotMemberApi.SPEED_MBPS as Record<string, number>)[speedCode];
    return mbps ? t('iotMember.accelerate.speed', { mbps }) : speedCode;
  };
}

function CurrentAcceleration({ order }: { order: AccelerateOrder | null }) {
  const { t } = useTranslation();
  const speedLabel = useSpeedLabel();
  const state = membershipOf(order);
  if (!order || state.kind === 'none') {
    return (
      <section className="member-card member-card--none" data-testid="accelerate-current" data-state="none">
        <div className="member-card__label">{t('iotMember.accelerate.current')}</div>
        <div className="member-card__title">{t('iotMember.accelerate.none')}</div>
        <div className="member-card__hint">{t('iotMember.accelerate.noneHint')}</div>
      </section>
    );
  }
  const left = state.kind === 'valid' ? timeLeft(state.endAt) : null;
  return (
    <section
      className={`member-card member-card--${state.kind}`}
      data-testid="accelerate-current"
      data-state={state.kind}
    >
      <div className="member-card__label">{t('iotMember.accelerate.current')}</div>
      <div data-shop-content className="member-card__title" data-testid="accelerate-current-name">
        {order.accelerateName}
        <Tag color={state.kind === 'valid' ? 'success' : 'primary'} fill="outline">
          {state.kind === 'valid' ? t('iotMember.accelerate.running') : t('iotMember.status.s2')}
        </Tag>
      </div>
      <div className="member-card__hint" data-testid="accelerate-current-speed">
        {speedLabel(order.speedCode)}
      </div>
      <div className="member-card__hint" data-testid="accelerate-current-period">
        {state.kind === 'valid'
          ? t('iotMember.accelerate.left', { days: left?.days ?? 0, hours: left?.hours ?? 0, time: state.endAt })
          : t('iotMember.common.startsAt', { time: state.startAt })}
      </div>
    </section>
  );
}

function PassCard({ pass }: { pass: AccelerateProduct }) {
  const { t } = useTranslation();
  const durationLabel = useDurationText();
  const speedLabel = useSpeedLabel();
  return (
    <article className="member-pass" data-testid="accelerate-pass" data-accelerate-id={pass.id}>
      <div className="member-pass__head">
        <span data-shop-content className="member-pass__name" data-testid="accelerate-pass-name">
          {pass.accelerateName}
        </span>
        {pass.tag ? (
          <span data-shop-content className="member-option__tag member-option__tag--inline">
            {pass.tag}
          </span>
        ) : null}
      </div>
      <div className="member-pass__facts">
        <span className="member-pass__speed" data-testid="accelerate-pass-speed">
          <FireFill /> {speedLabel(pass.speedCode)}
        </span>
        <span data-testid="accelerate-pass-duration">{durationLabel(pass.duration, pass.durationUnit)}</span>
      </div>
      <div className="member-pass__foot">
        <span>
          <strong className="member-price" data-testid="accelerate-pass-price">
            {formatYuan(pass.price)}
          </strong>
          {pass.originalPrice !== pass.price ? <s className="member-origin">{formatYuan(pass.originalPrice)}</s> : null}
        </span>
        <Button
          size="small"
          color="primary"
          shape="rounded"
          onClick={() => navigateTo(ACCELERATE_CASHIER_PATH, { accelerateId: pass.id })}
          data-testid={`accelerate-open-${pass.id}`}
        >
          {t('iotMember.accelerate.open')}
        </Button>
      </div>
    </article>
  );
}

function AccelerateContent({ data }: { data: AccelerateList }) {
  const { t } = useTranslation();
  return (
    <>
      <CurrentAcceleration order={data.accelerateOrder} />
      <button
        type="button"
        className="member-records-link"
        onClick={() => navigateTo(ACCELERATE_ORDER_PATH)}
        data-testid="accelerate-records"
      >
        {t('iotMember.accelerate.records')}
        <RightOutline />
      </button>
      {data.list.length === 0 ? (
        <div className="page-state page-state-empty" data-testid="page-empty-state">
          <ErrorBlock status="empty" title={t('iotMember.accelerate.empty')} description="" />
        </div>
      ) : (
        <section className="member-passes" data-testid="accelerate-passes">
          {data.list.map((pass) => (
            <PassCard key={pass.id} pass={pass} />
          ))}
        </section>
      )}
    </>
  );
}

/** 40001 on an acceleration screen: the card cannot be sped up (or the module is off). */
export function AccelerateUnsupported() {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="member-closed"
      testId="accelerate-unsupported"
      title={t('iotMember.accelerate.unsupported')}
      action={<EmptyAction label={t('iotMember.common.backIotHome')} onClick={() => redirectTo(IOT_HOME_PATH)} />}
    />
  );
}

function AccelerateView({ simNo }: { simNo: string }) {
  const list = useAccelerateList(simNo);
  if (isModuleClosed(list.error)) return <AccelerateUnsupported />;
  return (
    <div className="member-page iot-page" data-testid="accelerate-page">
      <PageState
        loading={list.isPending}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        skeletonRows={8}
      >
        {list.data ? <AccelerateContent data={list.data} /> : null}
      </PageState>
    </div>
  );
}

/** The route /pages-sub/iot/index/accelerate/index. */
export function AccelerateCenterPage() {
  return <IotGuard>{(simNo) => <AccelerateView key={simNo} simNo={simNo} />}</IotGuard>;
}
