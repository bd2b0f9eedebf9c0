/**
 * 确认订单 (SCREENS §4 integralShop/details/payment, §5.5), `?goodsId=&skuId=&quantity=`. Express: the
 * address card — the one picked on 收货地址 (mini-user `iotSimAddressId`), else the default; tapping it
 * opens the picker with `selectAddressBackPath` = this page; none yet → 请添加收货地址. Pickup: the store
 * chosen on 自提门店. Virtual: nothing to deliver. Then the goods line, 所需积分, 商品金额, 运费, 备注
 * (≤ 100) and the total. 提交订单 → POST /api/iot/buyShopGoods (one uuid per intent) → something to pay →
 * the cashier (replacing this page); else 兑换成功 → the order. 30001 is the catalogue's sold-out dialog,
 * -1 (积分不足, limits) its toast.
 */
import { fenToYuan, MallDeliveryType, type PickupStore, type SimAddress } from '@haoka/contract';
import { Button, TextArea } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useId, useMemo, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { currentUrl, navigateTo, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { createOrderIntent } from '../../order/order-intent';
import { setAddressBackPath, usePickedAddressId } from '../address-choice';
import { type BuyMallGoodsBody, buyMallGoods } from '../api/buy-mall-goods';
import type { MallGoodsDetails } from '../api/get-mall-goods';
import { useGoodsStores } from '../api/list-goods-stores';
import { useSimAddresses } from '../api/list-sim-addresses';
import { chosenAddress, idOf, orderTotals } from '../mall-rules';
import { ADDRESS_EDIT_PATH, ADDRESS_LIST_PATH, MALL_CASHIER_PATH, MALL_ORDER_PATH, STORE_POINT_PATH } from '../paths';
import { MALL_KEY } from '../query-keys';
import { useStoreChoice } from '../store-choice';
import { GoodsLine } from './goods-line';
import { MallGoodsState } from './mall-goods-state';
import { PointsPrice } from './points-price';
import './common.css';
import '../i18n';

const REMARK_MAX = 100;

function AddressCard({ address }: { address: SimAddress | undefined }) {
  const { t } = useTranslation();
  const open = (path: string) => {
    setAddressBackPath(currentUrl());
    navigateTo(path);
  };
  if (!address) {
    return (
      <div className="mall-block" data-testid="confirm-no-address">
        <Button
          block
          color="danger"
          fill="outline"
          onClick={() => open(ADDRESS_EDIT_PATH)}
          data-testid="confirm-add-address"
        >
          {t('iotMall.payment.addAddress')}
        </Button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="mall-block mall-block--link"
      onClick={() => open(ADDRESS_LIST_PATH)}
      data-testid="confirm-address"
      data-address-id={address.id}
    >
      <div>
        <div className="mall-address__who">
          {address.name}
          <span>{address.mobile}</span>
        </div>
        <div className="mall-address__where">
          {[address.provinceName, address.cityName, address.countyName, address.detail].filter(Boolean).join(' ')}
        </div>
      </div>
      <RightOutline />
    </button>
  );
}

function StoreCard({ goodsId, store }: { goodsId: number; store: PickupStore | undefined }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="mall-block mall-block--link"
      onClick={() => navigateTo(STORE_POINT_PATH, { goodsId })}
      data-testid="confirm-store"
      data-store-id={store?.id ?? ''}
    >
      <div>
        <div className="mall-hint">{t('iotMall.payment.store')}</div>
        {store ? (
          <>
            <div className="mall-address__who">{store.name}</div>
            <div className="mall-address__where">{store.address}</div>
          </>
        ) : (
          <div className="mall-address__who">{t('iotMall.payment.chooseStore')}</div>
        )}
      </div>
      <RightOutline />
    </button>
  );
}

function ConfirmForm({
  simNo,
  goods,
  skuId,
  quantity,
}: {
  simNo: string;
  goods: MallGoodsDetails;
  skuId: number | null;
  quantity: number;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const express = goods.deliveryType === MallDeliveryType.EXPRESS;
  const pickup = goods.deliveryType === MallDeliveryType.PICKUP;
  const addresses = useSimAddresses(simNo, express);
  const stores = useGoodsStores(simNo, goods.id, pickup);
  const pickedAddressId = usePickedAddressId();
  const chosenStoreId = useStoreChoice((s) => s.chosen[goods.id]);
  const [remark, setRemark] = useState('');
  const remarkId = useId();
  const intent = useMemo(() => createOrderIntent(), []);

  const sku = goods.skus.find((s) => s.id === skuId) ?? null;
  const totals = orderTotals(goods, sku, quantity);
  const address = express ? chosenAddress(addresses.data ?? [], pickedAddressId) : undefined;
  const store = pickup ? stores.data?.find((s) => s.id === chosenStoreId) : undefined;
  const pointsShort = totals.points > goods.integral;
  const loading = (express && addresses.isPending) || (pickup && stores.isPending);

  const place = useAction(
    (payload: Omit<BuyMallGoodsBody, 'uuid'>) => buyMallGoods({ ...payload, uuid: intent.uuidFor(payload) }),
    {
      loading: true,
      onSuccess: (placed) => {
        void client.invalidateQueries({ queryKey: [MALL_KEY] });
        void client.invalidateQueries({ queryKey: ['simInfo'] });
        if (placed.needPay) {
          redirectTo(MALL_CASHIER_PATH, { orderSn: placed.orderSn });
          return;
        }
        showToast(t('iotMall.payment.redeemed'), { icon: 'success' });
        redirectTo(MALL_ORDER_PATH, { orderSn: placed.orderSn });
      },
      // The wrapper told why (sold out, not enough points, a limit): show what changed.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 200) void client.invalidateQueries({ queryKey: [MALL_KEY] });
      },
    },
  );

  const submit = async () => {
    if (place.busy || pointsShort) return;
    if (express && !address) return showToast(t('iotMall.payment.addAddress'));
    if (pickup && !store) return showToast(t('iotMall.payment.chooseStore'));
    await place.run({
      goodsId: goods.id,
      ...(sku ? { skuId: sku.id } : {}),
      quantity,
      ...(address ? { addressId: address.id } : {}),
      ...(store ? { storeId: store.id } : {}),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
  };

  return (
    <PageState
      loading={loading}
      error={addresses.isError ? addresses.error : stores.isError ? stores.error : undefined}
      onRetry={() => void (express ? addresses.refetch() : stores.refetch())}
      skeletonRows={6}
    >
      <div className="mall-page" data-testid="confirm-page">
        {express ? <AddressCard address={address} /> : null}
        {pickup ? <StoreCard goodsId={goods.id} store={store} /> : null}
        {goods.deliveryType === MallDeliveryType.VIRTUAL ? (
          <div className="mall-block mall-hint" data-testid="confirm-virtual">
            {t('iotMall.payment.virtualHint')}
          </div>
        ) : null}
        <div className="mall-block">
          <GoodsLine
            image={goods.image}
            name={goods.name}
            specText={sku?.specText ?? ''}
            quantity={quantity}
            points={totals.points}
            cash={fenToYuan(totals.cashFen)}
          />
        </div>
        <div className="mall-block" data-testid="confirm-amounts">
          <div className="mall-kv">
            <span>{t('iotMall.payment.points')}</span>
            <strong data-testid="confirm-points">{t('iotMall.common.points', { count: totals.points })}</strong>
          </div>
          <div className="mall-kv">
            <span>{t('iotMall.payment.cash')}</span>
            <strong data-testid="confirm-cash">¥{fenToYuan(totals.cashFen)}</strong>
          </div>
          {express ? (
            <div className="mall-kv">
              <span>{t('iotMall.payment.freight')}</span>
              <strong data-testid="confirm-freight">¥{fenToYuan(totals.freightFen)}</strong>
            </div>
          ) : null}
          <div className="mall-kv">
            <label htmlFor={remarkId}>{t('iotMall.payment.remark')}</label>
          </div>
          <TextArea
            id={remarkId}
            value={remark}
            onChange={setRemark}
            maxLength={REMARK_MAX}
            placeholder={t('iotMall.payment.remarkPlaceholder')}
            autoSize={{ minRows: 1, maxRows: 3 }}
            data-testid="confirm-remark"
          />
          <div className={`mall-hint${pointsShort ? ' mall-price' : ''}`} data-testid="confirm-my-points">
            {t('iotMall.payment.myPoints', { count: goods.integral })}
          </div>
        </div>
        <div className="mall-bar">
          <span className="mall-bar__info">
            {t('iotMall.payment.total')}{' '}
            <PointsPrice points={totals.points} cash={fenToYuan(totals.payFen)} testId="confirm-total" />
          </span>
          <Button
            color="danger"
            shape="rounded"
            disabled={pointsShort}
            onClick={() => void submit()}
            data-testid="confirm-submit"
          >
            {pointsShort ? t('iotMall.payment.pointsShort') : t('iotMall.payment.submit')}
          </Button>
        </div>
      </div>
    </PageState>
  );
}

function ConfirmView({
  simNo,
  goodsId,
  skuId,
  quantity,
}: {
  simNo: string;
  goodsId: number | null;
  skuId: number | null;
  quantity: number;
}) {
  const { t } = useTranslation();
  return (
    <MallGoodsState
      simNo={simNo}
      goodsId={goodsId}
      missing={{ title: t('iotMall.payment.missing'), testId: 'confirm-missing' }}
    >
      {(goods) => <ConfirmForm simNo={simNo} goods={goods} skuId={skuId} quantity={quantity} />}
    </MallGoodsState>
  );
}

export function OrderConfirmPage() {
  const query = usePageQuery();
  const goodsId = idOf(query.goodsId);
  const skuId = idOf(query.skuId);
  const quantity = idOf(query.quantity) ?? 1;
  return (
    <IotGuard>
      {(simNo) => (
        <ConfirmView key={`${simNo}:${goodsId}`} simNo={simNo} goodsId={goodsId} skuId={skuId} quantity={quantity} />
      )}
    </IotGuard>
  );
}
