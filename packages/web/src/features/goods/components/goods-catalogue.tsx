/**
 * The catalogue (SCREENS §1 goods/index): category tabs from the goods_category dictionary, operator
 * chips 1–4, sort 综合 / 销量 / 价格 (a second tap on 价格 flips the order) and the paginated cards.
 */
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { useDictOptions } from '../../site/api/get-dict-options';
import { useDictLabel } from '../../site/dict-label';
import { type GoodsListFilter, type GoodsSort, goodsListQueryKey, listGoods } from '../api/list-goods';
import { GOODS_OPERATORS, operatorName } from '../operators';
import { GoodsCard } from './goods-card';
import './goods-catalogue.css';

export const GOODS_DETAIL_PATH = '/pages/goods/general/index';

const ALL = '';

export interface GoodsCatalogueProps {
  initialCategory?: string;
  initialOperator?: number;
  keyword?: string;
}

export function GoodsCatalogue({ initialCategory = ALL, initialOperator = 0, keyword }: GoodsCatalogueProps) {
  const { t } = useTranslation();
  const categories = useDictOptions('goods_category');
  const categoryLabel = useDictLabel('goods_category');
  const [category, setCategory] = useState(initialCategory);
  const [operatorType, setOperatorType] = useState(initialOperator);
  const [sort, setSort] = useState<GoodsSort>('default');

  const filter: GoodsListFilter = {
    category: category || undefined,
    operatorType: operatorType || undefined,
    keyword: keyword || undefined,
    sort,
  };

  const sortButton = (key: 'default' | 'sales' | 'price', label: string) => {
    const active = key === 'price' ? sort === 'priceAsc' || sort === 'priceDesc' : sort === key;
    const onClick = () => {
      if (key !== 'price') setSort(key);
      else setSort(sort === 'priceAsc' ? 'priceDesc' : 'priceAsc');
    };
    return (
      <button
        type="button"
        className={`goods-catalogue__sort${active ? ' goods-catalogue__sort--active' : ''}`}
        onClick={onClick}
        data-testid={`goods-sort-${key}`}
        aria-pressed={active}
      >
        {label}
        {key === 'price' ? (
          <span className="goods-catalogue__arrow" aria-hidden>
            {sort === 'priceAsc' ? '↑' : sort === 'priceDesc' ? '↓' : '↕'}
          </span>
        ) : null}
      </button>
    );
  };

  return (
    <div className="goods-catalogue" data-testid="goods-catalogue">
      <div className="goods-catalogue__filters">
        <Tabs activeKey={category} onChange={setCategory} stretch={false}>
          <Tabs.Tab key={ALL} title={t('goods.allCategories')} />
          {categories.map((c) => (
            <Tabs.Tab key={c.value} title={categoryLabel(c.value)} />
          ))}
        </Tabs>
        <div className="goods-catalogue__chips">
          {[0, ...GOODS_OPERATORS].map((op) => (
            <button
              key={op}
              type="button"
              className={`goods-catalogue__chip${operatorType === op ? ' goods-catalogue__chip--active' : ''}`}
              onClick={() => setOperatorType(op)}
              aria-pressed={operatorType === op}
              data-testid={`goods-operator-${op}`}
            >
              {op === 0 ? t('goods.allOperators') : operatorName(t, op)}
            </button>
          ))}
        </div>
        <div className="goods-catalogue__sorts">
          {sortButton('default', t('goods.sortDefault'))}
          {sortButton('sales', t('goods.sortSales'))}
          {sortButton('price', t('goods.sortPrice'))}
        </div>
      </div>
      <InfiniteList
        className="goods-catalogue__list"
        queryKey={goodsListQueryKey(filter)}
        fetchPage={(page, pageSize) => listGoods(filter, page, pageSize)}
        itemKey={(item) => item.id}
        emptyText={t('goods.empty')}
        renderItem={(item) => (
          <GoodsCard item={item} onClick={() => navigateTo(GOODS_DETAIL_PATH, { goodsId: item.id })} />
        )}
      />
    </div>
  );
}
