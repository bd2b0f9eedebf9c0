/**
 * The facts of one package as the list cards and the confirm page show them (SCREENS §3 package/index):
 * flow (无限 for unlimited, ¥x/GB for pay-as-you-go), duration with its unit (终身 + 长期有效 for a
 * lifetime package), price with the original one struck through, tags and 限购 N 次.
 */
import type { PackageOption } from '@haoka/contract';
import { Space, Tag } from 'antd-mobile';
import { formatDuration } from '../../../components/duration';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { formatFlow } from '../../iot-core/sim-display';
import { durationOf, purchaseLimit, showsOriginalPrice } from '../package-rules';
import '../i18n';
import './package-facts.css';

export function FlowText({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  if (pkg.packageType === 3) {
    return (
      <span data-testid="pkg-flow">
        {pkg.gPrice ? t('iotBuy.list.perGb', { price: pkg.gPrice }) : t('iotBuy.list.volume')}
      </span>
    );
  }
  return (
    <span data-testid="pkg-flow">{pkg.isInfiniteFlow === 1 ? t('iotBuy.list.unlimited') : formatFlow(pkg.flow)}</span>
  );
}

export function DurationText({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  const duration = durationOf(pkg);
  if (duration.kind === 'lifetime') {
    return (
      <span data-testid="pkg-duration">
        <Tag color="warning" fill="solid" data-testid="pkg-lifetime">
          {t('duration.lifetime')}
        </Tag>{' '}
        {t('duration.longTerm')}
      </span>
    );
  }
  return <span data-testid="pkg-duration">{formatDuration(t, duration)}</span>;
}

export function PriceText({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  return (
    <span className="pkg-price">
      <span className="pkg-price__now" data-testid="pkg-price">
        {formatYuan(pkg.price)}
      </span>
      {showsOriginalPrice(pkg) ? (
        <s className="pkg-price__origin" data-testid="pkg-original-price">
          {t('iotBuy.list.originalPrice')}
          {formatYuan(pkg.originalPrice)}
        </s>
      ) : null}
    </span>
  );
}

export function PackageTags({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  const limit = purchaseLimit(pkg);
  if (pkg.tags.length === 0 && !limit) return null;
  return (
    <Space wrap className="pkg-tags" style={{ '--gap': '4px' }}>
      {pkg.tags.map((tag) => (
        <Tag key={tag} color="primary" fill="outline" data-shop-content data-testid="pkg-tag">
          {tag}
        </Tag>
      ))}
      {limit ? (
        <Tag color={limit.reached ? 'default' : 'warning'} fill="outline" data-testid="pkg-limit">
          {limit.reached
            ? t('iotBuy.list.limitReached')
            : `${t('iotBuy.list.limit', { count: limit.limit })}${
                limit.bought > 0 ? ` · ${t('iotBuy.list.bought', { count: limit.bought })}` : ''
              }`}
        </Tag>
      ) : null}
    </Space>
  );
}

/** Flow and validity side by side, then the tags and the remark: the body of a list card and the confirm head. */
export function PackageSummary({ pkg }: { pkg: PackageOption }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="pkg-card__facts">
        <div>
          <span className="pkg-card__label">{t('iotBuy.list.flow')}</span>
          <FlowText pkg={pkg} />
        </div>
        <div>
          <span className="pkg-card__label">{t('iotBuy.list.validity')}</span>
          <DurationText pkg={pkg} />
        </div>
      </div>
      <PackageTags pkg={pkg} />
      {pkg.remark ? (
        <div className="pkg-card__remark" data-shop-content>
          {pkg.remark}
        </div>
      ) : null}
    </>
  );
}
