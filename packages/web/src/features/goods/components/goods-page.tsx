/**
 * The goods detail screen (SCREENS §1 goods/general): loads the item, shows its detail with the fixed
 * 立即办理 bar and the order sheet; ErrorBlock 商品不存在 when the list comes back empty. The sheet's form
 * places the order (SCREENS §5.2): a paid one goes to the pay page, a free one ends in 提交成功，等待审核.
 */
import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from '../../../components/page-state';
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
    <div className="page-state" data-testid="goods-not-found">
      <ErrorBlock status="empty" title={t('goods.notFound')} description={t('goods.notFoundHint')}>
        <Button color="primary" size="small" onClick={() => goHome()}>
          {t('goods.backHome')}
        </Button>
      </ErrorBlock>
    </div>
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
