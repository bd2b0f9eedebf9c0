/**
 * 商品详情 (SCREENS §4 integralShop/details): the goods facts, the SKU sheet (specs, quantity bounds) and
 * where 立即兑换 leads; the disabled states 已兑完 / 积分不足 / 已达兑换上限; missing, error.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { goodsFixture, MALL_CARD } from '../../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../../stores/iot';
import { expectToast } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const SHIRT = goodsFixture({
  id: 5,
  name: '定制文化衫',
  points: 600,
  stock: 6,
  limitPerCard: 3,
  boughtCount: 1,
  skus: [
    { id: 51, specText: '白色 M', points: 600, cashPrice: '0.00', stock: 4 },
    { id: 52, specText: '黑色 XL', points: 680, cashPrice: '0.00', stock: 0 },
    { id: 53, specText: '黑色 M', points: 600, cashPrice: '0.00', stock: 2 },
  ],
});

describe('商品详情', () => {
  it('shows the goods; the SKU sheet bounds the quantity and opens 确认订单 with goodsId, skuId and quantity', async () => {
    const api = mockApi({ '/api/iot/integralShopGoodsDetails': () => SHIRT });
    const { router } = renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=5');
    await screen.findByTestId('mall-goods-page');
    expect(screen.getByTestId('page-title').textContent).toContain('商品详情');
    expect(api.callsTo('/api/iot/integralShopGoodsDetails')[0]?.query).toEqual({ goodsId: '5' });
    expect(screen.getByTestId('mall-goods-name').textContent).toBe('定制文化衫');
    expect(screen.getByTestId('mall-goods-price').textContent).toBe('600积分');
    expect(screen.getByTestId('mall-goods-delivery').textContent).toBe('快递配送');
    expect(screen.getByTestId('mall-goods-freight').textContent).toBe('包邮');
    expect(screen.getByTestId('mall-goods-limit').textContent).toBe('每人限兑3件 · 已兑1件');
    expect(screen.getByTestId('mall-goods-detail').innerHTML).toContain('快充数据线');
    expect(screen.getByTestId('mall-goods-my-points').textContent).toBe('我的积分 1200');

    fireEvent.click(screen.getByTestId('mall-goods-redeem'));
    const sheet = await screen.findByTestId('mall-sku-sheet');
    expect((within(sheet).getByTestId('mall-sku-52') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByTestId('mall-sku-confirm'));
    await expectToast('请选择规格');

    fireEvent.click(within(sheet).getByTestId('mall-sku-53'));
    // Stock 2 of this SKU, the per-card limit leaves 2, 1200 points buy 2.
    expect(within(sheet).getByTestId('mall-sku-max').textContent).toBe('最多可兑2件');
    const plus = sheet.querySelector('.adm-stepper-plus') as HTMLButtonElement;
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect((sheet.querySelector('.adm-stepper input') as HTMLInputElement).value).toBe('2');
    fireEvent.click(within(sheet).getByTestId('mall-sku-confirm'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/payment?goodsId=5&skuId=53&quantity=2'),
    );
  });

  it('a goods without SKUs goes straight to quantity; a pickup goods says 到店自提', async () => {
    mockApi({
      '/api/iot/integralShopGoodsDetails': () => goodsFixture({ id: 4, deliveryType: 2, name: '折叠伞' }),
    });
    const { router } = renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=4');
    await screen.findByTestId('mall-goods-page');
    expect(screen.getByTestId('mall-goods-delivery').textContent).toBe('到店自提');
    expect(screen.queryByTestId('mall-goods-freight')).toBeNull();
    fireEvent.click(screen.getByTestId('mall-goods-redeem'));
    fireEvent.click(within(await screen.findByTestId('mall-sku-sheet')).getByTestId('mall-sku-confirm'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/payment?goodsId=4&quantity=1'),
    );
  });

  it('disables 立即兑换 as 已兑完, 积分不足 or 已达兑换上限', async () => {
    let goods = goodsFixture({ stock: 0 });
    mockApi({ '/api/iot/integralShopGoodsDetails': () => goods });
    const first = renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=1');
    const redeem = () => screen.findByTestId('mall-goods-redeem') as Promise<HTMLButtonElement>;
    expect((await redeem()).textContent).toBe('已兑完');
    expect((await redeem()).disabled).toBe(true);
    first.unmount();

    goods = goodsFixture({ integral: 100, points: 300 });
    const second = renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=1');
    await waitFor(async () => expect((await redeem()).textContent).toBe('积分不足'));
    second.unmount();

    goods = goodsFixture({ limitPerCard: 1, boughtCount: 1 });
    renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=1');
    await waitFor(async () => expect((await redeem()).textContent).toBe('已达兑换上限'));
  });

  it('the sheet says 积分不足 for a quantity the points do not cover', async () => {
    mockApi({ '/api/iot/integralShopGoodsDetails': () => goodsFixture({ integral: 500, points: 300 }) });
    renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=1');
    fireEvent.click(await screen.findByTestId('mall-goods-redeem'));
    const sheet = await screen.findByTestId('mall-sku-sheet');
    expect(within(sheet).getByTestId('mall-sku-max').textContent).toBe('最多可兑1件');
    fireEvent.click(sheet.querySelector('.adm-stepper-plus') as HTMLButtonElement);
    expect(within(sheet).getByTestId('mall-sku-confirm').textContent).toBe('积分不足');
  });

  it('without goodsId, or a goods that is gone (-1), says so; other errors offer 重新加载', async () => {
    let fail = new Fail(-1, '商品不存在或已下架');
    mockApi({ '/api/iot/integralShopGoodsDetails': () => fail });
    const first = renderRoute('/pages-sub/iot/integralShop/details/index');
    expect((await screen.findByTestId('mall-goods-missing')).textContent).toContain('商品不存在或已下架');
    first.unmount();
    const second = renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=99');
    expect((await screen.findByTestId('mall-goods-missing')).textContent).toContain('商品不存在或已下架');
    second.unmount();
    fail = new Fail(500, '');
    renderRoute('/pages-sub/iot/integralShop/details/index?goodsId=98');
    expect((await screen.findByTestId('page-error-state')).textContent).toContain('重新加载');
  });
});
