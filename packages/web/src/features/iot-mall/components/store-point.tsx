/**
 * 自提门店 (SCREENS §4 details/storePoint), `?goodsId=`: the goods' pickup stores (name, address, phone,
 * hours); choosing one goes back to 确认订单 with it. Empty: 暂无自提门店，请选择快递配送.
 */
import type { PickupStore } from '@haoka/contract';
import { CheckOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { goBack, redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { hasHistory } from '../address-choice';
import { useGoodsStores } from '../api/list-goods-stores';
import { idOf } from '../mall-rules';
import { MALL_PAYMENT_PATH } from '../paths';
import { useStoreChoice } from '../store-choice';
import './common.css';
import './store-point.css';
import '../i18n';

function StoreRow({ store, chosen, onChoose }: { store: PickupStore; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`mall-store${chosen ? ' mall-store--chosen' : ''}`}
      onClick={onChoose}
      data-testid={`store-${store.id}`}
      data-chosen={chosen ? '1' : '0'}
    >
      <div className="mall-store__name">
        {store.name}
        {chosen ? <CheckOutline aria-label={t('iotMall.store.chosen')} /> : null}
      </div>
      <div className="mall-store__line">{store.address}</div>
      {store.phone ? <div className="mall-store__line">{t('iotMall.store.phone', { phone: store.phone })}</div> : null}
      {store.hours ? <div className="mall-store__line">{t('iotMall.store.hours', { hours: store.hours })}</div> : null}
    </button>
  );
}

function StoreListView({ simNo, goodsId }: { simNo: string; goodsId: number | null }) {
  const { t } = useTranslation();
  const stores = useGoodsStores(simNo, goodsId);
  const chosenId = useStoreChoice((s) => (goodsId === null ? undefined : s.chosen[goodsId]));
  const list = stores.data ?? [];

  const choose = (store: PickupStore) => {
    if (goodsId === null) return;
    useStoreChoice.getState().choose(goodsId, store.id);
    if (hasHistory()) goBack();
    else redirectTo(MALL_PAYMENT_PATH, { goodsId });
  };

  return (
    <div className="mall-page mall-page--plain" data-testid="store-page">
      <PageState
        loading={goodsId !== null && stores.isPending}
        error={stores.isError ? stores.error : undefined}
        onRetry={() => void stores.refetch()}
        empty={goodsId === null || (stores.isSuccess && list.length === 0)}
        emptyText={t('iotMall.store.empty')}
        skeletonRows={5}
      >
        <div data-testid="store-list">
          {list.map((s) => (
            <StoreRow key={s.id} store={s} chosen={s.id === chosenId} onChoose={() => choose(s)} />
          ))}
        </div>
      </PageState>
    </div>
  );
}

export function StorePointPage() {
  const query = usePageQuery();
  const goodsId = idOf(query.goodsId);
  return (
    <IotGuard>{(simNo) => <StoreListView key={`${simNo}:${goodsId}`} simNo={simNo} goodsId={goodsId} />}</IotGuard>
  );
}
