/**
 * 收货地区 of the reservation form: a bottom sheet that walks province → city → county from the
 * /provinces files (SPEC §7), with the picked path as tabs to step back.
 */
import type { RegionNode } from '@haoka/contract';
import { DotLoading, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVINCES, useRegions } from '../api/get-regions';
import type { RegionPick } from '../reserve-form';
import './region-select.css';

export interface RegionSelectProps {
  value: RegionPick | null;
  onChange: (value: RegionPick) => void;
}

export function regionPickLabel(value: RegionPick | null): string {
  if (!value) return '';
  return [value.provinceName, value.cityName === '市辖区' ? '' : value.cityName, value.countyName]
    .filter(Boolean)
    .join(' ');
}

/** A region pre-filled down to the city (autoFilterDelivery) opens at its counties. */
function startPath(value: RegionPick | null): RegionNode[] {
  if (!value?.provinceCode || !value.cityCode || value.countyCode) return [];
  return [
    { code: value.provinceCode, name: value.provinceName, level: 1 },
    { code: value.cityCode, name: value.cityName, level: 2 },
  ];
}

export function RegionSelect({ value, onChange }: RegionSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [path, setPath] = useState<RegionNode[]>([]);
  const level = path.length; // 0 provinces, 1 cities, 2 counties
  const parent = level === 0 ? PROVINCES : (path[level - 1]?.code ?? PROVINCES);
  const list = useRegions(open ? parent : '');

  const pick = (node: RegionNode) => {
    const next = [...path, node];
    if (next.length < 3) {
      setPath(next);
      return;
    }
    const [p, c, a] = next as [RegionNode, RegionNode, RegionNode];
    onChange({
      provinceCode: p.code,
      provinceName: p.name,
      cityCode: c.code,
      cityName: c.name,
      countyCode: a.code,
      countyName: a.name,
    });
    setOpen(false);
  };

  // A city without counties (some prefecture-level cities) ends the walk at the city.
  const finishAtCity = level === 2 && list.isSuccess && list.data.length === 0;
  const label = regionPickLabel(value);
  return (
    <>
      <button
        type="button"
        className={`numbers-region-select${label ? '' : ' is-empty'}`}
        onClick={() => {
          setPath(startPath(value));
          setOpen(true);
        }}
        data-testid="reserve-region"
      >
        {label ? <span data-shop-content>{label}</span> : <span>{t('pretty.form.regionPlaceholder')}</span>}
        <RightOutline />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ height: '70vh', borderRadius: '12px 12px 0 0' }}
        destroyOnClose
      >
        <div className="numbers-region-select__sheet" data-testid="region-select-sheet">
          <div className="numbers-region-select__tabs">
            {path.map((node, i) => (
              <button key={node.code} type="button" onClick={() => setPath(path.slice(0, i))} data-shop-content>
                {node.name}
              </button>
            ))}
            <span className="is-current">{t('pretty.form.choose')}</span>
          </div>
          <div className="numbers-region-select__list">
            {list.isPending ? <DotLoading color="primary" /> : null}
            {list.isError ? (
              <button type="button" className="numbers-link" onClick={() => void list.refetch()}>
                {t('vanity.filter.regionLoadFailed')}
              </button>
            ) : null}
            {finishAtCity ? (
              <button
                type="button"
                data-shop-content
                onClick={() => {
                  const [p, c] = path as [RegionNode, RegionNode];
                  onChange({
                    provinceCode: p.code,
                    provinceName: p.name,
                    cityCode: c.code,
                    cityName: c.name,
                    countyCode: c.code,
                    countyName: '',
                  });
                  setOpen(false);
                }}
              >
                {path[1]?.name}
              </button>
            ) : null}
            {list.data?.map((node) => (
              <button
                key={node.code}
                type="button"
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
