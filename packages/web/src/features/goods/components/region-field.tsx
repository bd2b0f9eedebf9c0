/**
 * 收货地区: a province / city / county picker over the static region files, loading each level when the
 * level above is chosen. Works as a form control (value / onChange).
 */
import type { RegionNode } from '@haoka/contract';
import { Picker } from 'antd-mobile';

type PickerValue = string | number | null;

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOT_REGION, useRegions } from '../api/get-regions';
import type { RegionValue } from '../order-form-rules';

export interface RegionFieldProps {
  value?: RegionValue | null;
  onChange?: (value: RegionValue) => void;
}

/** The chosen code if it is among `nodes`, else the first node's, else ''. */
function pick(nodes: RegionNode[] | undefined, wanted: PickerValue | undefined): string {
  if (!nodes || nodes.length === 0) return '';
  const found = nodes.find((n) => n.code === wanted);
  return (found ?? nodes[0])?.code ?? '';
}

const nameOf = (nodes: RegionNode[] | undefined, code: string) => nodes?.find((n) => n.code === code)?.name ?? '';

const column = (nodes: RegionNode[] | undefined) => (nodes ?? []).map((n) => ({ label: n.name, value: n.code }));

export function formatRegion(region: RegionValue | null | undefined): string {
  if (!region) return '';
  return [region.provinceName, region.cityName, region.countyName].filter(Boolean).join(' ');
}

export function RegionField({ value, onChange }: RegionFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [selected, setSelected] = useState<PickerValue[]>([]);

  const provinces = useRegions(visible || value ? ROOT_REGION : '');
  const provinceCode = pick(provinces.data, selected[0] ?? value?.provinceCode);
  const cities = useRegions(visible ? provinceCode : '');
  const cityCode = pick(cities.data, selected[1] ?? value?.cityCode);
  const counties = useRegions(visible ? cityCode : '');
  const countyCode = pick(counties.data, selected[2] ?? value?.countyCode);

  const failed = provinces.isError || cities.isError || counties.isError;
  const current: PickerValue[] = [provinceCode || null, cityCode || null, countyCode || null];
  const text = formatRegion(value);

  return (
    <>
      <button
        type="button"
        className={`goods-region-field${text ? '' : ' goods-region-field--empty'}`}
        onClick={() => {
          setSelected([]);
          setVisible(true);
        }}
        data-testid="goods-region-field"
      >
        {text || t('goods.form.regionPlaceholder')}
      </button>
      <Picker
        visible={visible}
        title={failed ? t('goods.form.regionLoadFailed') : t('goods.form.region')}
        loading={provinces.isPending}
        columns={[column(provinces.data), column(cities.data), column(counties.data)]}
        value={current}
        onSelect={(next) => setSelected(next)}
        onClose={() => setVisible(false)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() => {
          // The picker's own value can miss a column that loaded after it opened: confirm what the columns
          // show, which the selection (kept by onSelect) and the loaded lists determine.
          if (!provinceCode || !cityCode || !counties.isSuccess) return;
          onChange?.({
            provinceCode,
            provinceName: nameOf(provinces.data, provinceCode),
            cityCode,
            cityName: nameOf(cities.data, cityCode),
            // A city without counties stands for its own county (the order needs a county code).
            countyCode: countyCode || cityCode,
            countyName: nameOf(counties.data, countyCode),
          });
        }}
      />
    </>
  );
}
