/**
 * 券币兑换 (SCREENS §4 couponExchange/index): the card's coupon coins with a link to 券币明细, and the
 * coupons for sale (face value or discount, threshold, validity, stock, the per-card limit, the coin
 * price). 兑换 → confirm → POST /api/iot/exchangeCoupon with one uuid per intent → 兑换成功. 30001 (sold
 * out) and -1 券币不足 / 已达兑换上限 are shown by the request wrapper; the list is reloaded either way.
 */
import type { iotRewardsApi } from '@haoka/contract';
import { Button, Dialog } from 'antd-mobile';
import { useRef, useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { simInfoQueryKey } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { createOrderIntent } from '../../order/order-intent';
import { exchangeCoupon } from '../api/exchange-coupon';
import { couponExchangeKey, listCouponExchange } from '../api/list-coupon-exchange';
import { COIN_LOG_PATH } from '../paths';
import { REWARDS_KEY } from '../query-keys';
import { exchangeStateOf } from '../rewards-rules';
import './common.css';
import './coupon-exchange.css';
import '../i18n';

type Item = iotRewardsApi.CouponExchangeItem;

/** "5" for ¥5.00, "9.5" for ¥9.50: the face value without trailing zeros. */
const plainYuan = (money: string) => money.replace(/\.?0+$/, '');

function ExchangeRow({ item, onExchange }: { item: Item; onExchange: (item: Item) => void }) {
  const { t } = useTranslation();
  const state = exchangeStateOf(item);
  const threshold = Number(item.threshold) > 0;
  return (
    <article className="rewards-coupon" data-testid="exchange-item" data-id={item.id} data-state={state}>
      <div className="rewards-coupon__face" data-testid="exchange-face">
        {item.type === 2 && item.discount !== null ? (
          <strong>{t('iotRewards.exchange.discount', { value: item.discount })}</strong>
        ) : (
          <strong>
            <small>¥</small>
            {plainYuan(item.amount)}
          </strong>
        )}
        <span data-testid="exchange-threshold">
          {threshold
            ? t('iotRewards.exchange.threshold', { amount: plainYuan(item.threshold) })
            : t('iotRewards.exchange.noThreshold')}
        </span>
      </div>
      <div className="rewards-coupon__body">
        <div data-shop-content className="rewards-coupon__name" data-testid="exchange-name">
          {item.name}
        </div>
        <div className="rewards-muted" data-testid="exchange-valid">
          {t('iotRewards.exchange.validDays', { count: item.validDays })}
          {item.scope === 'package' ? ` · ${t('iotRewards.exchange.packageOnly')}` : ''}
        </div>
        {item.stock !== null ? (
          <div className="rewards-muted" data-testid="exchange-stock">
            {item.stock > 0
              ? t('iotRewards.exchange.stockLeft', { value: item.stock })
              : t('iotRewards.exchange.soldOut')}
          </div>
        ) : null}
        {item.limitTimes !== null ? (
          <div className="rewards-muted" data-testid="exchange-limit">
            {t('iotRewards.exchange.limit', { limit: item.limitTimes, done: item.exchangedTimes })}
          </div>
        ) : null}
      </div>
      <div className="rewards-coupon__buy">
        <strong className="rewards-points" data-testid="exchange-price">
          {t('iotRewards.exchange.price', { coins: item.coinPrice })}
        </strong>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          disabled={state !== 'ok'}
          onClick={() => onExchange(item)}
          data-testid={`exchange-button-${item.id}`}
        >
          {state === 'soldOut'
            ? t('iotRewards.exchange.soldOut')
            : state === 'limit'
              ? t('iotRewards.exchange.limitReached')
              : t('iotRewards.exchange.exchange')}
        </Button>
      </div>
    </article>
  );
}

function CouponExchangeView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [coins, setCoins] = useState<number | null>(null);
  const intent = useRef(createOrderIntent());
  // 30001 sold out, -1 券币不足 / 已达兑换上限: shown by the request wrapper.
  const exchange = useAction(
    (payload: { exchangeId: number }) => exchangeCoupon({ ...payload, uuid: intent.current.uuidFor(payload) }),
    {
      loading: true,
      onSuccess: (result) => {
        // The next tap is a new intent, even for the same coupon.
        intent.current = createOrderIntent();
        setCoins(result.couponCoin);
        showToast(t('iotRewards.exchange.success'), { icon: 'success' });
      },
      onSettled: () => {
        void client.invalidateQueries({ queryKey: [REWARDS_KEY] });
        void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) });
      },
    },
  );

  const onExchange = async (item: Item) => {
    if (exchange.busy) return;
    const ok = await Dialog.confirm({
      title: t('iotRewards.exchange.confirmTitle'),
      content: t('iotRewards.exchange.confirm', { coins: item.coinPrice, name: item.name }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (ok) await exchange.run({ exchangeId: item.id });
  };

  return (
    <div className="rewards-page iot-page" data-testid="coupon-exchange-page">
      <InfiniteList<Item>
        queryKey={couponExchangeKey(simNo)}
        fetchPage={async (page, pageSize) => {
          const data = await listCouponExchange({ page, pageSize });
          setCoins(data.couponCoin);
          return data;
        }}
        header={
          <header className="rewards-hero">
            <div>
              <div className="rewards-hero__label">{t('iotRewards.exchange.myCoins')}</div>
              <div className="rewards-hero__value" data-testid="exchange-coins">
                {coins ?? '--'}
              </div>
            </div>
            <div className="rewards-hero__links">
              <button type="button" onClick={() => navigateTo(COIN_LOG_PATH)} data-testid="exchange-coin-log">
                {t('iotRewards.exchange.coinLog')}
              </button>
            </div>
          </header>
        }
        itemKey={(item) => item.id}
        renderItem={(item) => <ExchangeRow item={item} onExchange={(i) => void onExchange(i)} />}
        className="rewards-list"
        emptyText={t('iotRewards.exchange.empty')}
      />
    </div>
  );
}

export function CouponExchangePage() {
  return <IotGuard>{(simNo) => <CouponExchangeView key={simNo} simNo={simNo} />}</IotGuard>;
}
