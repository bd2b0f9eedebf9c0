import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { layoutFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../stores/iot';
import { bodyText } from '../../../test/dom';
import { locationOf, mockApi, renderRoute } from '../../../test/render-route';

const CAROUSEL = '/pages-sub/iot/user/carousel';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const withCarousels = (carousels: { image: string; path: string }[]) =>
  simFixture({
    simLayout: layoutFixture({
      user: { elements: [], carousels, maxMenuTimes: 10, service: { title: '', kefuUrl: '', mobile: '', qr: '' } },
    }),
  });

describe('轮播 (direct)', () => {
  it('lists every image; a tap opens its route, an http link opens the web view', async () => {
    mockApi({
      '/api/iot/simInfo': () =>
        withCarousels([
          { image: '/banner/task.png', path: '/pages-sub/iot/task/index' },
          { image: '/banner/ad.png', path: 'https://ad.example.com/x' },
        ]),
    });
    const { router } = renderRoute(CAROUSEL);
    const items = await screen.findAllByTestId('user-carousel-item');
    expect(items.map((i) => i.querySelector('img')?.getAttribute('src'))).toEqual([
      '/banner/task.png',
      '/banner/ad.png',
    ]);
    fireEvent.click(items[0] as HTMLElement);
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/task/index'));
    await router.navigate(CAROUSEL);
    fireEvent.click((await screen.findAllByTestId('user-carousel-item'))[1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/webview/index'));
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://ad.example.com/x');
  });

  it('without images: 暂无内容', async () => {
    mockApi({ '/api/iot/simInfo': () => withCarousels([]) });
    renderRoute(CAROUSEL);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无内容');
  });
});
