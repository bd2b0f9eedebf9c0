/**
 * 会员中心 (SCREENS §4 vip/index): the card's membership (会员有效期至 endAt, or 待生效 with its start, or
 * none), the VIP products to choose from (price, original price, validity, tag, headline), the chosen
 * one's privileges, the 《会员服务协议》 link, and 立即开通 / 续费 → the confirm sheet → 会员支付.
 * 40001 → 会员功能暂未开放.
 */
import type { iotMemberApi } from '@haoka/contract';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useDurationText } from '../../../components/duration';
import { ErrorBlock } from '../../../components/error-block';
import { Image } from '../../../components/image';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { PayAgreement } from '../../payment/pay-agreement';
import { useVipList, type VipList } from '../api/list-vip';
import { featuredProduct, membershipOf } from '../member-rules';
import { PROTOCOL_PATH, VIP_PAY_PATH } from '../paths';
import { isModuleClosed, PrivilegeGrid, VipClosed, VipConfirmSheet } from './vip-promo';
import './common.css';
import './vip-center.css';
import '../i18n';

type VipProduct = iotMemberApi.VipProduct;

function MembershipCard({ data }: { data: VipList }) {
  const { t } = useTranslation();
  const state = membershipOf(data.vipOrder);
  return (
    <section className={`member-card member-card--${state.kind}`} data-testid="vip-membership" data-state={state.kind}>
      <div className="member-card__label">{t('iotMember.vip.membership')}</div>
      {state.kind === 'none' ? (
        <>
          <div className="member-card__title">{t('iotMember.vip.none')}</div>
          <div className="member-card__hint">{t('iotMember.vip.noneHint')}</div>
        </>
      ) : (
        <>
          <div data-shop-content className="member-card__title" data-testid="vip-current-name">
            {data.vipOrder?.vipName}
            <Tag color={state.kind === 'valid' ? 'success' : 'primary'} fill="outline">
              {state.kind === 'valid' ? t('iotMember.status.s1') : t('iotMember.status.s2')}
            </Tag>
          </div>
          <div className="member-card__hint" data-testid="vip-current-period">
            {state.kind === 'valid'
              ? t('iotMember.vip.validUntil', { time: state.endAt })
              : t('iotMember.common.startsAt', { time: state.startAt })}
          </div>
        </>
      )}
    </section>
  );
}

function ProductOption({
  product,
  selected,
  onSelect,
}: {
  product: VipProduct;
  selected: boolean;
  onSelect: () => void;
}) {
  const durationLabel = useDurationText();
  return (
    <button
      type="button"
      className={`member-option${selected ? ' member-option--on' : ''}`}
      onClick={onSelect}
      data-testid="vip-product"
      data-vip-id={product.id}
      aria-pressed={selected}
    >
      {product.tag ? (
        <span data-shop-content className="member-option__tag">
          {product.tag}
        </span>
      ) : null}
      {product.logo ? <Image src={product.logo} alt="" width={28} height={28} fit="contain" /> : null}
      <span data-shop-content className="member-option__name" data-testid="vip-product-name">
        {product.vipName}
      </span>
      <span className="member-option__price" data-testid="vip-product-price">
        {formatYuan(product.packagePrice)}
      </span>
      {product.originalPrice !== product.packagePrice ? (
        <s className="member-origin" data-testid="vip-product-origin">
          {formatYuan(product.originalPrice)}
        </s>
      ) : null}
      <span className="member-option__duration" data-testid="vip-product-duration">
        {durationLabel(product.duration, product.durationUnit)}
      </span>
    </button>
  );
}

function VipContent({ data }: { data: VipList }) {
  const { t } = useTranslation();
  const [chosenId, setChosenId] = useState<number | null>(() => featuredProduct(data.list)?.id ?? null);
  const [confirming, setConfirming] = useState(false);
  const product = data.list.find((p) => p.id === chosenId) ?? featuredProduct(data.list);
  const renew = membershipOf(data.vipOrder).kind !== 'none';
  return (
    <>
      <MembershipCard data={data} />
      {product ? (
        <>
          <section className="member-options" data-testid="vip-products">
            {data.list.map((p) => (
              <ProductOption key={p.id} product={p} selected={p.id === product.id} onSelect={() => setChosenId(p.id)} />
            ))}
          </section>
          <section className="member-section">
            <div className="member-section__title">
              {t('iotMember.vip.privileges')}
              {product.privileges.gi ? (
                <span data-shop-content className="member-section__gi" data-testid="vip-gi">
                  {product.privileges.gi}
                </span>
              ) : null}
            </div>
            <PrivilegeGrid product={product} />
          </section>
          <PayAgreement
            label={t('iotMember.vip.protocolHint')}
            link={t('iotMember.pay.protocol.vip')}
            onOpen={() => navigateTo(PROTOCOL_PATH, { type: 'vip' })}
            linkTestId="vip-protocol"
          />
          <div className="member-bar">
            <div className="member-bar__total">
              <strong data-testid="vip-bar-price">{formatYuan(product.packagePrice)}</strong>
            </div>
            <Button color="warning" shape="rounded" onClick={() => setConfirming(true)} data-testid="vip-open">
              {renew ? t('iotMember.vip.renew') : t('iotMember.vip.open')}
            </Button>
          </div>
          <VipConfirmSheet
            product={product}
            nextStartAt={data.nextStartAt}
            visible={confirming}
            onClose={() => setConfirming(false)}
            onConfirm={(p) => {
              setConfirming(false);
              navigateTo(VIP_PAY_PATH, { vipId: p.id });
            }}
          />
        </>
      ) : (
        <div className="page-state page-state-empty" data-testid="page-empty-state">
          <ErrorBlock status="empty" title={t('iotMember.vip.empty')} description="" />
        </div>
      )}
    </>
  );
}

function VipCenterView({ simNo }: { simNo: string }) {
  const vip = useVipList(simNo);
  if (isModuleClosed(vip.error)) return <VipClosed />;
  return (
    <div className="member-page member-page--bar iot-page" data-testid="vip-page">
      <PageState
        loading={vip.isPending}
        error={vip.isError ? vip.error : undefined}
        onRetry={() => void vip.refetch()}
        skeletonRows={8}
      >
        {vip.data ? <VipContent data={vip.data} /> : null}
      </PageState>
    </div>
  );
}

/** The route /pages-sub/iot/vip/index. */
export function VipCenterPage() {
  return <IotGuard>{(simNo) => <VipCenterView key={simNo} simNo={simNo} />}</IotGuard>;
}
