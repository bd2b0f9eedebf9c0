import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { layoutFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { useCacheStore } from '../../../stores/cache';
import { useIotStore } from '../../../stores/iot';
import { bodyText, expectToast } from '../../../test/dom';
import { baseConfigFixture, mockApi, renderRoute } from '../../../test/render-route';

const SERVICE = '/pages-sub/iot/user/service';
const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const withService = (service: { title: string; kefuUrl: string; mobile: string; qr: string }, patch = {}) =>
  simFixture({
    simLayout: layoutFixture({ user: { elements: [], carousels: [], maxMenuTimes: 10, service } }),
    ...patch,
  });

describe('服务 (direct)', () => {
  it('shows 在线客服, 电话, the QR and 复制卡号 from the layout service', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi({
      '/api/iot/simInfo': () =>
        withService({
          title: '7×24小时在线客服',
          kefuUrl: 'https://kefu.example.com',
          mobile: '4008001234',
          qr: '/qr.svg',
        }),
    });
    const { router } = renderRoute(SERVICE);
    await screen.findByTestId('user-service');
    expect(screen.getByTestId('page-title').textContent).toContain('服务');
    expect(screen.getByTestId('user-service').textContent).toContain('7×24小时在线客服');
    expect(screen.getByTestId('user-service-phone').getAttribute('href')).toBe('tel:4008001234');
    expect(screen.getByTestId('user-service-qr').querySelector('img')?.getAttribute('src')).toBe('/qr.svg');
    expect(bodyText()).toContain('长按识别二维码添加客服');
    expect(screen.getByTestId('user-service-card').textContent).toBe(CARD);

    fireEvent.click(screen.getByTestId('user-service-copy'));
    await expectToast('复制成功');
    expect(writeText).toHaveBeenCalledWith(CARD);

    fireEvent.click(screen.getByTestId('user-service-online'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/webview/index'));
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://kefu.example.com');
  });

  it('falls back to the shop front; a device copies its device number; a failed copy says so', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: {
        writeText: async () => {
          throw new Error('denied');
        },
      },
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true, writable: true });
    mockApi({
      '/api/iot/simInfo': () =>
        withService({ title: '', kefuUrl: '', mobile: '', qr: '' }, { sourceType: 2, deviceNo: 'DEV20260001' }),
      '/api/hk/baseConfig': () =>
        baseConfigFixture({ kefuUrl: 'https://front.example.com', kefuMobile: '4000000000', kefuQr: '/front-qr.png' }),
    });
    renderRoute(SERVICE);
    await waitFor(() => expect(screen.getByTestId('user-service').textContent).toContain('联系客服'));
    expect(screen.getByTestId('user-service-phone').getAttribute('href')).toBe('tel:4000000000');
    expect(screen.getByTestId('user-service-qr').querySelector('img')?.getAttribute('src')).toBe('/front-qr.png');
    expect(screen.getByTestId('user-service-card').textContent).toBe('DEV20260001');
    fireEvent.click(screen.getByTestId('user-service-copy'));
    await expectToast('复制失败，请手动复制');
  });

  it('with no contact anywhere it says so and still offers 复制卡号', async () => {
    mockApi({ '/api/iot/simInfo': () => withService({ title: '', kefuUrl: '', mobile: '', qr: '' }) });
    renderRoute(SERVICE);
    await screen.findByTestId('user-service-copy');
    expect(bodyText()).toContain('暂无客服联系方式');
    expect(screen.queryByTestId('user-service')).toBeNull();
    expect(screen.queryByTestId('user-service-qr')).toBeNull();
  });
});
