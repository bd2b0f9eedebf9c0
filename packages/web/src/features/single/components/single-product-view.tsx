/**
 * 精选单品 (SCREENS §4 single/single): the page's one goods with the general-goods detail and the order
 * form inline, for a one-step ad landing; the bottom bar scrolls to the form. The form places the order
 * like the goods page's (pay page, or 提交成功，等待审核 here).
 */
import { useRef } from 'react';
import { PageState } from '../../../components/page-state';
import { ApplyBar } from '../../goods/components/apply-bar';
import { GoodsDetail } from '../../goods/components/goods-detail';
import { GoodsNotFound } from '../../goods/components/goods-page';
import { OrderForm } from '../../goods/components/order-form';
import { isSoldOut } from '../../goods/sold-out';
import { OrderSubmitted } from '../../order/components/order-submitted';
import { buildOrderPayload, useOrderSubmit } from '../../order/submit-order';
import { useLandingPage } from '../use-landing-page';
import { LandingBlocks } from './landing-blocks';
import { LandingPopup } from './landing-popup';
import { themeStyle } from './single-page-view';
import './single.css';

export const SINGLE_PRODUCT_PAGE = '/pages-sub/single/single';

export function SingleProductView({ pageCode }: { pageCode: string }) {
  const { query, missing } = useLandingPage(pageCode, SINGLE_PRODUCT_PAGE);
  const formRef = useRef<HTMLDivElement>(null);
  const page = query.data;
  const goods = page?.goods[0];
  const { submit, done } = useOrderSubmit();
  if (done) return <OrderSubmitted kind="goods" orderSn={done.orderSn} />;
  return (
    <PageState
      loading={!missing && query.isPending}
      error={missing ? undefined : query.error}
      onRetry={() => void query.refetch()}
      skeletonRows={8}
    >
      {page && !goods ? <GoodsNotFound /> : null}
      {page && goods ? (
        <div className="single-page single-page--product" style={themeStyle(page.theme)} data-testid="single-product">
          {page.banner ? (
            <img className="single-page__banner" src={page.banner} alt={page.title} data-testid="single-banner" />
          ) : null}
          <LandingBlocks blocks={page.blocks.filter((b) => b.type === 'html')} />
          <GoodsDetail goods={goods} />
          <div ref={formRef} className="single-product__form">
            <OrderForm
              goods={goods}
              disabled={isSoldOut(goods)}
              onSubmit={(contact) => void submit(buildOrderPayload({ orderType: 2, goodsId: goods.id }, contact))}
            />
          </div>
          <ApplyBar
            goods={goods}
            text={page.ctaText || undefined}
            onApply={() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
          />
          <LandingPopup pageCode={pageCode} popup={page.popup} />
        </div>
      ) : null}
    </PageState>
  );
}
