import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay, packageDetailsFixture } from '../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { couponFixture } from '../../../features/iot-user/test-fixtures';
import { useIotStore } from '../../../stores/iot';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const ASSET = '/pages-sub/iot/user/asset';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const coupons = () => packageDetailsFixture({ coupons: [couponFixture({ id: 1 }), couponFixture({ id: 2 })] });

describe('我的资产 (direct)', () => {
  it('shows the four tiles enlarged with arrears, each with its links', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture({ balance: '0.00', arrearsBalance: '3.20', integral: 450, couponCoin: 8 }),
      '/api/iot/packageDetails': coupons,
    });
    const { router } = renderRoute(ASSET);
    await screen.findByTestId('user-asset-page');
    await waitFor(() => expect(screen.getAllByTestId('user-asset-card')).toHaveLength(4));
    expect(screen.getByTestId('page-title').textContent).toContain('我的资产');
    const value = (key: string) => within(screen.getByTestId(`user-asset-${key}`)).getByTestId('user-asset-value');
    expect(value('balance').textContent).toBe('¥0.00');
    expect(screen.getByTestId('user-asset-note').textContent).toBe('欠费 ¥3.20');
    expect(value('integral').textContent).toBe('450');
    expect(value('couponCoin').textContent).toBe('8');
    await waitFor(() => expect(value('coupons').textContent).toBe('2'));

    fireEvent.click(screen.getByTestId('user-asset-link-balanceLog'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/orderLogs/index?tab=balanceLog'));
    await router.navigate(ASSET);
    fireEvent.click(await screen.findByTestId('user-asset-link-integralShop'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralShop/index'));
    await router.navigate(ASSET);
    fireEvent.click(await screen.findByTestId('user-asset-link-earn'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/task/index'));
    await router.navigate(ASSET);
    expect(await screen.findAllByTestId('user-asset-link-exchange')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('user-asset-link-exchange')[0] as HTMLElement);
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/couponExchange/index'));
  });

  it('a failed load shows 重新加载', async () => {
    let fail = true;
    mockApi({
      '/api/iot/simInfo': () => (fail ? new Fail(-1, '系统繁忙') : simFixture()),
      '/api/iot/packageDetails': coupons,
    });
    renderRoute(ASSET);
    await screen.findByTestId('page-error-state');
    fail = false;
    freshDay();
    fireEvent.click(screen.getByText('重新加载'));
    await waitFor(() => expect(screen.getAllByTestId('user-asset-card')).toHaveLength(4));
  });
});
