/**
 * One vanity number in a list or grid (SCREENS §2): the number grouped 3-4-4 with the keyword's digits
 * marked, operator logo, 归属地, 预存 price, 最低消费 and pattern tags. Used by VanityNumber, home and the
 * landing pages; `arrange` 1 is a full-width row, 2 a compact cell of a two-column grid.
 */
import type { NumberItem, NumberListItem } from '@haoka/contract';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { regionLabel } from '../number-format';
import { NumberDigits } from './number-digits';
import { OperatorLogo } from './operator-logo';
import { PatternTags } from './pattern-tags';
import './number-card.css';

export interface NumberCardProps {
  item: NumberItem | NumberListItem;
  arrange?: 1 | 2;
  onClick?: () => void;
}

export function NumberCard({ item, arrange = 1, onClick }: NumberCardProps) {
  const { t } = useTranslation();
  const highlight = 'highlight' in item ? item.highlight : undefined;
  const hasMinConsume = Number(item.minConsume) > 0;
  const grid = arrange === 2;
  return (
    <button
      type="button"
      className={`numbers-card ${grid ? 'numbers-card--grid' : 'numbers-card--list'}`}
      onClick={onClick}
      data-testid="number-card"
      data-number-id={item.id}
    >
      <span className="numbers-card__head">
        <OperatorLogo type={item.operatorType} size={grid ? 16 : 20} />
        <NumberDigits number={item.number} highlight={highlight} className="numbers-card__digits" />
      </span>
      <span className="numbers-card__meta">
        <span className="numbers-card__region" data-shop-content data-testid="number-region">
          {regionLabel(item.provinceName, item.cityName)}
        </span>
        <PatternTags codes={item.patterns} max={grid ? 2 : 3} />
      </span>
      <span className="numbers-card__foot">
        <span className="numbers-card__price" data-testid="number-price">
          <span className="numbers-card__price-label">{t('vanity.card.prestore')}</span>
          {formatYuan(item.price)}
        </span>
        <span className="numbers-card__consume">
          {hasMinConsume
            ? t('vanity.card.minConsume', { amount: formatYuan(item.minConsume) })
            : t('vanity.card.noMinConsume')}
        </span>
      </span>
    </button>
  );
}
