/**
 * The frame of a page about one mall goods (its details, the checkout's confirm form): the goods of
 * `goodsId` loaded with the page's skeleton and retry, and a missing id told as an empty block. With
 * `goneIsMissing`, goods the server no longer has (-1 商品不存在或已下架, also told by the wrapper's toast)
 * are told so too, since reloading cannot bring them back.
 */
import { ErrorCode } from '@haoka/contract';
import type { ReactNode } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { ApiError } from '../../../platform/request';
import { type MallGoodsDetails, useMallGoods } from '../api/get-mall-goods';

export function MallGoodsState({
  simNo,
  goodsId,
  missing,
  goneIsMissing = false,
  children,
}: {
  simNo: string;
  goodsId: number | null;
  /** The empty block's title and test id. */
  missing: { title: string; testId: string };
  goneIsMissing?: boolean;
  children: (goods: MallGoodsDetails) => ReactNode;
}) {
  const goods = useMallGoods(simNo, goodsId);
  const gone = goneIsMissing && goods.error instanceof ApiError && goods.error.code === ErrorCode.FAIL;
  if (goodsId === null || gone) {
    return <ErrorBlock status="empty" title={missing.title} description="" data-testid={missing.testId} />;
  }
  return (
    <PageState
      loading={goods.isPending}
      error={goods.isError ? goods.error : undefined}
      onRetry={() => void goods.refetch()}
      skeletonRows={8}
    >
      {goods.data ? children(goods.data) : null}
    </PageState>
  );
}
