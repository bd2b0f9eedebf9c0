/**
 * 会员卡片 (SCREENS §4 user/vip). As a block of 我的: a valid membership (simInfo.vipOrder, validTag 1)
 * shows its name, logo, 有效期至 endAt and the privilege icons; one waiting its turn (status 2) shows
 * 待生效 and when it starts; none offers 开通会员. Every state opens the member centre. As a direct route
 * it is the member centre: the page replaces itself with /pages-sub/iot/vip/index.
 */
import type { VipOrder } from '@haoka/contract';
import { Button, Tag } from 'antd-mobile';
import { StarFill } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { Image } from '../../../components/image';
import { useTranslation } from '../../../i18n/react';
import { navigateTo, redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { dayOf } from '../../iot-buy/package-rules';
import { PrivilegeIcon } from '../../iot-member/components/privilege-icon';
import { VIP_PATH } from '../paths';
import { vipCardState } from '../user-rules';
import './vip-card.css';
import '../i18n';

/** At most this many privilege icons fit on the card; the member centre lists them all. */
const MAX_PRIVILEGE_ICONS = 4;

function VipLogo({ order }: { order: VipOrder }) {
  return order.logo ? (
    <Image className="iot-user-vip__logo" src={order.logo} alt="" width={40} height={40} fit="contain" />
  ) : (
    <StarFill className="iot-user-vip__logo" fontSize={32} />
  );
}

function Privileges({ order }: { order: VipOrder }) {
  const items = order.privileges.items.slice(0, MAX_PRIVILEGE_ICONS);
  if (items.length === 0) return null;
  return (
    <ul className="iot-user-vip__privileges" data-testid="user-vip-privileges">
      {items.map((item) => (
        <li key={item.title} className="iot-user-vip__privilege" data-testid="user-vip-privilege">
          <span className="iot-user-vip__privilege-icon">
            <PrivilegeIcon icon={item.icon} />
          </span>
          <span>{item.title}</span>
        </li>
      ))}
    </ul>
  );
}

export function VipCard({ order }: { order: VipOrder | null }) {
  const { t } = useTranslation();
  const state = vipCardState(order);
  const open = () => navigateTo(VIP_PATH);
  if (state.kind === 'none') {
    return (
      <section className="iot-user-vip iot-user-vip--none" data-testid="user-vip" data-state="none">
        <StarFill className="iot-user-vip__logo" fontSize={32} />
        <div className="iot-user-vip__main">
          <strong className="iot-user-vip__name">{t('iotUser.vip.noneTitle')}</strong>
          <span className="iot-user-vip__line">{t('iotUser.vip.noneHint')}</span>
        </div>
        <Button size="small" shape="rounded" className="iot-user-vip__cta" onClick={open} data-testid="user-vip-open">
          {t('iotUser.vip.open')}
        </Button>
      </section>
    );
  }
  const { order: vip } = state;
  return (
    <section className="iot-user-vip" data-testid="user-vip" data-state={state.kind}>
      <button type="button" className="iot-user-vip__head" onClick={open} data-testid="user-vip-head">
        <VipLogo order={vip} />
        <div className="iot-user-vip__main">
          <strong data-shop-content className="iot-user-vip__name" data-testid="user-vip-name">
            {vip.vipName}
            {state.kind === 'queued' ? (
              <Tag className="iot-user-vip__tag" color="warning" data-testid="user-vip-queued">
                {t('iotUser.vip.queued')}
              </Tag>
            ) : (
              <Tag className="iot-user-vip__tag" color="var(--hk-color-gold)">
                {t('iotUser.vip.badge')}
              </Tag>
            )}
          </strong>
          <span className="iot-user-vip__line" data-testid="user-vip-period">
            {state.kind === 'valid'
              ? t('iotUser.vip.validUntil', { date: dayOf(vip.endAt) })
              : t('iotUser.vip.queuedFrom', { date: dayOf(vip.startAt) })}
          </span>
        </div>
        <span className="iot-user-vip__more">
          {state.kind === 'valid' ? t('iotUser.vip.renew') : t('iotUser.vip.view')}
        </span>
      </button>
      <Privileges order={vip} />
    </section>
  );
}

/** The direct route: the member centre is where a membership is shown and bought. */
export function VipRedirectPage() {
  const query = usePageQuery();
  useEffect(() => {
    redirectTo(VIP_PATH, query);
  }, [query]);
  return null;
}
