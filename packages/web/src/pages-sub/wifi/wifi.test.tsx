import { wifiApi } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrPath } from '../../features/wifi/qr';
import { useCacheStore } from '../../stores/cache';
import { bodyText, expectToast, toastText } from '../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../test/render-route';

const CONNECT = 'https://shop.example.com/shop/#/pages-sub/wifi/connect?code=';

function wifiCode(code: string, network: { ssid: string; password: string; encrypt: wifiApi.WifiEncrypt }) {
  return {
    code,
    ...network,
    qrUrl: wifiApi.wifiPayload(network),
    connectUrl: `${CONNECT}${code}`,
    createdAt: '2026-03-02 10:00:00',
  };
}
const CAFE = wifiCode('Ab3dEf9Z', { ssid: '咖啡馆;"5G"', password: 'espresso:123', encrypt: 'WPA' });
const GUEST = wifiCode('Guest001', { ssid: 'Guest <b>', password: '', encrypt: 'nopass' });

/** The QR on screen encodes `text`: its dark modules are exactly the library's matrix of `text`. */
function expectQrOf(svg: Element, text: string) {
  const matrix = qrMatrix(text);
  expect(svg.getAttribute('viewBox')).toBe(`0 0 ${matrix.size + QUIET_ZONE * 2} ${matrix.size + QUIET_ZONE * 2}`);
  expect(svg.querySelector('path')?.getAttribute('d')).toBe(qrPath(matrix));
}

function typeInto(testId: string, value: string) {
  const el = screen.getByTestId(testId);
  fireEvent.change(el.querySelector('input') ?? el, { target: { value } });
}

beforeEach(() => {
  useCacheStore.getState().patchCache({ wifiCodes: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WiFi码 (index)', () => {
  it('makes a code from the form, remembers it first in my codes and opens its poster', async () => {
    useCacheStore.getState().patchCache({ wifiCodes: ['Guest001'] });
    const api = mockApi({
      '/api/site/wifiCreate': () => ({ code: CAFE.code, qrUrl: CAFE.qrUrl, connectUrl: CAFE.connectUrl }),
      '/api/site/getWifiCode': (call) => (call.query.code === GUEST.code ? GUEST : CAFE),
    });
    const { router } = renderRoute('/pages-sub/wifi/index');
    await waitFor(() => expect(screen.getAllByTestId('wifi-my-code')[0]?.textContent).toContain('Guest <b>'));

    typeInto('wifi-ssid', CAFE.ssid);
    typeInto('wifi-password', CAFE.password);
    fireEvent.click(screen.getByTestId('wifi-submit'));

    await waitFor(() => expect(locationOf(router)).toBe(`/pages-sub/wifi/share?code=${CAFE.code}`));
    expect(api.callsTo('/api/site/wifiCreate')[0]?.body).toEqual({
      ssid: CAFE.ssid,
      password: CAFE.password,
      encrypt: 'WPA',
    });
    expect(useCacheStore.getState().wifiCodes).toEqual([CAFE.code, GUEST.code]);
  });

  it('the password is typed masked, and the eye button shows and hides it', async () => {
    mockApi({});
    renderRoute('/pages-sub/wifi/index');
    await screen.findByTestId('wifi-index');
    typeInto('wifi-password', 'cafe-2025');
    const field = screen.getByTestId('wifi-password').querySelector('input') as HTMLInputElement;
    const toggle = screen.getByTestId('wifi-password-toggle');
    expect(field.type).toBe('password');
    expect(toggle.getAttribute('aria-label')).toBe('显示密码');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field.type).toBe('text');
    expect(field.value).toBe('cafe-2025');
    expect(toggle.getAttribute('aria-label')).toBe('隐藏密码');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(field.type).toBe('password');
  });

  it('an open network sends no password; the password field is hidden', async () => {
    const api = mockApi({
      '/api/site/wifiCreate': () => ({ code: GUEST.code, qrUrl: GUEST.qrUrl, connectUrl: GUEST.connectUrl }),
      '/api/site/getWifiCode': () => GUEST,
    });
    const { router } = renderRoute('/pages-sub/wifi/index');
    await screen.findByTestId('wifi-index');
    typeInto('wifi-ssid', 'Guest <b>');
    fireEvent.click(screen.getByText('无密码'));
    expect(screen.queryByTestId('wifi-password')).toBeNull();
    fireEvent.click(screen.getByTestId('wifi-submit'));
    await waitFor(() => expect(locationOf(router)).toBe(`/pages-sub/wifi/share?code=${GUEST.code}`));
    expect(api.callsTo('/api/site/wifiCreate')[0]?.body).toEqual({ ssid: 'Guest <b>', encrypt: 'nopass' });
  });

  it.each([
    ['', '12345678', '请输入WiFi名称'],
    ['一二三四五六七八九十一', '12345678', 'WiFi名称最多32个字节（一个汉字占3个字节）'],
    ['Home', '', '请输入WiFi密码'],
    ['Home', '1234567', '密码长度为8-63位'],
    ['Home', '密码密码密码密码', '密码只能包含英文字母、数字和英文符号'],
  ])('checks before sending: ssid %j, password %j → %s', async (ssid, password, message) => {
    const api = mockApi({});
    renderRoute('/pages-sub/wifi/index');
    await screen.findByTestId('wifi-index');
    typeInto('wifi-ssid', ssid);
    typeInto('wifi-password', password);
    fireEvent.click(screen.getByTestId('wifi-submit'));
    await expectToast(message);
    expect(api.callsTo('/api/site/wifiCreate')).toHaveLength(0);
  });

  it('a refusal of the server (40001) is told and nothing is remembered', async () => {
    mockApi({ '/api/site/wifiCreate': () => new Fail(40001, 'WiFi码功能暂未开放') });
    const { router } = renderRoute('/pages-sub/wifi/index');
    await screen.findByTestId('wifi-index');
    typeInto('wifi-ssid', 'Home');
    typeInto('wifi-password', '12345678');
    fireEvent.click(screen.getByTestId('wifi-submit'));
    await expectToast('WiFi码功能暂未开放');
    expect(locationOf(router)).toBe('/pages-sub/wifi/index');
    expect(useCacheStore.getState().wifiCodes).toEqual([]);
  });

  it('my codes: empty hint; a withdrawn code shows 已失效; a code opens its poster', async () => {
    mockApi({});
    const first = renderRoute('/pages-sub/wifi/index');
    await screen.findByTestId('wifi-index');
    expect(bodyText()).toContain('暂无WiFi码');
    first.unmount();

    useCacheStore.getState().patchCache({ wifiCodes: [CAFE.code, 'Gone0001'] });
    mockApi({
      '/api/site/getWifiCode': (call) => (call.query.code === CAFE.code ? CAFE : new Fail(-1, '该WiFi码已失效')),
    });
    const { router } = renderRoute('/pages-sub/wifi/index');
    await waitFor(() => expect(screen.getAllByTestId('wifi-my-code')[1]?.textContent).toContain('已失效'));
    expect(toastText()).toBeNull();
    fireEvent.click(screen.getByText(CAFE.ssid));
    await waitFor(() => expect(locationOf(router)).toBe(`/pages-sub/wifi/share?code=${CAFE.code}`));
  });
});

describe('连接WiFi (connect)', () => {
  it('shows the name, the masked password with 显示 and 复制密码, the steps and the QR of the WIFI: payload', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi({ '/api/site/getWifiCode': () => CAFE });
    renderRoute(`/pages-sub/wifi/connect?code=${CAFE.code}`);
    await screen.findByTestId('wifi-connect-ssid');
    expect(api.callsTo('/api/site/getWifiCode')[0]?.query).toEqual({ code: CAFE.code });
    expect(screen.getByTestId('wifi-connect-ssid').textContent).toBe(CAFE.ssid);
    expect(screen.getByTestId('wifi-connect-password').textContent).not.toContain(CAFE.password);
    fireEvent.click(screen.getByTestId('wifi-toggle-password'));
    expect(screen.getByTestId('wifi-connect-password').textContent).toBe(CAFE.password);
    expect(screen.getByTestId('wifi-connect-steps').textContent).toContain(`选择网络「${CAFE.ssid}」`);
    expectQrOf(screen.getByTestId('wifi-qr'), 'WIFI:T:WPA;S:咖啡馆\\;\\"5G\\";P:espresso\\:123;;');

    fireEvent.click(screen.getByTestId('wifi-copy-password'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CAFE.password));
    await expectToast('复制成功');
  });

  it('an open network shows 无密码 and no copy button; user text stays text', async () => {
    mockApi({ '/api/site/getWifiCode': () => GUEST });
    renderRoute(`/pages-sub/wifi/connect?code=${GUEST.code}`);
    await screen.findByTestId('wifi-connect-ssid');
    expect(screen.getByTestId('wifi-connect-ssid').textContent).toBe('Guest <b>');
    expect(document.querySelector('.wifi-page b')).toBeNull();
    expect(screen.getByTestId('wifi-connect-password').textContent).toBe('无密码');
    expect(screen.queryByTestId('wifi-copy-password')).toBeNull();
    expectQrOf(screen.getByTestId('wifi-qr'), 'WIFI:T:nopass;S:Guest <b>;;');
  });

  it('an unknown or withdrawn code: 该WiFi码已失效 in place, no toast; no code at all: no call', async () => {
    const api = mockApi({ '/api/site/getWifiCode': () => new Fail(-1, '该WiFi码已失效') });
    const { router } = renderRoute('/pages-sub/wifi/connect?code=Nope0000');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('该WiFi码已失效');
    expect(toastText()).toBeNull();

    await router.navigate('/pages-sub/wifi/connect');
    await waitFor(() => expect(bodyText()).toContain('缺少WiFi码'));
    expect(api.callsTo('/api/site/getWifiCode')).toHaveLength(1);
  });

  it('a failed load shows 重新加载, which asks again', async () => {
    let fail = true;
    const api = mockApi({ '/api/site/getWifiCode': () => (fail ? new Fail(500, '') : CAFE) });
    renderRoute(`/pages-sub/wifi/connect?code=${CAFE.code}`);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('wifi-connect-ssid');
    expect(api.callsTo('/api/site/getWifiCode')).toHaveLength(2);
  });
});

describe('分享WiFi码 (share)', () => {
  it('shows the poster with the QR of the WIFI: payload; 复制链接 copies the connect link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockApi({ '/api/site/getWifiCode': () => CAFE });
    renderRoute(`/pages-sub/wifi/share?code=${CAFE.code}`);
    await screen.findByTestId('wifi-poster');
    expect(screen.getByTestId('wifi-poster-ssid').textContent).toBe(`WiFi：${CAFE.ssid}`);
    expectQrOf(screen.getByTestId('wifi-qr'), CAFE.qrUrl);
    fireEvent.click(screen.getByTestId('wifi-copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${CONNECT}${CAFE.code}`));
  });

  it('保存图片 draws the poster with the QR on a canvas and downloads it as a PNG', async () => {
    const dark: Array<[number, number]> = [];
    const ctx = {
      fillStyle: '',
      font: '',
      textAlign: '',
      textBaseline: '',
      fillRect(x: number, y: number) {
        if (this.fillStyle === '#000000') dark.push([x, y]);
      },
      fillText: vi.fn(),
      measureText: () => ({ width: 100 }),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => ctx as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) =>
      done(new Blob(['png'], { type: type ?? '' })),
    );
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:poster');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const downloads: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });

    mockApi({ '/api/site/getWifiCode': () => CAFE });
    renderRoute(`/pages-sub/wifi/share?code=${CAFE.code}`);
    await screen.findByTestId('wifi-poster');
    fireEvent.click(screen.getByTestId('wifi-save-poster'));
    await expectToast('图片已保存');

    expect(downloads).toEqual([{ href: 'blob:poster', download: 'wifi-咖啡馆;_5G_.png' }]);
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('image/png');
    const matrix = qrMatrix(CAFE.qrUrl);
    let modules = 0;
    for (let r = 0; r < matrix.size; r++) for (let c = 0; c < matrix.size; c++) if (matrix.dark(r, c)) modules++;
    expect(dark).toHaveLength(modules);
    expect(ctx.fillText).toHaveBeenCalledWith(
      `WiFi：${CAFE.ssid}`,
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    );
  });

  it('a withdrawn code: 该WiFi码已失效, no poster', async () => {
    mockApi({ '/api/site/getWifiCode': () => new Fail(-1, '该WiFi码已失效') });
    renderRoute('/pages-sub/wifi/share?code=Gone0001');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('该WiFi码已失效');
    expect(screen.queryByTestId('wifi-poster')).toBeNull();
  });
});
