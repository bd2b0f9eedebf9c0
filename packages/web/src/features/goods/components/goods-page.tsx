import { useState } from 'react';
import { EmptyAction, EmptyState, PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { goHome } from '../../../platform/navigation';
import { OrderSubmitted } from '../../order/components/order-submitted';
import { buildOrderPayload, useOrderSubmit } from '../../order/submit-order';
import { useGoods } from '../api/get-goods';
import { ApplyBar } from './apply-bar';
import { GoodsDetail } from './goods-detail';
import { OrderSheet } from './order-sheet';

export function GoodsNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="page-state"
      testId="goods-not-found"
      title={t('goods.notFound')}
      description={t('goods.notFoundHint')}
      action={<EmptyAction label={t('goods.backHome')} onClick={() => goHome()} />}
    />
  );
}

export function GoodsPage({ goodsId }: { goodsId: number }) {
  const query = useGoods(goodsId);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { submit, done } = useOrderSubmit();
  const validId = Number.isInteger(goodsId) && goodsId > 0;
  if (!validId) return <GoodsNotFound />;
  if (done) return <OrderSubmitted kind="goods" orderSn={done.orderSn} />;
  return (
    <PageState loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} skeletonRows={8}>
      {query.data === null ? (
        <GoodsNotFound />
      ) : query.data ? (
        <>
          <GoodsDetail goods={query.data} />
          <ApplyBar goods={query.data} onApply={() => setSheetOpen(true)} />
          <OrderSheet
            goods={query.data}
            visible={sheetOpen}
            onClose={() => setSheetOpen(false)}
            onSubmit={(contact) => void submit(buildOrderPayload({ orderType: 2, goodsId }, contact))}
          />
        </>
      ) : null}
    </PageState>
  );
}
