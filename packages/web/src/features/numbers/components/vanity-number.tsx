/**
 * The VanityNumber module (SCREENS §2): HeadSearch, menus, the sticky filter bar, the status row (自动
 * 定位 chip, list ⇄ grid) and the number list. Home group 1 embeds it; the VanityNumber route pages show
 * it full-page and keep the filter in their query (`syncQuery`).
 */
import { AppstoreOutline, CloseOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import { setArrange, useArrange, useFilterStore } from '../filter/filter-store';
import type { NumberFilter } from '../filter/number-filter';
import { useAutoLocation } from '../filter/use-auto-location';
import { useQueryFilterSync } from '../filter/use-query-filter-sync';
import { FilterBar } from './filter-bar';
import { HeadSearch } from './head-search';
import { NumberList } from './number-list';
import { NumberMenus } from './number-menus';
import './filter.css';

export interface VanityNumberProps {
  /** Show the HeadSearch box (FilterSearch/index leaves it out). */
  search?: boolean;
  /** Show the menus row. */
  menus?: boolean;
}

export function StatusRow() {
  const { t } = useTranslation();
  const autoLocated = useFilterStore((s) => s.autoLocated);
  const clearAutoLocation = useFilterStore((s) => s.clearAutoLocation);
  const arrange = useArrange();
  return (
    <div className="numbers-status" data-testid="number-status">
      {autoLocated ? (
        <span className="numbers-auto-chip" data-testid="auto-location-chip">
          {t('vanity.list.autoLocated')}
          <button
            type="button"
            onClick={clearAutoLocation}
            aria-label={t('vanity.list.clearAutoLocated')}
            data-testid="auto-location-clear"
          >
            <CloseOutline />
          </button>
        </span>
      ) : (
        <span>{t('vanity.list.shuffle')}</span>
      )}
      <span className="numbers-status__arrange">
        <button type="button" aria-pressed={arrange === 1} onClick={() => setArrange(1)} data-testid="arrange-list">
          <UnorderedListOutline />
          {t('vanity.list.arrangeList')}
        </button>
        <button type="button" aria-pressed={arrange === 2} onClick={() => setArrange(2)} data-testid="arrange-grid">
          <AppstoreOutline />
          {t('vanity.list.arrangeGrid')}
        </button>
      </span>
    </div>
  );
}

interface VanityBodyProps extends Required<VanityNumberProps> {
  filter: NumberFilter;
}

function VanityBody({ filter, search, menus }: VanityBodyProps) {
  const setFilter = useFilterStore((s) => s.setFilter);
  const resetFilter = useFilterStore((s) => s.resetFilter);
  const arrange = useArrange();
  useAutoLocation(filter.provinceCode !== '');
  return (
    <div className="numbers-vanity" data-testid="vanity-number">
      {search ? (
        <HeadSearch
          key={`${filter.keyword}:${filter.position}`}
          initialKeyword={filter.keyword}
          initialPosition={filter.position}
          onSearch={(keyword, position) => setFilter({ keyword, position })}
        />
      ) : null}
      {menus ? <NumberMenus filter={filter} onPick={(c) => setFilter(c.fields)} /> : null}
      <FilterBar filter={filter} onChange={setFilter} />
      <StatusRow />
      <NumberList filter={filter} arrange={arrange} onClearFilter={resetFilter} />
    </div>
  );
}

/** The route pages: the filter comes from, and goes back to, the page query. */
function QueryVanity(props: Required<VanityNumberProps>) {
  return <VanityBody filter={useQueryFilterSync()} {...props} />;
}

/** Embedded (home): the filter lives in the store only. */
function StoreVanity(props: Required<VanityNumberProps>) {
  return <VanityBody filter={useFilterStore((s) => s.filter)} {...props} />;
}

export function VanityNumber({
  search = true,
  menus = true,
  syncQuery = false,
}: VanityNumberProps & { syncQuery?: boolean }) {
  return syncQuery ? <QueryVanity search={search} menus={menus} /> : <StoreVanity search={search} menus={menus} />;
}
