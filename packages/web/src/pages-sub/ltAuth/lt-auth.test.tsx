import type { OfficialAuthEntry, SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simFixture } from '../../features/iot-core/sim-fixture';
import { browser } from '../../features/order/browser';
import { useIotStore } from '../../stores/iot';
import { bodyText, expectToast } from '../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../test/render-route';

const LT = '/pages-sub/ltAuth/index';
let day = 0;
beforeEach(() => {
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 3, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}

const ltEntry = (patch: Partial<OfficialAuthEntry> = {}): OfficialAuthEntry => ({
  mode: 'ltAuth',
  url: 'https://lt.example.com/auth?token=abc',
  tips: '',
  operatorType: 2,
  authStatus: 0,
  ...patch,
});

describe('实名认证（联通）', () => {
  it('shows the three steps; 开始认证 opens the url; 我已完成认证 refreshes and goes to 实名认证', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const sim = simFixture({ operatorType: 2, authStatus: 0 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simOfficialAuth': () => ltEntry(),
      '/api/iot/simRefresh': () => ({ ...sim, authStatus: 2 }),
    });
    const { router } = renderRoute(LT);
    await screen.findByTestId('lt-guide');
    expect(screen.getByTestId('page-title').textContent).toContain('实名认证');
    const steps = screen.getByTestId('lt-steps').textContent ?? '';
    expect(steps.indexOf('准备身份证')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('人脸识别')).toBeGreaterThan(steps.indexOf('准备身份证'));
    expect(steps.indexOf('等待生效')).toBeGreaterThan(steps.indexOf('人脸识别'));
    fireEvent.click(screen.getByTestId('lt-start'));
    expect(go).toHaveBeenCalledWith('https://lt.example.com/auth?token=abc');

    // Shown → one forced refresh; 我已完成认证 (past the 1000 ms throttle) → another, then back to the hub.
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(1));
    vi.setSystemTime(Date.now() + 2000);
    fireEvent.click(screen.getByTestId('lt-finished'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/realnameAuth/index'));
    expect(api.callsTo('/api/iot/simRefresh').map((c) => c.body)).toEqual([{ force: 1 }, { force: 1 }]);
    await screen.findByTestId('realname-hub');
    await waitFor(() => expect(screen.getByTestId('realname-official-status').textContent).toBe('审核中'));
  });

  it('without a url: 认证通道繁忙，请稍后再试', async () => {
    const sim = simFixture({ operatorType: 2, authStatus: 0 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => ltEntry({ url: undefined }),
    });
    renderRoute(LT);
    await screen.findByTestId('official-busy');
    expect(bodyText()).toContain('认证通道繁忙，请稍后再试');
    expect(screen.queryByTestId('lt-start')).toBeNull();
  });

  it('40001: 认证通道暂不可用 after the catalogue toast', async () => {
    const sim = simFixture({ operatorType: 2, authStatus: 0 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => new Fail(40001, ''),
    });
    renderRoute(LT);
    await screen.findByTestId('official-closed');
    await expectToast('当前访问的功能模块暂未开放，敬请期待！');
  });

  it('already real-named: 已完成实名认证', async () => {
    const sim = simFixture({ operatorType: 2, authStatus: 1 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => ltEntry({ authStatus: 1, url: undefined }),
    });
    renderRoute(LT);
    await screen.findByTestId('lt-done');
    expect(bodyText()).toContain('已完成实名认证');
  });

  it('a vice SIM (?viceSimNo=) uses deviceOfficialAuth and goes back to 多网实名', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const sim = simFixture({
      sourceType: 2,
      deviceNo: 'DEV9',
      viceSims: [
        { simNo: 'V2', iccid: '89860100000000000002', operatorType: 2, authStatus: 0, isCurrent: 1, signal: 4 },
      ],
    });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/deviceOfficialAuth': () => ({ ...ltEntry({ url: 'https://lt.example.com/v2' }), viceSimNo: 'V2' }),
    });
    const { router } = renderRoute(`${LT}?viceSimNo=V2`);
    await screen.findByTestId('lt-guide');
    expect(api.callsTo('/api/iot/deviceOfficialAuth')[0]?.query).toEqual({ viceSimNo: 'V2' });
    expect(api.callsTo('/api/iot/simOfficialAuth')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('lt-start'));
    expect(go).toHaveBeenCalledWith('https://lt.example.com/v2');
    fireEvent.click(screen.getByTestId('lt-finished'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/realnameAuth/switchOfficial/index'));
  });
});
