/**
 * 商品详情 (SCREENS §4 integralShop/details): pictures, name, points + cash, stock and redeemed count,
 * delivery (快递 / 到店自提 / 虚拟), freight, the per-card limit, the rich detail. 立即兑换 opens the SKU
 * sheet: spec chips (sold-out ones disabled) and a quantity stepper up to min(stock, per-order limit,
 * what the per-card limit leaves) → 确认订单 ?goodsId=&skuId=&quantity=. Not enough points shows as a
 * disabled 积分不足, like 已兑完 and 已达兑换上限.
 */
import type { MallSku } from '@haoka/contract';
import { Button, Popup, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { Image } from '../../../components/image';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import type { MallGoodsDetails } from '../api/get-mall-goods';
import { buyBlock, deliveryKey, idOf, maxQuantity, unitPrice } from '../mall-rules';
import { MALL_PAYMENT_PATH } from '../paths';
import { MallGoodsState } from './mall-goods-state';
import { PointsPrice } from './points-price';
import './common.css';
import './goods-details.css';
import '../i18n';
import { Carousel } from '../../../components/carousel';

const BLOCK_KEYS = {
  soldOut: 'iotMall.goods.soldOut',
  limitReached: 'iotMall.goods.limitReached',
  pointsShort: 'iotMall.goods.pointsShort',
} as const;

function SkuSheet({ goods, onClose }: { goods: MallGoodsDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const [sku, setSku] = useState<MallSku | null>(() =>
    goods.skus.length === 1 && (goods.skus[0]?.stock ?? 0) > 0 ? (goods.skus[0] ?? null) : null,
  );
  const [quantity, setQuantity] = useState(1);
  const needsSku = goods.skus.length > 0;
  const max = maxQuantity(goods, sku);
  const block = buyBlock(goods, sku);
  const unit = unitPrice(goods, sku);
  const affordable = unit.points > 0 ? Math.floor(goods.integral / unit.points) : max;
  const count = Math.max(1, Math.min(quantity, max));
  const pointsShort = unit.points * count > goods.integral;

  const confirm = () => {
    if (needsSku && !sku) {
      showToast(t('iotMall.goods.chooseSpec'));
      return;
    }
    if (block || pointsShort) return;
    onClose();
    navigateTo(MALL_PAYMENT_PATH, { goodsId: goods.id, skuId: sku?.id, quantity: count });
  };

  return (
    <div className="mall-sku" data-testid="mall-sku-sheet">
      <div className="mall-sku__head">
        <Image src={goods.image} alt="" fit="cover" />
        <div>
          <PointsPrice
            points={sku?.points ?? goods.points}
            cash={sku?.cashPrice ?? goods.cashPrice}
            large
            testId="mall-sku-price"
          />
          <div className="mall-sku__hint" data-testid="mall-sku-stock">
            {t('iotMall.goods.stock', { count: sku ? sku.stock : goods.stock })}
          </div>
          <div className="mall-sku__hint">
            {sku ? t('iotMall.goods.chosen', { spec: sku.specText }) : needsSku ? t('iotMall.goods.chooseSpec') : null}
          </div>
        </div>
      </div>
      {needsSku ? (
        <>
          <div className="mall-sku__title">{t('iotMall.goods.spec')}</div>
          <div className="mall-sku__specs">
            {goods.skus.map((s) => (
              <button
                key={s.id}
                type="button"
                className={`mall-sku__spec${sku?.id === s.id ? ' mall-sku__spec--on' : ''}`}
                disabled={s.stock <= 0}
                onClick={() => setSku(s)}
                data-testid={`mall-sku-${s.id}`}
              >
                {s.specText}
              </button>
            ))}
          </div>
        </>
      ) : null}
      <div className="mall-sku__qty">
        <div>
          <div>{t('iotMall.goods.quantity')}</div>
          <div className="mall-sku__hint" data-testid="mall-sku-max">
            {t('iotMall.goods.maxHint', { count: Math.max(0, Math.min(max, affordable)) })}
          </div>
        </div>
        <Stepper
          min={1}
          max={Math.max(1, max)}
          value={count}
          onChange={(v) => setQuantity(v)}
          disabled={max <= 0}
          data-testid="mall-sku-quantity"
        />
      </div>
      <Button
        block
        color="danger"
        size="large"
        disabled={block !== null || pointsShort}
        onClick={confirm}
        data-testid="mall-sku-confirm"
      >
        {block ? t(BLOCK_KEYS[block]) : pointsShort ? t('iotMall.goods.pointsShort') : t('iotMall.goods.confirm')}
      </Button>
    </div>
  );
}

function GoodsView({ goods }: { goods: MallGoodsDetails }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const block = buyBlock(goods, null);
  const images = goods.images.length > 0 ? goods.images : [goods.image];
  return (
    <div className="mall-page" data-testid="mall-goods-page">
      <Carousel className="mall-goods__images" data-testid="mall-goods-images">
        {images.map((src) => (
          <Carousel.Item key={src}>
            <Image src={src} alt={goods.name} fit="cover" />
          </Carousel.Item>
        ))}
      </Carousel>
      <section className="mall-goods__head">
        <PointsPrice points={goods.points} cash={goods.cashPrice} large testId="mall-goods-price" />
        <div className="mall-goods__name" data-testid="mall-goods-name">
          {goods.name}
        </div>
        <div className="mall-goods__facts">
          <span data-testid="mall-goods-delivery">{t(deliveryKey(goods.deliveryType))}</span>
          {goods.deliveryType === 1 ? (
            <span data-testid="mall-goods-freight">
              {goods.freight === '0.00'
                ? t('iotMall.goods.freeShipping')
                : `${t('iotMall.goods.freight')} ¥${goods.freight}`}
            </span>
          ) : null}
          <span data-testid="mall-goods-stock">{t('iotMall.goods.stock', { count: goods.stock })}</span>
          <span>{t('iotMall.goods.sales', { count: goods.sales })}</span>
          {goods.limitPerCard !== null ? (
            <span data-testid="mall-goods-limit">
              {t('iotMall.goods.limitPerCard', { count: goods.limitPerCard })}
              {goods.boughtCount > 0 ? ` · ${t('iotMall.goods.bought', { count: goods.boughtCount })}` : ''}
            </span>
          ) : null}
        </div>
      </section>
      <section className="mall-goods__detail">
        <h3>{t('iotMall.goods.detail')}</h3>
        {goods.detail ? (
          <RichHtml html={goods.detail} testId="mall-goods-detail" />
        ) : (
          <div className="mall-hint">{t('iotMall.goods.noDetail')}</div>
        )}
      </section>
      <div className="mall-bar">
        <span className="mall-bar__info" data-testid="mall-goods-my-points">
          {t('iotMall.goods.myPoints', { count: goods.integral })}
        </span>
        <Button
          color="danger"
          shape="rounded"
          disabled={block !== null}
          onClick={() => setSheet(true)}
          data-testid="mall-goods-redeem"
        >
          {block ? t(BLOCK_KEYS[block]) : t('iotMall.goods.redeem')}
        </Button>
      </div>
      <Popup visible={sheet} onMaskClick={() => setSheet(false)} onClose={() => setSheet(false)} destroyOnClose>
        <SkuSheet goods={goods} onClose={() => setSheet(false)} />
      </Popup>
    </div>
  );
}

function DetailsView({ simNo, goodsId }: { simNo: string; goodsId: number | null }) {
  const { t } = useTranslation();
  return (
    <MallGoodsState
      simNo={simNo}
      goodsId={goodsId}
      missing={{ title: t('iotMall.goods.missing'), testId: 'mall-goods-missing' }}
      goneIsMissing
    >
      {(goods) => <GoodsView goods={goods} />}
    </MallGoodsState>
  );
}

export function MallGoodsPage() {
  const query = usePageQuery();
  const goodsId = idOf(query.goodsId);
  return <IotGuard>{(simNo) => <DetailsView key={`${simNo}:${goodsId}`} simNo={simNo} goodsId={goodsId} />}</IotGuard>;
}
