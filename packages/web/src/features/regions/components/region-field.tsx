/**
 * The one address-region picker (收货地区 of the shop's order forms, 所在地区 of the vanity-number form, the
 * points-mall address): a field that opens a bottom sheet walking province → city → county from the
 * /provinces files (`useRegions`), with the picked path as tabs to step back. A value pre-filled down to
 * the city (autoFilterDelivery) opens at its counties; a complete value opens at its county list with the
 * county marked. Works as a form control (value / onChange).
 */
import type { RegionNode } from '@haoka/contract';
import { DotLoading, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { PROVINCES, useRegions } from '../api/get-regions';
import { formatRegion, type RegionValue } from '../region-value';
import './region-field.css';

export interface RegionFieldProps {
  value?: RegionValue | null;
  onChange?: (value: RegionValue) => void;
  /** The field's name: the sheet's heading and the field's accessible name. */
  label: string;
  testId?: string;
}

/** Where the sheet opens: at the counties of the value's city, else at the provinces. */
function startPath(value: RegionValue | null | undefined): RegionNode[] {
  if (!value?.provinceCode || !value.cityCode) return [];
  return [
    { code: value.provinceCode, name: value.provinceName, level: 1 },
    { code: value.cityCode, name: value.cityName, level: 2 },
  ];
}

function regionOf(path: readonly RegionNode[], county: RegionNode | null): RegionValue {
  const [p, c] = path as [RegionNode, RegionNode];
  return {
    provinceCode: p.code,
    provinceName: p.name,
    cityCode: c.code,
    cityName: c.name,
    countyCode: county?.code ?? c.code,
    countyName: county?.name ?? '',
  };
}

export function RegionField({ value, onChange, label, testId = 'region-field' }: RegionFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<RegionNode[]>([]);
  const level = path.length; // 0 provinces, 1 cities, 2 counties
  const parent = level === 0 ? PROVINCES : (path[level - 1]?.code ?? PROVINCES);
  const list = useRegions(open ? parent : '');
  const chosen = [value?.provinceCode, value?.cityCode, value?.countyCode][level] ?? '';

  const finish = (next: RegionValue) => {
    onChange?.(next);
    setOpen(false);
  };
  const pick = (node: RegionNode) => {
    if (level < 2) setPath([...path, node]);
    else finish(regionOf(path, node));
  };

  // A city without counties ends the walk at the city.
  const finishAtCity = level === 2 && list.isSuccess && list.data.length === 0;
  const text = formatRegion(value);
  const shown = text || t('ui.region.placeholder');
  return (
    <>
      <button
        type="button"
        className={`region-field${text ? '' : ' is-empty'}`}
        aria-label={`${label}: ${shown}`}
        aria-haspopup="dialog"
        onClick={() => {
          setPath(startPath(value));
          setOpen(true);
        }}
        data-testid={testId}
      >
        {text ? <span data-shop-content>{text}</span> : <span>{shown}</span>}
        <RightOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyClassName="region-sheet__body"
        destroyOnClose
      >
        <div className="region-sheet" role="dialog" aria-label={label} data-testid="region-sheet">
          <h2 className="region-sheet__title">{label}</h2>
          <div className="region-sheet__tabs">
            {path.map((node, i) => (
              <button
                key={node.code}
                type="button"
                onClick={() => setPath(path.slice(0, i))}
                data-shop-content
                data-testid={`region-tab-${i}`}
              >
                {node.name}
              </button>
            ))}
            <span className="is-current">{t('ui.region.choose')}</span>
          </div>
          <div className="region-sheet__list" data-testid="region-list" data-level={level}>
            {list.isPending ? <DotLoading color="primary" /> : null}
            {list.isError ? (
              <button
                type="button"
                className="region-sheet__retry"
                onClick={() => void list.refetch()}
                data-testid="region-retry"
              >
                {t('ui.region.loadFailed')}
              </button>
            ) : null}
            {finishAtCity ? (
              <button
                type="button"
                onClick={() => finish(regionOf(path, null))}
                data-shop-content
                data-testid="region-node-city"
              >
                {path[1]?.name}
              </button>
            ) : null}
            {list.data?.map((node) => (
              <button
                key={node.code}
                type="button"
                className={node.code === chosen ? 'is-chosen' : undefined}
                aria-current={node.code === chosen ? 'true' : undefined}
                onClick={() => pick(node)}
                data-shop-content
                data-testid={`region-node-${node.code}`}
              >
                {node.name}
              </button>
            ))}
          </div>
        </div>
      </Popup>
    </>
  );
}
