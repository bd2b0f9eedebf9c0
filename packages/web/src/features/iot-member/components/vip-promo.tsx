/**
 * 会员弹窗 (SCREENS §4 vip/popup) in its three roles: the promo card (best VIP product, its privileges,
 * 立即开通), the confirm sheet on 会员中心 before paying (product, price, validity, when it starts), and —
 * opened directly — the promo card as a page with 立即开通 / 返回.
 */
import type { iotMemberApi } from '@haoka/contract';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useDurationText } from '../../../components/duration';
import { Image } from '../../../components/image';
import { formatYuan } from '../../../components/money';
import { EmptyAction, EmptyState, PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { goBack, IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useVipList } from '../api/list-vip';
import { featuredProduct } from '../member-rules';
import { VIP_PATH } from '../paths';
import { PrivilegeIcon } from './privilege-icon';
import './common.css';
import './vip-promo.css';
import '../i18n';

type VipProduct = iotMemberApi.VipProduct;

export function PrivilegeGrid({ product, testId = 'vip-privileges' }: { product: VipProduct; testId?: string }) {
  return (
    <ul className="member-privileges" data-testid={testId}>
      {product.privileges.items.map((item) => (
        <li key={`${item.icon}|${item.title}`} className="member-privileges__item" data-testid="vip-privilege">
          <span className="member-privileges__icon">
            <PrivilegeIcon icon={item.icon} />
          </span>
          <span data-shop-content className="member-privileges__title">
            {item.title}
          </span>
          {item.desc ? (
            <span data-shop-content className="member-privileges__desc">
              {item.desc}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The promo card: logo, name, headline, privileges, price and 立即开通. */
export function VipPromoCard({
  product,
  onOpen,
  extra,
}: {
  product: VipProduct;
  onOpen: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const durationLabel = useDurationText();
  return (
    <section className="member-promo" data-testid="vip-promo" data-vip-id={product.id}>
      <div className="member-promo__head">
        {product.logo ? (
          <Image className="member-promo__logo" src={product.logo} alt="" width={44} height={44} fit="contain" />
        ) : null}
        <div>
          <div className="member-promo__title">{t('iotMember.promo.title')}</div>
          <div className="member-promo__name" data-testid="vip-promo-name">
            <span data-shop-content>{product.vipName}</span> · {durationLabel(product.duration, product.durationUnit)}
          </div>
        </div>
      </div>
      {product.privileges.gi ? (
        <div data-shop-content className="member-promo__gi" data-testid="vip-promo-gi">
          {product.privileges.gi}
        </div>
      ) : null}
      <PrivilegeGrid product={product} testId="vip-promo-privileges" />
      <div className="member-promo__price">
        <strong data-testid="vip-promo-price">{formatYuan(product.packagePrice)}</strong>
        {product.originalPrice !== product.packagePrice ? (
          <s className="member-origin">{formatYuan(product.originalPrice)}</s>
        ) : null}
      </div>
      <Button block color="warning" shape="rounded" onClick={onOpen} data-testid="vip-promo-open">
        {t('iotMember.promo.open')}
      </Button>
      {extra}
    </section>
  );
}

/** 会员中心's confirm sheet before paying: what, how much, how long, from when. */
export function VipConfirmSheet({
  product,
  nextStartAt,
  visible,
  onClose,
  onConfirm,
}: {
  product: VipProduct | null;
  nextStartAt: string | null;
  visible: boolean;
  onClose: () => void;
  onConfirm: (product: VipProduct) => void;
}) {
  const { t } = useTranslation();
  const durationLabel = useDurationText();
  return (
    <Popup visible={visible && product !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="member-sheet">
      {product ? (
        <div data-testid="vip-confirm">
          <div className="member-sheet__title">{t('iotMember.confirm.title')}</div>
          <dl className="member-facts">
            <dt>{t('iotMember.confirm.product')}</dt>
            <dd data-shop-content data-testid="vip-confirm-name">
              {product.vipName}
            </dd>
            <dt>{t('iotMember.confirm.validity')}</dt>
            <dd data-testid="vip-confirm-validity">{durationLabel(product.duration, product.durationUnit)}</dd>
            <dt>{t('iotMember.confirm.start')}</dt>
            <dd data-testid="vip-confirm-start">
              {nextStartAt ? t('iotMember.common.startsAt', { time: nextStartAt }) : t('iotMember.common.startsNow')}
            </dd>
            <dt>{t('iotMember.confirm.price')}</dt>
            <dd className="member-price" data-testid="vip-confirm-price">
              {formatYuan(product.packagePrice)}
            </dd>
          </dl>
          {product.privileges.gi ? (
            <p data-shop-content className="member-sheet__gi">
              {product.privileges.gi}
            </p>
          ) : null}
          <div className="member-sheet__actions">
            <Button block onClick={onClose} data-testid="vip-confirm-cancel">
              {t('iotMember.confirm.cancel')}
            </Button>
            <Button block color="primary" onClick={() => onConfirm(product)} data-testid="vip-confirm-ok">
              {t('iotMember.confirm.ok')}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

/** 40001 on a VIP screen: the module is off for this card. */
export function VipClosed() {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="member-closed"
      testId="vip-closed"
      title={t('iotMember.vip.closed')}
      action={<EmptyAction label={t('iotMember.common.backIotHome')} onClick={() => redirectTo(IOT_HOME_PATH)} />}
    />
  );
}

export const isModuleClosed = (error: unknown) =>
  error instanceof ApiError && error.code === 40001 && error.status === 200;

function PromoPageView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const vip = useVipList(simNo);
  if (isModuleClosed(vip.error)) return <VipClosed />;
  const product = vip.data ? featuredProduct(vip.data.list) : null;
  return (
    <div className="member-page iot-page" data-testid="vip-popup-page">
      <PageState
        loading={vip.isPending}
        error={vip.isError ? vip.error : undefined}
        onRetry={() => void vip.refetch()}
        empty={vip.data !== undefined && product === null}
        emptyText={t('iotMember.vip.empty')}
      >
        {product ? (
          <VipPromoCard
            product={product}
            onOpen={() => navigateTo(VIP_PATH)}
            extra={
              <Button block fill="none" onClick={goBack} data-testid="vip-promo-back">
                {t('iotMember.promo.back')}
              </Button>
            }
          />
        ) : null}
      </PageState>
    </div>
  );
}

/** The route /pages-sub/iot/vip/popup opened directly: the promo card as a page. */
export function VipPopupPage() {
  return <IotGuard>{(simNo) => <PromoPageView key={simNo} simNo={simNo} />}</IotGuard>;
}
