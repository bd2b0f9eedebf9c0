import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { couponFixture, exchangeItemFixture, page } from '../../../features/iot-rewards/test-fixtures';
import { useDictionaryStore } from '../../../stores/dictionary';
import { useIotStore } from '../../../stores/iot';
import { bodyText, dialogButtons, expectToast } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const EXCHANGE = '/pages-sub/iot/couponExchange/index';
const COIN_LOG = '/pages-sub/iot/couponExchange/order';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useDictionaryStore.getState().setOptions({});
});

const item = (id: number) =>
  within(screen.getAllByTestId('exchange-item').find((el) => el.dataset.id === String(id)) as HTMLElement);

const pressDialog = (text: string) => {
  const button = Array.from(document.querySelectorAll<HTMLElement>('.adm-dialog-button')).find(
    (b) => b.textContent === text,
  );
  fireEvent.click(button as HTMLElement);
};

const ITEMS = [
  exchangeItemFixture(),
  exchangeItemFixture({
    id: 2,
    name: '9折套餐券（满50可用）',
    type: 2,
    amount: '0.00',
    discount: 9,
    threshold: '50.00',
    validDays: 15,
    coinPrice: 8,
    limitTimes: null,
    exchangedTimes: 0,
  }),
  exchangeItemFixture({ id: 3, name: '¥30限量券', amount: '30.00', stock: 0, limitTimes: 1, exchangedTimes: 0 }),
  exchangeItemFixture({ id: 4, name: '¥10套餐券', amount: '10.00', limitTimes: 2, exchangedTimes: 2, stock: 5 }),
];

describe('券币兑换', () => {
  it('shows the card’s coins and each coupon: face value, threshold, validity, stock, limit, price', async () => {
    mockApi({ '/api/iot/couponExchangeList': () => page(ITEMS, { couponCoin: 12 }) });
    renderRoute(EXCHANGE);
    await screen.findAllByTestId('exchange-item');
    expect(screen.getByTestId('page-title').textContent).toContain('券币兑换');
    expect(screen.getByTestId('exchange-coins').textContent).toBe('12');
    expect(item(1).getByTestId('exchange-face').textContent).toBe('¥5无门槛');
    expect(item(1).getByTestId('exchange-valid').textContent).toBe('兑换后30天内有效');
    expect(item(1).getByTestId('exchange-limit').textContent).toBe('每卡限兑3次，已兑1次');
    expect(item(1).queryByTestId('exchange-stock')).toBeNull();
    expect(item(1).getByTestId('exchange-price').textContent).toBe('5券币');
    expect(item(2).getByTestId('exchange-face').textContent).toBe('9折满50元可用');
    const soldOut = item(3).getByTestId('exchange-button-3') as HTMLButtonElement;
    expect(soldOut.textContent).toBe('已兑完');
    expect(soldOut.disabled).toBe(true);
    expect(item(3).getByTestId('exchange-stock').textContent).toBe('已兑完');
    const limited = item(4).getByTestId('exchange-button-4') as HTMLButtonElement;
    expect(limited.textContent).toBe('已达上限');
    expect(limited.disabled).toBe(true);
    expect(item(4).getByTestId('exchange-stock').textContent).toBe('剩余5张');
  });

  it('兑换 asks first, then exchanges with a uuid, toasts 兑换成功 and shows the coins left', async () => {
    let coins = 12;
    const api = mockApi({
      '/api/iot/couponExchangeList': () => page(ITEMS, { couponCoin: coins }),
      '/api/iot/exchangeCoupon': () => {
        coins = 7;
        return { coupon: couponFixture(), couponCoin: 7 };
      },
      '/api/iot/simInfo': () => simFixture({ simNo: CARD }),
    });
    renderRoute(EXCHANGE);
    await screen.findAllByTestId('exchange-item');
    fireEvent.click(item(1).getByTestId('exchange-button-1'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '确定']));
    expect(bodyText()).toContain('确定使用 5 券币兑换「¥5无门槛券」吗？');
    pressDialog('取消');
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(api.callsTo('/api/iot/exchangeCoupon')).toHaveLength(0);

    fireEvent.click(item(1).getByTestId('exchange-button-1'));
    await waitFor(() => expect(dialogButtons()).toContain('确定'));
    pressDialog('确定');
    await expectToast('兑换成功');
    const body = api.callsTo('/api/iot/exchangeCoupon')[0]?.body as { exchangeId: number; uuid: string };
    expect(body.exchangeId).toBe(1);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('exchange-coins').textContent).toBe('7'));
    await waitFor(() => expect(api.callsTo('/api/iot/couponExchangeList').length).toBeGreaterThanOrEqual(2));
  });

  it('too few coins: the server’s 券币不足 is toasted', async () => {
    mockApi({
      '/api/iot/couponExchangeList': () => page(ITEMS, { couponCoin: 2 }),
      '/api/iot/exchangeCoupon': () => new Fail(-1, '券币不足'),
      '/api/iot/simInfo': () => simFixture({ simNo: CARD }),
    });
    renderRoute(EXCHANGE);
    await screen.findAllByTestId('exchange-item');
    fireEvent.click(item(2).getByTestId('exchange-button-2'));
    await waitFor(() => expect(dialogButtons()).toContain('确定'));
    pressDialog('确定');
    await expectToast('券币不足');
  });

  it('sold out meanwhile (30001): the sold-out dialog, and the list is reloaded', async () => {
    const api = mockApi({
      '/api/iot/couponExchangeList': () => page(ITEMS, { couponCoin: 20 }),
      '/api/iot/exchangeCoupon': () => new Fail(30001, ''),
      '/api/iot/simInfo': () => simFixture({ simNo: CARD }),
    });
    renderRoute(EXCHANGE);
    await screen.findAllByTestId('exchange-item');
    fireEvent.click(item(1).getByTestId('exchange-button-1'));
    await waitFor(() => expect(dialogButtons()).toContain('确定'));
    pressDialog('确定');
    await waitFor(() => expect(bodyText()).toContain('哎呀！客官来晚了，该商品卖光啦！'));
    await waitFor(() => expect(api.callsTo('/api/iot/couponExchangeList').length).toBeGreaterThanOrEqual(2));
  });

  it('nothing for sale: 暂无可兑换的优惠券; 券币明细 opens the coin ledger', async () => {
    mockApi({ '/api/iot/couponExchangeList': () => page([], { couponCoin: 3 }) });
    const { router } = renderRoute(EXCHANGE);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无可兑换的优惠券');
    expect(screen.getByTestId('exchange-coins').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('exchange-coin-log'));
    await waitFor(() => expect(locationOf(router)).toBe(COIN_LOG));
  });

  it('a failed load shows 重新加载', async () => {
    let fail = true;
    mockApi({
      '/api/iot/couponExchangeList': () => (fail ? new Fail(-1, '查询失败') : page(ITEMS, { couponCoin: 1 })),
    });
    renderRoute(EXCHANGE);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findAllByTestId('exchange-item');
  });
});

const coinLine = (id: number, coin: number, coinAfter: number, type = 2) => ({
  id,
  type,
  coin,
  coinAfter,
  orderSn: '',
  remark: type === 2 ? '兑换优惠券：¥5无门槛券' : '期初',
  createdAt: `2026-01-0${id} 10:00:00`,
});

describe('券币明细', () => {
  it('lists the coin ledger newest first with the current coins; the chips filter by type', async () => {
    const api = mockApi({
      '/api/iot/couponCoinLogList': (call) =>
        call.query.type === '2'
          ? page([coinLine(2, -5, 7)], { couponCoin: 7 })
          : page([coinLine(2, -5, 7), coinLine(1, 12, 12, 4)], { couponCoin: 7 }),
    });
    renderRoute(COIN_LOG);
    await screen.findAllByTestId('ledger-line');
    expect(screen.getByTestId('page-title').textContent).toContain('券币明细');
    expect(screen.getByTestId('ledger-total').textContent).toBe('7');
    const lines = screen.getAllByTestId('ledger-line');
    expect(lines.map((l) => within(l).getByTestId('ledger-line-amount').textContent)).toEqual(['-5', '+12']);
    expect(within(lines[0] as HTMLElement).getByTestId('ledger-line-type').textContent).toBe('兑换优惠券');
    expect(within(lines[1] as HTMLElement).getByTestId('ledger-line-type').textContent).toBe('后台调整');
    expect(within(lines[0] as HTMLElement).getByTestId('ledger-line-after').textContent).toBe('余 7');
    expect(within(lines[0] as HTMLElement).getByTestId('ledger-line-remark').textContent).toBe(
      '兑换优惠券：¥5无门槛券',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '全部',
      '活动发放',
      '兑换优惠券',
      '过期',
      '后台调整',
    ]);

    fireEvent.click(screen.getByTestId('ledger-filter-2'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-line')).toHaveLength(1));
    expect(api.callsTo('/api/iot/couponCoinLogList').at(-1)?.query).toEqual({ page: '1', pageSize: '10', type: '2' });
  });

  it('known coin_log_type values read the catalogue, whatever the dictionary says; empty: 暂无记录', async () => {
    useDictionaryStore.getState().setOptions({
      coin_log_type: [{ label: '充值赠送', value: '1', key: 'gift', listClass: 'success' }],
    });
    mockApi({ '/api/iot/couponCoinLogList': () => page([], { couponCoin: 0 }) });
    renderRoute(COIN_LOG);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无记录');
    expect(screen.getByTestId('ledger-filter-1').textContent).toBe('活动发放');
  });
});
