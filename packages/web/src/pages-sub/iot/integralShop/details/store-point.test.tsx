/** 自提门店 (SCREENS §4 details/storePoint): the stores of a goods, choosing one for 确认订单, empty and error. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useStoreChoice } from '../../../../features/iot-mall/store-choice';
import { MALL_CARD, storeFixture } from '../../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../../stores/iot';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useStoreChoice.setState({ chosen: {} });
});

describe('自提门店', () => {
  it('lists the stores with phone and hours; choosing one records it for the goods and goes to 确认订单', async () => {
    useStoreChoice.getState().choose(4, 31);
    const api = mockApi({
      '/api/iot/goodsShopStore': () => [
        storeFixture(),
        storeFixture({ id: 32, name: '好卡营业厅（南山店）', phone: '' }),
      ],
    });
    const { router } = renderRoute('/pages-sub/iot/integralShop/details/storePoint?goodsId=4');
    const first = await screen.findByTestId('store-31');
    expect(screen.getByTestId('page-title').textContent).toContain('自提门店');
    expect(api.callsTo('/api/iot/goodsShopStore')[0]?.query).toEqual({ goodsId: '4' });
    expect(first.dataset.chosen).toBe('1');
    expect(first.textContent).toContain('电话 020-38880001');
    expect(first.textContent).toContain('营业时间 09:00-21:00');
    const second = screen.getByTestId('store-32');
    expect(within(second).queryByText(/电话/)).toBeNull();
    fireEvent.click(second);
    expect(useStoreChoice.getState().chosen[4]).toBe(32);
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/details/payment?goodsId=4'));
  });

  it('empty: 暂无自提门店，请选择快递配送; error: 重新加载', async () => {
    let fail = false;
    mockApi({ '/api/iot/goodsShopStore': () => (fail ? new Fail(-1, '服务繁忙') : []) });
    const view = renderRoute('/pages-sub/iot/integralShop/details/storePoint?goodsId=4');
    expect((await screen.findByTestId('page-empty-state')).textContent).toContain('暂无自提门店，请选择快递配送');
    view.unmount();
    fail = true;
    renderRoute('/pages-sub/iot/integralShop/details/storePoint?goodsId=5');
    expect((await screen.findByTestId('page-error-state')).textContent).toContain('重新加载');
  });
});
