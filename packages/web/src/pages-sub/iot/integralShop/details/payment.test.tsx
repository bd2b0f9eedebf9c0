/**
 * 确认订单 (SCREENS §4 details/payment, §5.5): the address (picked, else default, else 请添加收货地址), the
 * store of a pickup, the totals, and 提交订单 — its body and uuid, where a paid or unpaid order leads, and
 * the refusals.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStoreChoice } from '../../../../features/iot-mall/store-choice';
import {
  addressFixture,
  goodsFixture,
  MALL_CARD,
  ORDER_SN,
  storeFixture,
} from '../../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../../stores/iot';
import { useMiniUsersStore } from '../../../../stores/mini-users';
import { dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useMiniUsersStore.getState().patchMiniUser('wx', { iotSimAddressId: 0, selectAddressBackPath: '' });
  useStoreChoice.setState({ chosen: {} });
});

const placed = (patch: Record<string, unknown> = {}) => ({
  orderSn: ORDER_SN,
  status: 1,
  points: 600,
  cashAmount: '0.00',
  freight: '0.00',
  payAmount: '0.00',
  needPay: false,
  expireAt: null,
  ...patch,
});

const PAYMENT = '/pages-sub/iot/integralShop/details/payment';

describe('确认订单', () => {
  it('uses the default address, shows the totals and submits once per intent; points only → the order', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture({ freight: '6.00', cashPrice: '0.00' }),
      '/api/iot/simAddressList': () => [
        addressFixture({ id: 7 }),
        addressFixture({ id: 8, isDefault: 0, name: '李四' }),
      ],
      '/api/iot/buyShopGoods': () => placed(),
      '/api/iot/shopOrderDetails': () => new Fail(-1, '订单不存在'),
    });
    const { router } = renderRoute(`${PAYMENT}?goodsId=1&quantity=2`);
    const address = await screen.findByTestId('confirm-address');
    expect(screen.getByTestId('page-title').textContent).toContain('确认订单');
    expect(address.dataset.addressId).toBe('7');
    expect(address.textContent).toContain('张三13800138000');
    expect(address.textContent).toContain('广东省 广州市 天河区 天河路 385 号 1201 室');
    expect(screen.getByTestId('confirm-points').textContent).toBe('600积分');
    expect(screen.getByTestId('confirm-cash').textContent).toBe('¥0.00');
    expect(screen.getByTestId('confirm-freight').textContent).toBe('¥6.00');
    expect(screen.getByTestId('confirm-total').textContent).toBe('600积分 + ¥6.00');

    const remark = screen.getByTestId('confirm-remark').querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(remark, { target: { value: ' 工作日送达 ' } });
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/order/orderDetails/index?orderSn=${ORDER_SN}`),
    );
    const body = api.callsTo('/api/iot/buyShopGoods')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ goodsId: 1, quantity: 2, addressId: 7, remark: '工作日送达' });
    expect(body).not.toHaveProperty('skuId');
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses the picked address; tapping the card opens the picker with this page as the way back', async () => {
    useMiniUsersStore.getState().patchMiniUser('wx', { iotSimAddressId: 8 });
    mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture(),
      '/api/iot/simAddressList': () => [
        addressFixture({ id: 7 }),
        addressFixture({ id: 8, isDefault: 0, name: '李四' }),
      ],
    });
    const { router } = renderRoute(`${PAYMENT}?goodsId=1&quantity=1`);
    const address = await screen.findByTestId('confirm-address');
    expect(address.dataset.addressId).toBe('8');
    fireEvent.click(address);
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/selectAddress/index'));
    expect(useMiniUsersStore.getState().wx.selectAddressBackPath).toBe(`${PAYMENT}?goodsId=1&quantity=1`);
  });

  it('without an address says 请添加收货地址 and opens the edit page; submitting asks for one', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture(),
      '/api/iot/simAddressList': () => [],
    });
    const { router } = renderRoute(`${PAYMENT}?goodsId=1&quantity=1`);
    await screen.findByTestId('confirm-no-address');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await expectToast('请添加收货地址');
    expect(api.callsTo('/api/iot/buyShopGoods')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-add-address'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/selectAddress/edit'));
  });

  it('a cash part → the cashier in place of this page; the SKU is sent', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': () =>
        goodsFixture({
          id: 2,
          points: 500,
          cashPrice: '9.90',
          skus: [{ id: 21, specText: '黑色', points: 500, cashPrice: '9.90', stock: 3 }],
        }),
      '/api/iot/simAddressList': () => [addressFixture()],
      '/api/iot/buyShopGoods': () => placed({ status: 0, needPay: true, payAmount: '9.90', cashAmount: '9.90' }),
      '/api/iot/shopOrderDetails': () => new Fail(-1, '订单不存在'),
    });
    const { router } = renderRoute(`${PAYMENT}?goodsId=2&skuId=21&quantity=1`);
    await screen.findByTestId('confirm-address');
    expect(screen.getByTestId('mall-line-spec').textContent).toBe('黑色');
    expect(screen.getByTestId('confirm-total').textContent).toBe('500积分 + ¥9.90');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages-sub/iot/integralShop/details/cashier?orderSn=${ORDER_SN}`),
    );
    expect(api.callsTo('/api/iot/buyShopGoods')[0]?.body).toMatchObject({ goodsId: 2, skuId: 21, quantity: 1 });
  });

  it('pickup: the store chosen on 自提门店, else asks for one; virtual needs nothing', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': (call) =>
        goodsFixture({ id: Number(call.query.goodsId), deliveryType: call.query.goodsId === '4' ? 2 : 3 }),
      '/api/iot/goodsShopStore': () => [storeFixture(), storeFixture({ id: 32, name: '南山店' })],
      '/api/iot/buyShopGoods': () => placed({ status: 2 }),
    });
    const view = renderRoute(`${PAYMENT}?goodsId=4&quantity=1`);
    const store = await screen.findByTestId('confirm-store');
    expect(store.textContent).toContain('请选择自提门店');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await expectToast('请选择自提门店');
    fireEvent.click(store);
    await waitFor(() =>
      expect(locationOf(view.router)).toBe('/pages-sub/iot/integralShop/details/storePoint?goodsId=4'),
    );
    view.unmount();

    useStoreChoice.getState().choose(4, 32);
    renderRoute(`${PAYMENT}?goodsId=4&quantity=1`);
    await waitFor(() => expect(screen.getByTestId('confirm-store').textContent).toContain('南山店'));
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(api.callsTo('/api/iot/buyShopGoods')).toHaveLength(1));
    expect(api.callsTo('/api/iot/buyShopGoods')[0]?.body).toMatchObject({ goodsId: 4, storeId: 32 });
    expect(api.callsTo('/api/iot/buyShopGoods')[0]?.body).not.toHaveProperty('addressId');
  });

  it('virtual goods need no address; 30001 shows the sold-out dialog and refreshes', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture({ id: 9, deliveryType: 3 }),
      '/api/iot/buyShopGoods': () => new Fail(30001, ''),
    });
    renderRoute(`${PAYMENT}?goodsId=9&quantity=1`);
    expect((await screen.findByTestId('confirm-virtual')).textContent).toContain('虚拟商品');
    expect(screen.queryByTestId('confirm-freight')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(dialogButtons()).toContain('返回商城'));
    expect(api.callsTo('/api/iot/buyShopGoods')[0]?.body).toMatchObject({ goodsId: 9, quantity: 1 });
    await waitFor(() => expect(api.callsTo('/api/iot/integralShopGoodsDetails').length).toBeGreaterThan(1));
  });

  it('too few points: 积分不足 and no order', async () => {
    const api = mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture({ integral: 500, points: 300 }),
      '/api/iot/simAddressList': () => [addressFixture()],
    });
    renderRoute(`${PAYMENT}?goodsId=1&quantity=2`);
    const submit = (await screen.findByTestId('confirm-submit')) as HTMLButtonElement;
    expect(submit.textContent).toBe('积分不足');
    expect(submit.disabled).toBe(true);
    expect(api.callsTo('/api/iot/buyShopGoods')).toHaveLength(0);
  });

  it('without goodsId: 请从商品详情选择要兑换的商品', async () => {
    mockApi({});
    renderRoute(PAYMENT);
    expect((await screen.findByTestId('confirm-missing')).textContent).toContain('请从商品详情选择要兑换的商品');
  });
});
