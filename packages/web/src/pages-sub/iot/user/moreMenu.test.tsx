import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { layoutFixture, menuFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../stores/iot';
import { bodyText } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const MORE = '/pages-sub/iot/user/moreMenu';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const withElements = (elements = [menuFixture(1)]) =>
  simFixture({
    simLayout: layoutFixture({
      user: { elements, carousels: [], maxMenuTimes: 10, service: { title: '', kefuUrl: '', mobile: '', qr: '' } },
    }),
  });

describe('更多 (direct)', () => {
  it('lists every switched-on element with its badge; a tap opens it', async () => {
    mockApi({
      '/api/iot/simInfo': () =>
        withElements([
          menuFixture(1, { name: '积分明细', path: '/pages-sub/iot/integralLog/index', badge: '新' }),
          menuFixture(2, { name: '已关闭', switch: 0 }),
          menuFixture(3, { name: '套餐信息', path: 'pages-sub/iot/packageInfo/index' }),
        ]),
    });
    const { router } = renderRoute(MORE);
    const items = await screen.findAllByTestId('user-more-item');
    expect(screen.getByTestId('page-title').textContent).toContain('更多');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('积分明细');
    expect(items[0]?.textContent).toContain('新');
    expect(bodyText()).not.toContain('已关闭');
    fireEvent.click(screen.getByText('套餐信息'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/packageInfo/index'));
  });

  it('none switched on: 暂无更多功能', async () => {
    mockApi({ '/api/iot/simInfo': () => withElements([menuFixture(1, { switch: 0 })]) });
    renderRoute(MORE);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无更多功能');
  });

  it('a failed load shows 重新加载', async () => {
    let fail = true;
    mockApi({ '/api/iot/simInfo': () => (fail ? new Fail(-1, '系统繁忙') : withElements()) });
    renderRoute(MORE);
    await screen.findByTestId('page-error-state');
    fail = false;
    freshDay();
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('user-more-item');
  });
});
