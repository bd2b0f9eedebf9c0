/**
 * 更多筛选 (SCREENS §2 FilterSearch/morePopup): 号码规律 (multi-select), 价格区间 (presets or a custom
 * whole-yuan min/max), 不含数字 0–9 and 排序, with 重置 / 确定. Works on a draft; 确定 hands it back.
 */
import { isPatternCode, PATTERN_CODES, type PatternCode } from '@haoka/contract';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useDictOptions } from '../../site/api/get-dict-options';
import { useDictLabel } from '../../site/dict-label';
import type { NumberFilter, NumberSort } from '../filter/number-filter';
import {
  isPreset,
  PRICE_PRESETS,
  type PriceRange,
  type PriceRangeError,
  parsePriceRange,
  sanitizePriceInput,
} from '../filter/price-range';
import { Chip } from './chip';

export type MoreFields = Pick<NumberFilter, 'pattern' | 'priceMin' | 'priceMax' | 'excludeDigits' | 'sort'>;

export const EMPTY_MORE: MoreFields = {
  pattern: [],
  priceMin: null,
  priceMax: null,
  excludeDigits: [],
  sort: 'default',
};

const SORTS: { value: NumberSort; key: 'sortDefault' | 'sortPriceAsc' | 'sortPriceDesc' }[] = [
  { value: 'default', key: 'sortDefault' },
  { value: 'priceAsc', key: 'sortPriceAsc' },
  { value: 'priceDesc', key: 'sortPriceDesc' },
];
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const toggle = <T,>(list: readonly T[], item: T): T[] =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export interface MoreFilterProps {
  value: MoreFields;
  onConfirm: (value: MoreFields) => void;
}

export function MoreFilter({ value, onConfirm }: MoreFilterProps) {
  const { t } = useTranslation();
  const patternLabel = useDictLabel('number_pattern');
  const dictPatterns = useDictOptions('number_pattern')
    .map((o) => o.value)
    .filter(isPatternCode);
  const patterns: readonly PatternCode[] = dictPatterns.length > 0 ? dictPatterns : PATTERN_CODES;
  const [pattern, setPattern] = useState<PatternCode[]>(value.pattern);
  const [excludeDigits, setExcludeDigits] = useState<number[]>(value.excludeDigits);
  const [sort, setSort] = useState<NumberSort>(value.sort);
  const [minText, setMinText] = useState(value.priceMin === null ? '' : String(value.priceMin));
  const [maxText, setMaxText] = useState(value.priceMax === null ? '' : String(value.priceMax));
  const [error, setError] = useState<PriceRangeError | null>(null);

  const setRange = (range: PriceRange) => {
    setMinText(range.priceMin === null ? '' : String(range.priceMin));
    setMaxText(range.priceMax === null ? '' : String(range.priceMax));
    setError(null);
  };
  const parsed = parsePriceRange(minText, maxText);
  const current: PriceRange = parsed.ok ? parsed : { priceMin: null, priceMax: null };

  const reset = () => {
    setPattern([]);
    setExcludeDigits([]);
    setSort('default');
    setRange({ priceMin: null, priceMax: null });
  };
  const confirm = () => {
    const range = parsePriceRange(minText, maxText);
    if (!range.ok) {
      setError(range.error);
      return;
    }
    onConfirm({
      pattern,
      priceMin: range.priceMin,
      priceMax: range.priceMax,
      excludeDigits: [...excludeDigits].sort((a, b) => a - b),
      sort,
    });
  };

  return (
    <div className="numbers-more" data-testid="more-filter">
      <div className="numbers-panel">
        <section className="numbers-panel__section">
          <div className="numbers-panel__title">{t('vanity.filter.patternTitle')}</div>
          <div className="numbers-panel__chips numbers-panel__chips--grid">
            {patterns.map((code) => (
              <Chip
                key={code}
                active={pattern.includes(code)}
                onClick={() => setPattern(toggle(pattern, code))}
                testId={`more-pattern-${code}`}
              >
                {patternLabel(code)}
              </Chip>
            ))}
          </div>
        </section>
        <section className="numbers-panel__section">
          <div className="numbers-panel__title">{t('vanity.filter.priceTitle')}</div>
          <div className="numbers-panel__chips numbers-panel__chips--grid">
            {PRICE_PRESETS.map((p) => (
              <Chip
                key={`${p.priceMin}-${p.priceMax}`}
                active={isPreset(current, p)}
                onClick={() => setRange(isPreset(current, p) ? { priceMin: null, priceMax: null } : p)}
                testId={`more-price-${p.priceMin}-${p.priceMax ?? 'up'}`}
              >
                {p.priceMax === null
                  ? t('vanity.filter.priceAbove', { min: p.priceMin })
                  : `${p.priceMin}-${p.priceMax}`}
              </Chip>
            ))}
          </div>
          <div className="numbers-panel__row">
            <Input
              value={minText}
              onChange={(v) => {
                setMinText(sanitizePriceInput(v));
                setError(null);
              }}
              placeholder={t('vanity.filter.priceMin')}
              inputMode="numeric"
              aria-label={t('vanity.filter.priceMin')}
              data-testid="more-price-min"
            />
            <span>—</span>
            <Input
              value={maxText}
              onChange={(v) => {
                setMaxText(sanitizePriceInput(v));
                setError(null);
              }}
              placeholder={t('vanity.filter.priceMax')}
              inputMode="numeric"
              aria-label={t('vanity.filter.priceMax')}
              data-testid="more-price-max"
            />
          </div>
          {error ? (
            <div className="numbers-panel__error" role="alert" data-testid="more-price-error">
              {t(`vanity.filter.${error}`)}
            </div>
          ) : null}
        </section>
        <section className="numbers-panel__section">
          <div className="numbers-panel__title">{t('vanity.filter.excludeTitle')}</div>
          <div className="numbers-panel__chips numbers-panel__chips--digits">
            {DIGITS.map((d) => (
              <Chip
                key={d}
                active={excludeDigits.includes(d)}
                onClick={() => setExcludeDigits(toggle(excludeDigits, d))}
                testId={`more-digit-${d}`}
              >
                {d}
              </Chip>
            ))}
          </div>
        </section>
        <section className="numbers-panel__section">
          <div className="numbers-panel__title">{t('vanity.filter.sortTitle')}</div>
          <div className="numbers-panel__chips">
            {SORTS.map((s) => (
              <Chip
                key={s.value}
                active={sort === s.value}
                onClick={() => setSort(s.value)}
                testId={`more-sort-${s.value}`}
              >
                {t(`vanity.filter.${s.key}`)}
              </Chip>
            ))}
          </div>
        </section>
      </div>
      <div className="numbers-panel__footer">
        <Button onClick={reset} data-testid="more-reset">
          {t('vanity.filter.reset')}
        </Button>
        <Button color="primary" onClick={confirm} data-testid="more-confirm">
          {t('vanity.filter.confirm')}
        </Button>
      </div>
    </div>
  );
}
