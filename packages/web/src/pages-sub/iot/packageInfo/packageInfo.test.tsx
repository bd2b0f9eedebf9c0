import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay, packageOrderFixture, page } from '../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../stores/iot';
import { bodyText } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

describe('套餐详情', () => {
  it('shows the card totals and the current packages, 生效中 first, with usage, period and effect', async () => {
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/simPackageList': () =>
        page([
          packageOrderFixture({
            orderSn: 'PK20260101100000000002',
            packageName: '加油包10G',
            status: 1,
            flow: 10240,
            useFlow: 0,
            effectType: 3,
            startAt: '2026-02-01 00:00:00',
            endAt: '2026-02-28 23:59:59',
          }),
          packageOrderFixture({ useFlow: 204800 }),
        ]),
    });
    const { router } = renderRoute('/pages-sub/iot/packageInfo/index');
    await waitFor(() => expect(screen.getAllByTestId('pkginfo-item')).toHaveLength(2));
    expect(screen.getByTestId('page-title').textContent).toContain('套餐详情');
    expect(api.callsTo('/api/iot/simPackageList')[0]?.query).toMatchObject({ status: '1,2', page: '1' });

    await screen.findByTestId('pkginfo-totals');
    expect(screen.getByTestId('pkginfo-total').textContent).toBe('10.00GB');
    expect(screen.getByTestId('pkginfo-used').textContent).toBe('2.50GB');
    expect(screen.getByTestId('pkginfo-surplus').textContent).toBe('7.50GB');
    expect(screen.getByTestId('pkginfo-end-at').textContent).toBe('2026-12-31');

    const [active, queued] = screen.getAllByTestId('pkginfo-item').map((el) => within(el));
    expect(active?.getByTestId('pkginfo-name').textContent).toBe('月享100G');
    expect(active?.getByTestId('pkginfo-status').textContent).toBe('生效中');
    // 200 GB used of 100 GB: the bar is clamped to 100.
    expect(active?.getByTestId('pkginfo-usage').dataset.percent).toBe('100');
    expect(active?.getByTestId('pkginfo-usage').textContent).toBe('已用 200.00GB / 100.00GB');
    expect(active?.getByTestId('pkginfo-effect').textContent).toBe('立即生效');
    expect(queued?.getByTestId('pkginfo-name').textContent).toBe('加油包10G');
    expect(queued?.getByTestId('pkginfo-status').textContent).toBe('待生效');
    expect(queued?.getByTestId('pkginfo-usage').dataset.percent).toBe('0');
    expect(queued?.getByTestId('pkginfo-period').textContent).toBe('2026-02-01 00:00:00 至 2026-02-28 23:59:59');
    expect(queued?.getByTestId('pkginfo-effect').textContent).toBe('到期续接');

    fireEvent.click(screen.getByTestId('pkginfo-addon'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/index?packageType=2'));
  });

  it('an unlimited card and package read 无限', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture({ isInfiniteFlow: 1 }),
      '/api/iot/simPackageList': () => page([packageOrderFixture({ isInfiniteFlow: 1, useFlow: 2048 })]),
    });
    renderRoute('/pages-sub/iot/packageInfo/index');
    await screen.findByTestId('pkginfo-item');
    await screen.findByTestId('pkginfo-totals');
    expect(screen.getByTestId('pkginfo-total').textContent).toBe('无限流量');
    expect(screen.getByTestId('pkginfo-surplus').textContent).toBe('无限');
    expect(screen.getByTestId('pkginfo-usage').textContent).toBe('已用 2.00GB（无限流量）');
  });

  it('续订 goes to the package list', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/simPackageList': () => page([packageOrderFixture()]),
    });
    const { router } = renderRoute('/pages-sub/iot/packageInfo/index');
    fireEvent.click(await screen.findByTestId('pkginfo-renew'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/index'));
  });

  it('without packages says 暂无生效套餐 with 去订购', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/simPackageList': () => page([]),
    });
    const { router } = renderRoute('/pages-sub/iot/packageInfo/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无生效套餐');
    fireEvent.click(screen.getByTestId('pkginfo-buy'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/index'));
  });

  it('a failed load shows the reload state', async () => {
    let fail = true;
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/simPackageList': () => (fail ? new Fail(-1, '查询失败') : page([packageOrderFixture()])),
    });
    renderRoute('/pages-sub/iot/packageInfo/index');
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('pkginfo-item');
  });
});
