/**
 * The numbers of the current filter (SCREENS §2): infinite scroll; pull-to-refresh is 换一批 (page 1
 * again with shuffle=1 and a new seed); list or two-column grid; tap opens 号码预约.
 */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { createNumberPager, numberListQueryKey } from '../api/list-numbers';
import type { NumberFilter } from '../filter/number-filter';
import { PRETTY_PATH } from '../paths';
import { NumberCard } from './number-card';

/** One pager for the app: a filter's shuffle seed survives leaving and reopening the list. */
const pager = createNumberPager();

export interface NumberListProps {
  filter: NumberFilter;
  arrange: 1 | 2;
  onClearFilter: () => void;
  header?: ReactNode;
}

export function NumberList({ filter, arrange, onClearFilter, header }: NumberListProps) {
  const { t } = useTranslation();
  return (
    <div className="numbers-results" data-testid="number-list" data-arrange={arrange}>
      <InfiniteList
        queryKey={numberListQueryKey(filter)}
        fetchPage={(page, pageSize) => pager.fetchPage(filter, page, pageSize)}
        onRefresh={() => pager.reshuffle(filter)}
        renderItem={(item) => (
          <NumberCard item={item} arrange={arrange} onClick={() => navigateTo(PRETTY_PATH, { numberId: item.id })} />
        )}
        itemKey={(item) => item.id}
        className={`numbers-list${arrange === 2 ? ' numbers-list--grid' : ''}`}
        emptyText={t('vanity.list.empty')}
        emptyAction={
          <Button size="small" color="primary" fill="outline" onClick={onClearFilter} data-testid="clear-filter">
            {t('vanity.list.clearFilter')}
          </Button>
        }
        header={header}
      />
    </div>
  );
}
