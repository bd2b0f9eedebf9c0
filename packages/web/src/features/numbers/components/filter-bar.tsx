/**
 * FilterSearch bar (SCREENS §2): 归属地 (full-screen region popup), 运营商 and 号段 dropdowns (dictionary
 * `operator_type`, `number_segment` filtered by operator through the option's `key`) and 更多 (bottom
 * popup). A set filter shows in green; 更多 carries a count badge.
 */
import { OPERATOR_SEGMENTS, OPERATOR_TYPES } from '@haoka/contract';
import { Badge } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Dropdown } from '../../../components/dropdown';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { PROVINCES, regionNameIn, useRegions } from '../../regions/api/get-regions';
import { useDictOptions } from '../../site/api/get-dict-options';
import { moreFilterCount, type NumberFilter } from '../filter/number-filter';
import { displayCityName } from '../number-format';
import { operatorName } from '../operators';
import { Chip } from './chip';

/** The region and 更多 popups, with the region picker and antd-mobile's Popup: loaded on the first tap. */
const FilterPopups = lazy(() => withTexts(import('./filter-popups')));

export interface FilterBarProps {
  filter: NumberFilter;
  onChange: (patch: Partial<NumberFilter>) => void;
}

/** Operators for sale: the dictionary's 1–4 (never 99), or the contract's list before it loads. */
export function useOperatorOptions(): number[] {
  const options = useDictOptions('operator_type')
    .map((o) => Number(o.value))
    .filter((v) => (OPERATOR_TYPES as readonly number[]).includes(v));
  return options.length > 0 ? options : [...OPERATOR_TYPES];
}

/** Segments of an operator (all when 0), from `number_segment` whose `key` is the operator type. */
export function useSegmentOptions(operatorType: number): string[] {
  const options = useDictOptions('number_segment');
  if (options.length > 0) {
    return options.filter((o) => !operatorType || o.key === String(operatorType)).map((o) => o.value);
  }
  // Before the dictionary arrives: the contract's segments, in ascending order as the dictionary has them.
  const ops = operatorType ? [operatorType as keyof typeof OPERATOR_SEGMENTS] : OPERATOR_TYPES;
  return ops.flatMap((op) => OPERATOR_SEGMENTS[op] ?? []).sort();
}

function useRegionLabel(filter: NumberFilter): string {
  const provinces = useRegions(filter.provinceCode ? PROVINCES : '');
  const cities = useRegions(filter.cityCode ? filter.provinceCode : '');
  const provinceName = regionNameIn(provinces.data, filter.provinceCode);
  const cityName = displayCityName(regionNameIn(cities.data, filter.cityCode), provinceName);
  return cityName || provinceName;
}

function BarLabel({ active, testId, children }: { active: boolean; testId: string; children: ReactNode }) {
  return (
    <span
      className={`numbers-filter-bar__label${active ? ' numbers-filter-bar__label--active' : ''}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

export function FilterBar({ filter, onChange }: FilterBarProps) {
  const { t } = useTranslation();
  const [dropdown, setDropdown] = useState<string | null>(null);
  const [popup, setPopup] = useState<'region' | 'more' | null>(null);
  // Kept once a popup has opened, so that closing it animates.
  const [popupsWanted, setPopupsWanted] = useState(false);
  if (popup && !popupsWanted) setPopupsWanted(true);
  const operators = useOperatorOptions();
  const segments = useSegmentOptions(filter.operatorType);
  const regionLabel = useRegionLabel(filter);
  const moreCount = moreFilterCount(filter);

  const pick = (patch: Partial<NumberFilter>) => {
    onChange(patch);
    setDropdown(null);
  };

  return (
    <div className="numbers-filter-bar" data-testid="filter-bar">
      <Dropdown
        activeKey={dropdown}
        onChange={(key) => {
          if (key === 'region' || key === 'more') {
            setDropdown(null);
            setPopup(key);
          } else setDropdown(key);
        }}
        items={[
          {
            key: 'region',
            highlight: !!filter.provinceCode,
            title: (
              <BarLabel active={!!filter.provinceCode} testId="filter-region">
                {regionLabel ? <span data-shop-content>{regionLabel}</span> : t('vanity.filter.region')}
              </BarLabel>
            ),
          },
          {
            key: 'operator',
            highlight: !!filter.operatorType,
            title: (
              <BarLabel active={!!filter.operatorType} testId="filter-operator">
                {filter.operatorType ? operatorName(t, filter.operatorType) : t('vanity.filter.operator')}
              </BarLabel>
            ),
            content: (
              <div
                className="numbers-panel numbers-panel__chips numbers-panel__chips--grid numbers-panel__chips--wide"
                data-testid="operator-options"
              >
                <Chip active={!filter.operatorType} onClick={() => pick({ operatorType: 0 })} testId="operator-0">
                  {t('vanity.filter.unlimited')}
                </Chip>
                {operators.map((op) => (
                  <Chip
                    key={op}
                    active={filter.operatorType === op}
                    onClick={() => pick({ operatorType: op })}
                    testId={`operator-${op}`}
                  >
                    {operatorName(t, op)}
                  </Chip>
                ))}
              </div>
            ),
          },
          {
            key: 'segment',
            highlight: !!filter.segment,
            title: (
              <BarLabel active={!!filter.segment} testId="filter-segment">
                {filter.segment || t('vanity.filter.segment')}
              </BarLabel>
            ),
            content: (
              <div
                className="numbers-panel numbers-panel__chips numbers-panel__chips--grid"
                data-testid="segment-options"
              >
                <Chip active={!filter.segment} onClick={() => pick({ segment: '' })} testId="segment-any">
                  {t('vanity.filter.unlimited')}
                </Chip>
                {segments.map((s) => (
                  <Chip
                    key={s}
                    active={filter.segment === s}
                    onClick={() => pick({ segment: s })}
                    testId={`segment-${s}`}
                  >
                    {s}
                  </Chip>
                ))}
              </div>
            ),
          },
          {
            key: 'more',
            highlight: moreCount > 0,
            title: (
              <BarLabel active={moreCount > 0} testId="filter-more">
                {t('vanity.filter.more')}
                {moreCount > 0 ? <Badge content={moreCount} /> : null}
              </BarLabel>
            ),
          },
        ]}
      />

      {popupsWanted ? (
        <Suspense fallback={null}>
          <FilterPopups popup={popup} filter={filter} onChange={onChange} onClose={() => setPopup(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
