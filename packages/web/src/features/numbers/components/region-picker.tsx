/**
 * 选择归属地 (SCREENS §2 FilterSearch/fullPopup): provinces left (全国 first), the chosen province's
 * cities right (全省 first), a 定位 row from ipLocation, and 重置 / 确定. Lists come from /provinces.
 */
import type { RegionNode } from '@haoka/contract';
import { Button, DotLoading } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { PROVINCES, useRegions } from '../../regions/api/get-regions';
import { useIpLocation } from '../api/get-ip-location';
import { displayCityName } from '../number-format';
import './region-picker.css';
import './link.css';

export interface RegionValue {
  provinceCode: string;
  cityCode: string;
}

export interface RegionPickerProps {
  value: RegionValue;
  onConfirm: (value: RegionValue) => void;
}

function RegionColumn({
  nodes,
  loading,
  failed,
  onRetry,
  children,
}: {
  nodes: RegionNode[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  children: (node: RegionNode) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loading && !nodes) return <DotLoading color="primary" />;
  if (failed && !nodes) {
    return (
      <button type="button" className="numbers-link numbers-region__retry" onClick={onRetry}>
        {t('vanity.filter.regionLoadFailed')}
      </button>
    );
  }
  return <>{nodes?.map(children)}</>;
}

export function RegionPicker({ value, onConfirm }: RegionPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RegionValue>(value);
  const provinces = useRegions(PROVINCES);
  const cities = useRegions(draft.provinceCode);
  const location = useIpLocation();
  const provinceName = provinces.data?.find((p) => p.code === draft.provinceCode)?.name ?? '';
  const loc = location.data;
  const located = loc?.provinceCode ? loc : null;

  return (
    <div className="numbers-region" data-testid="region-picker">
      <div className="numbers-region__locate">
        <EnvironmentOutline />
        <span>{t('vanity.filter.locate')}</span>
        {location.isPending ? (
          <span className="numbers-region__muted">{t('vanity.filter.locating')}</span>
        ) : located ? (
          <button
            type="button"
            className="numbers-link"
            data-shop-content
            data-testid="region-locate"
            onClick={() => setDraft({ provinceCode: located.provinceCode, cityCode: located.cityCode })}
          >
            {located.cityName && located.cityName !== located.provinceName
              ? `${located.provinceName} ${located.cityName}`
              : located.provinceName}
          </button>
        ) : (
          <span className="numbers-region__muted">{t('vanity.filter.locateFailed')}</span>
        )}
      </div>
      <div className="numbers-region__columns">
        <div className="numbers-region__provinces" data-testid="region-provinces">
          <button
            type="button"
            className={`numbers-region__item${draft.provinceCode === '' ? ' is-active' : ''}`}
            onClick={() => setDraft({ provinceCode: '', cityCode: '' })}
            data-testid="region-nationwide"
          >
            {t('vanity.filter.nationwide')}
          </button>
          <RegionColumn
            nodes={provinces.data}
            loading={provinces.isPending}
            failed={provinces.isError}
            onRetry={() => void provinces.refetch()}
          >
            {(p) => (
              <button
                key={p.code}
                type="button"
                className={`numbers-region__item${draft.provinceCode === p.code ? ' is-active' : ''}`}
                onClick={() => setDraft({ provinceCode: p.code, cityCode: '' })}
                data-shop-content
                data-testid={`region-province-${p.code}`}
              >
                {p.name}
              </button>
            )}
          </RegionColumn>
        </div>
        <div className="numbers-region__cities" data-testid="region-cities">
          {draft.provinceCode ? (
            <>
              <button
                type="button"
                className={`numbers-region__item${draft.cityCode === '' ? ' is-active' : ''}`}
                onClick={() => setDraft({ ...draft, cityCode: '' })}
                data-testid="region-whole-province"
              >
                {t('vanity.filter.wholeProvince')}
              </button>
              <RegionColumn
                nodes={cities.data}
                loading={cities.isPending}
                failed={cities.isError}
                onRetry={() => void cities.refetch()}
              >
                {(c) => (
                  <button
                    key={c.code}
                    type="button"
                    className={`numbers-region__item${draft.cityCode === c.code ? ' is-active' : ''}`}
                    onClick={() => setDraft({ ...draft, cityCode: c.code })}
                    data-shop-content
                    data-testid={`region-city-${c.code}`}
                  >
                    {displayCityName(c.name, provinceName)}
                  </button>
                )}
              </RegionColumn>
            </>
          ) : null}
        </div>
      </div>
      <div className="numbers-panel__footer">
        <Button onClick={() => setDraft({ provinceCode: '', cityCode: '' })} data-testid="region-reset">
          {t('vanity.filter.reset')}
        </Button>
        <Button color="primary" onClick={() => onConfirm(draft)} data-testid="region-confirm">
          {t('vanity.filter.confirm')}
        </Button>
      </div>
    </div>
  );
}
