import type { OfficialAuthEntry, SimInfo, ViceSim } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutFixture, simFixture } from '../../../../features/iot-core/sim-fixture';
import { browser } from '../../../../features/order/browser';
import { useDictionaryStore } from '../../../../stores/dictionary';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, expectToast, settle } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../test/render-route';

const HUB = '/pages/iot/index/realnameAuth/index';
const OFFICIAL = '/pages/iot/index/realnameAuth/official/index';
const PLATFORM = '/pages/iot/index/realnameAuth/platform/index';
const SWITCH = '/pages/iot/index/realnameAuth/switchOfficial/index';
const SUB = '/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index';

let day = 0;
beforeEach(() => {
  // A new day per test: the 1000 ms throttles of simInfo/simRefresh never carry over between tests.
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
  useDictionaryStore.setState({ options: {}, loadedAt: 0 });
});

/** Past the 1000 ms throttle window. */
const laterBy = (ms = 2000) => vi.setSystemTime(Date.now() + ms);

function withCard(sim: SimInfo) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
}

const vice = (patch: Partial<ViceSim>): ViceSim => ({
  simNo: 'V1',
  iccid: '89860123456789012345',
  operatorType: 1,
  authStatus: 0,
  isCurrent: 0,
  signal: 3,
  ...patch,
});

const entry = (patch: Partial<OfficialAuthEntry> = {}): OfficialAuthEntry => ({
  mode: 'redirect',
  url: 'https://carrier.example.com/auth?t=1',
  tips: '请在30分钟内完成认证',
  operatorType: 1,
  authStatus: 0,
  ...patch,
});

describe('实名认证 hub', () => {
  it('shows the card and the operator step with its status; 去认证 → 运营商实名; tips', async () => {
    const sim = simFixture({ authStatus: 0, needAuth: 1 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(HUB);
    await screen.findByTestId('realname-card');
    expect(screen.getByTestId('page-title').textContent).toContain('实名认证');
    expect(screen.getByTestId('realname-card-no').textContent).toBe(sim.simNo);
    expect(screen.getByTestId('realname-operator').dataset.operator).toBe('1');
    expect(screen.getByTestId('realname-step-official').textContent).toContain('未实名');
    expect(screen.queryByTestId('realname-step-platform')).toBeNull();
    expect(screen.getByTestId('realname-tips').textContent).toContain('请使用本人身份证完成认证');
    expect(screen.getByTestId('realname-tips').textContent).toContain('5–30 分钟生效');
    fireEvent.click(screen.getByTestId('realname-go-official'));
    await waitFor(() => expect(locationOf(router)).toBe(OFFICIAL));
  });

  it('labels auth_status from the catalogue, shows the platform step when needed and goes to 平台实名', async () => {
    useDictionaryStore.getState().setOptions({
      auth_status: [
        { label: '已完成实名', value: '1', key: 'done', listClass: 'success' },
        { label: '认证未通过', value: '3', key: 'failed', listClass: 'danger' },
      ],
    });
    const sim = simFixture({ authStatus: 1, needPlatformAuth: 1, authPlatformStatus: 3 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(HUB);
    await screen.findByTestId('realname-step-platform');
    expect(screen.getByTestId('realname-official-status').textContent).toBe('已实名');
    expect(screen.queryByTestId('realname-go-official')).toBeNull();
    expect(screen.getByTestId('realname-platform-status').textContent).toBe('认证失败');
    expect(screen.queryByTestId('realname-all-done')).toBeNull();
    fireEvent.click(screen.getByTestId('realname-go-platform'));
    await waitFor(() => expect(locationOf(router)).toBe(PLATFORM));
  });

  it('shows the platform step once started even when no longer needed, and 已完成 when all done', async () => {
    const sim = simFixture({ authStatus: 1, needPlatformAuth: 0, authPlatformStatus: 1 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(HUB);
    await screen.findByTestId('realname-step-platform');
    expect(screen.getByTestId('realname-platform-status').textContent).toBe('已实名');
    expect(screen.getByTestId('realname-all-done').textContent).toContain('您已完成全部实名认证');
  });

  it('a device with vice SIMs has 各网络实名 (done/total) → 多网实名', async () => {
    const sim = simFixture({
      sourceType: 2,
      deviceNo: 'DEV001',
      viceSims: [vice({ simNo: 'V1', authStatus: 1 }), vice({ simNo: 'V2', operatorType: 3, authStatus: 0 })],
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(HUB);
    await screen.findByTestId('realname-step-official');
    expect(screen.getByTestId('realname-card-no').textContent).toBe('DEV001');
    expect(screen.getByTestId('realname-operator').dataset.operator).toBe('99');
    expect(bodyText()).toContain('各网络实名');
    expect(screen.getByTestId('realname-step-official').textContent).toContain('已实名 1/2 个网络');
    fireEvent.click(screen.getByTestId('realname-go-official'));
    await waitFor(() => expect(locationOf(router)).toBe(SWITCH));
  });

  it('刷新状态 forces one (throttled) refresh and shows the new statuses', async () => {
    const sim = simFixture({ authStatus: 2 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => ({ ...sim, authStatus: 1 }),
    });
    renderRoute(HUB);
    await screen.findByTestId('realname-refresh');
    expect(screen.getByTestId('realname-official-status').textContent).toBe('审核中');
    fireEvent.click(screen.getByTestId('realname-refresh'));
    fireEvent.click(screen.getByTestId('realname-refresh'));
    await waitFor(() => expect(screen.getByTestId('realname-official-status').textContent).toBe('已实名'));
    expect(api.callsTo('/api/iot/simRefresh').map((c) => c.body)).toEqual([{ force: 1 }]);
    await expectToast('状态已刷新');
    expect((useIotStore.getState().simInfo as { authStatus?: number } | null)?.authStatus).toBe(1);
  });

  it('a failed card load shows the error state with 重新加载', async () => {
    withCard(simFixture());
    let fail = true;
    const api = mockApi({
      '/api/iot/simInfo': () => (fail ? new Fail(-1, '卡片信息获取失败') : simFixture()),
    });
    renderRoute(HUB);
    await screen.findByTestId('page-error-state');
    fail = false;
    laterBy();
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('realname-card');
    expect(api.callsTo('/api/iot/simInfo')).toHaveLength(2);
  });
});

describe('运营商实名', () => {
  it('redirect: refreshes on show, 去认证 leaves for the url, and shows 已完成 once real-named', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const sim = simFixture({ authStatus: 0 });
    withCard(sim);
    let authStatus = 0;
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => ({ ...sim, authStatus }),
      '/api/iot/simOfficialAuth': () => entry({ authStatus }),
    });
    const { router } = renderRoute(OFFICIAL);
    await screen.findByTestId('official-go');
    expect(screen.getByTestId('page-title').textContent).toContain('运营商实名');
    expect(screen.getByTestId('official-mode').dataset.mode).toBe('redirect');
    expect(screen.getByTestId('official-status').textContent).toBe('未实名');
    expect(screen.getByTestId('official-entry-tips').textContent).toBe('请在30分钟内完成认证');
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(1));
    expect(api.callsTo('/api/iot/simRefresh')[0]?.body).toEqual({ force: 1 });
    fireEvent.click(screen.getByTestId('official-go'));
    expect(go).toHaveBeenCalledWith('https://carrier.example.com/auth?t=1');

    // Back from the operator's page: the tab becomes visible again → one more forced refresh.
    authStatus = 1;
    laterBy();
    document.dispatchEvent(new Event('visibilitychange'));
    await screen.findByTestId('official-done');
    expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(2);
    expect(bodyText()).toContain('已完成实名认证');
    fireEvent.click(screen.getByTestId('official-home'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('the operator says done before the refreshed card does: the card is read again, so the hub agrees', async () => {
    let cardDone = false;
    const sim = () => simFixture({ authStatus: cardDone ? 1 : 0 });
    withCard(sim());
    const api = mockApi({
      '/api/iot/simInfo': () => sim(),
      '/api/iot/simRefresh': () => simFixture({ authStatus: 0 }),
      '/api/iot/simOfficialAuth': () => entry({ authStatus: 1 }),
    });
    const { router } = renderRoute(OFFICIAL);
    await screen.findByTestId('official-done');
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(1));
    cardDone = true;
    laterBy();
    await waitFor(() => expect(api.callsTo('/api/iot/simInfo').length).toBeGreaterThanOrEqual(2), { timeout: 4000 });
    await router.navigate(HUB);
    await waitFor(() => expect(screen.getByTestId('realname-official-status').dataset.status).toBe('1'));
  });

  it('the holder leaves at once for the hub: it shows the card real-named, not the read from before', async () => {
    withCard(simFixture({ authStatus: 0, needAuth: 1 }));
    mockApi({
      // Every read of the card within the test answers the state from before the operator's page.
      '/api/iot/simInfo': () => simFixture({ authStatus: 0, needAuth: 1 }),
      '/api/iot/simRefresh': () => simFixture({ authStatus: 0, needAuth: 1 }),
      '/api/iot/simOfficialAuth': () => entry({ authStatus: 1 }),
    });
    const { router } = renderRoute(OFFICIAL);
    await screen.findByTestId('official-done');
    await router.navigate(HUB);
    await waitFor(() => expect(screen.getByTestId('realname-official-status').dataset.status).toBe('1'));
    expect(useIotStore.getState().simInfo).toMatchObject({ authStatus: 1, needAuth: 0 });
  });

  it('qrcode: the QR image, the long-press instructions and the url as a fallback link', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const sim = simFixture({ authStatus: 0, operatorType: 3 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () =>
        entry({
          mode: 'qrcode',
          qrImage: 'https://cdn.example.com/qr.png',
          url: 'https://ct.example.com/a',
          operatorType: 3,
        }),
    });
    renderRoute(OFFICIAL);
    const qr = (await screen.findByTestId('official-qr')) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe('https://cdn.example.com/qr.png');
    expect(screen.getByTestId('official-qr-hint').textContent).toContain('长按识别二维码');
    fireEvent.click(screen.getByTestId('official-qr-link'));
    expect(go).toHaveBeenCalledWith('https://ct.example.com/a');
  });

  it('sms: the SMS text with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const sim = simFixture({ authStatus: 3 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () =>
        entry({ mode: 'sms', url: undefined, smsText: '编辑短信 SMRZ#姓名#身份证号 发送至 10086', authStatus: 3 }),
    });
    renderRoute(OFFICIAL);
    await screen.findByTestId('official-sms-text');
    expect(screen.getByTestId('official-sms-text').textContent).toBe('编辑短信 SMRZ#姓名#身份证号 发送至 10086');
    expect(screen.getByTestId('official-failed').textContent).toContain('上次认证未通过');
    fireEvent.click(screen.getByTestId('official-sms-copy'));
    await expectToast('复制成功');
    expect(writeText).toHaveBeenCalledWith('编辑短信 SMRZ#姓名#身份证号 发送至 10086');
  });

  it('ltAuth: goes to the 联通 guide page', async () => {
    const sim = simFixture({ authStatus: 0, operatorType: 2 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => entry({ mode: 'ltAuth', url: 'https://lt.example.com/x', operatorType: 2 }),
    });
    const { router } = renderRoute(OFFICIAL);
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/ltAuth/index'));
    await screen.findByTestId('lt-guide');
  });

  it('redirect without a url: 认证通道繁忙', async () => {
    const sim = simFixture({ authStatus: 0 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => entry({ url: undefined }),
    });
    renderRoute(OFFICIAL);
    await screen.findByTestId('official-busy');
    expect(bodyText()).toContain('认证通道繁忙，请稍后再试');
  });

  it('40001: the catalogue toast and 认证通道暂不可用', async () => {
    const sim = simFixture({ authStatus: 0 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => new Fail(40001, ''),
    });
    const { router } = renderRoute(OFFICIAL);
    await screen.findByTestId('official-closed');
    expect(bodyText()).toContain('认证通道暂不可用');
    await expectToast('当前访问的功能模块暂未开放，敬请期待！');
    fireEvent.click(screen.getByTestId('official-back'));
    await waitFor(() => expect(locationOf(router)).toBe(HUB));
  });

  it('-1 upstream failure: the toast and the error state with 重新加载', async () => {
    const sim = simFixture({ authStatus: 0 });
    withCard(sim);
    let fail = true;
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/simOfficialAuth': () => (fail ? new Fail(-1, '请稍后再试') : entry()),
    });
    renderRoute(OFFICIAL);
    await screen.findByTestId('page-error-state');
    await expectToast('请稍后再试');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('official-go');
    expect(api.callsTo('/api/iot/simOfficialAuth')).toHaveLength(2);
  });
});

describe('多网实名 and 子卡实名', () => {
  const device = (viceSims: ViceSim[]) =>
    simFixture({ sourceType: 2, deviceNo: 'DEV001', viceSims, simLayout: layoutFixture() });

  it('lists the networks with operator, masked ICCID, status and 当前使用; tap → 子卡实名', async () => {
    const sim = device([
      vice({ simNo: 'V1', operatorType: 1, authStatus: 1, isCurrent: 1 }),
      vice({ simNo: 'V2', iccid: '89860311112222333344', operatorType: 3, authStatus: 0 }),
    ]);
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(SWITCH);
    await screen.findByTestId('vice-sims');
    const items = screen.getAllByTestId('vice-sim');
    expect(items.map((i) => i.dataset.sim)).toEqual(['V1', 'V2']);
    expect(items[0]?.textContent).toContain('中国移动');
    expect(items[0]?.querySelector('[data-testid="vice-current"]')?.textContent).toBe('当前使用');
    expect(items[1]?.querySelector('[data-testid="vice-current"]')).toBeNull();
    expect(items[1]?.querySelector('[data-testid="vice-iccid"]')?.textContent).toBe('898603**********3344');
    expect(items[1]?.querySelector('[data-testid="vice-status"]')?.textContent).toBe('未实名');
    expect(items[0]?.querySelector('[data-testid="vice-status"]')?.textContent).toBe('已实名');
    expect(screen.getByTestId('switch-official-summary').textContent).toContain('已实名 1/2 个网络');
    fireEvent.click(items[1]!);
    await waitFor(() => expect(locationOf(router)).toBe(`${SUB}?viceSimNo=V2`));
  });

  it('刷新状态 forces a refresh', async () => {
    const sim = device([vice({ simNo: 'V1', authStatus: 2 })]);
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => device([vice({ simNo: 'V1', authStatus: 1 })]),
    });
    renderRoute(SWITCH);
    await screen.findByTestId('switch-official-refresh');
    fireEvent.click(screen.getByTestId('switch-official-refresh'));
    await waitFor(() => expect(screen.getByTestId('vice-status').textContent).toBe('已实名'));
    expect(api.callsTo('/api/iot/simRefresh')[0]?.body).toEqual({ force: 1 });
  });

  it('a card that is not a device: 该设备无需多网实名', async () => {
    const sim = simFixture();
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute(SWITCH);
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('该设备无需多网实名');
  });

  it('子卡实名 asks deviceOfficialAuth for the vice SIM, refreshes on show and shows its mode', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const sim = device([vice({ simNo: 'V2', iccid: '89860311112222333344', operatorType: 3, authStatus: 0 })]);
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/deviceOfficialAuth': () => ({
        ...entry({ url: 'https://ct.example.com/v2', operatorType: 3 }),
        viceSimNo: 'V2',
      }),
    });
    renderRoute(`${SUB}?viceSimNo=V2`);
    await screen.findByTestId('official-go');
    expect(screen.getByTestId('page-title').textContent).toContain('子卡实名');
    expect(api.callsTo('/api/iot/deviceOfficialAuth')[0]?.query).toEqual({ viceSimNo: 'V2' });
    expect(screen.getByTestId('sub-official-subject').textContent).toContain('中国电信');
    expect(screen.getByTestId('sub-official-iccid').textContent).toBe('898603**********3344');
    await waitFor(() => expect(api.callsTo('/api/iot/simRefresh')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('official-go'));
    expect(go).toHaveBeenCalledWith('https://ct.example.com/v2');
  });

  it('子卡实名 of a real-named vice SIM shows 已完成 and goes back to the list', async () => {
    const sim = device([vice({ simNo: 'V1', authStatus: 1 })]);
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => sim,
      '/api/iot/deviceOfficialAuth': () => ({ ...entry({ authStatus: 1, url: undefined }), viceSimNo: 'V1' }),
    });
    const { router } = renderRoute(`${SUB}?viceSimNo=V1`);
    await screen.findByTestId('official-done');
    fireEvent.click(screen.getByTestId('official-list'));
    await waitFor(() => expect(locationOf(router)).toBe(SWITCH));
  });
});

describe('平台实名', () => {
  const info = (patch: Record<string, unknown> = {}) => ({
    authPlatformStatus: 0,
    platformAuthType: 1,
    name: '',
    idCardMasked: '',
    remark: '',
    submittedAt: null,
    ...patch,
  });
  const typeInto = (testId: string, value: string) => {
    const el = screen.getByTestId(testId);
    fireEvent.change(el.querySelector('input') ?? el, { target: { value } });
  };

  it('type 1: checks name, ID and age before sending, then shows 审核中 with the masked details', async () => {
    const sim = simFixture({ needPlatformAuth: 1 });
    withCard(sim);
    // The card's state as the hub left it in the store: the answer is written into it.
    useIotStore.setState({ simInfo: sim });
    let state = info();
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () => state,
      '/api/iot/simPlatformAuth': () => {
        state = info({
          authPlatformStatus: 2,
          name: '张*',
          idCardMasked: '110101********1234',
          submittedAt: '2026-03-05 10:00:00',
        });
        return { authPlatformStatus: 2, remark: '' };
      },
    });
    renderRoute(PLATFORM);
    await screen.findByTestId('platform-form');
    expect(screen.getByTestId('page-title').textContent).toContain('平台实名');
    expect(screen.queryByTestId('platform-photos')).toBeNull();

    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('请输入姓名');
    typeInto('platform-name', '张');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('请输入2-20位真实姓名');
    typeInto('platform-name', '张三');
    typeInto('platform-id', '11010119900101123');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('身份证号格式不正确');
    expect(screen.getByTestId('platform-id-error').textContent).toBe('身份证号格式不正确');
    // The right pattern, but the check character should be 7 (GB 11643).
    typeInto('platform-id', '110101199001011234');
    expect(screen.queryByTestId('platform-id-error')).toBeNull();
    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('身份证号格式不正确');
    expect(screen.getByTestId('platform-id-error').textContent).toBe('身份证号格式不正确');
    // Born 2015: under 16 in 2026.
    typeInto('platform-id', '110101201501011233');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('未满16周岁，暂不支持实名认证');
    expect(api.callsTo('/api/iot/simPlatformAuth')).toHaveLength(0);

    typeInto('platform-id', '11010119900307803x');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await screen.findByTestId('platform-reviewing');
    expect(api.callsTo('/api/iot/simPlatformAuth')[0]?.body).toEqual({ name: '张三', idCard: '11010119900307803X' });
    expect(bodyText()).toContain('审核中');
    await waitFor(() => expect(screen.getByTestId('platform-name-masked').textContent).toBe('张*'));
    expect(screen.getByTestId('platform-id-masked').textContent).toBe('110101********1234');
    expect(screen.queryByTestId('platform-form')).toBeNull();
    expect((useIotStore.getState().simInfo as { authPlatformStatus?: number } | null)?.authPlatformStatus).toBe(2);
  });

  it('an instant pass (1) shows 认证成功 and a way back to the card home', async () => {
    const sim = simFixture({ needPlatformAuth: 1 });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () => info(),
      '/api/iot/simPlatformAuth': () => ({ authPlatformStatus: 1, remark: '' }),
    });
    const { router } = renderRoute(PLATFORM);
    await screen.findByTestId('platform-form');
    typeInto('platform-name', '李四');
    typeInto('platform-id', '110101199001011237');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await screen.findByTestId('platform-done');
    expect(bodyText()).toContain('认证成功');
    fireEvent.click(screen.getByTestId('platform-home'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });

  it('status 2 shows 审核中 without the form; status 1 shows 认证成功', async () => {
    const sim = simFixture();
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () =>
        info({
          authPlatformStatus: 2,
          name: '王*',
          idCardMasked: '440301********5678',
          submittedAt: '2026-03-01 09:00:00',
        }),
    });
    const first = renderRoute(PLATFORM);
    await screen.findByTestId('platform-reviewing');
    expect(screen.queryByTestId('platform-form')).toBeNull();
    expect(screen.getByTestId('platform-name-masked').textContent).toBe('王*');
    expect(bodyText()).toContain('2026-03-01 09:00:00');
    first.unmount();

    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () =>
        info({ authPlatformStatus: 1, name: '王*', idCardMasked: '440301********5678' }),
    });
    renderRoute(PLATFORM);
    await screen.findByTestId('platform-done');
  });

  it('status 3 shows the reject remark and the form again; a -1 refusal reads the state again', async () => {
    const sim = simFixture();
    withCard(sim);
    let state = info({ authPlatformStatus: 3, remark: '身份证照片不清晰' });
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () => state,
      '/api/iot/simPlatformAuth': () => {
        state = info({ authPlatformStatus: 3, remark: '姓名与身份证不匹配' });
        return new Fail(-1, '姓名与身份证不匹配');
      },
    });
    renderRoute(PLATFORM);
    await screen.findByTestId('platform-form');
    expect(screen.getByTestId('platform-rejected').textContent).toContain('认证失败：身份证照片不清晰');
    typeInto('platform-name', '赵六');
    typeInto('platform-id', '110101199001011237');
    fireEvent.click(screen.getByTestId('platform-submit'));
    await expectToast('姓名与身份证不匹配');
    await waitFor(() =>
      expect(screen.getByTestId('platform-rejected').textContent).toContain('认证失败：姓名与身份证不匹配'),
    );
    expect(api.callsTo('/api/iot/simPlatformAuthInfo')).toHaveLength(2);
    // The form keeps what was typed for another try.
    expect((screen.getByTestId('platform-name').querySelector('input') as HTMLInputElement).value).toBe('赵六');
  });

  it('40001 on load: 平台实名暂未开放', async () => {
    const sim = simFixture();
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simPlatformAuthInfo': () => new Fail(40001, '平台实名未开启'),
    });
    renderRoute(PLATFORM);
    await screen.findByTestId('platform-closed');
    await expectToast('平台实名未开启');
  });

  describe('type 3 photos', () => {
    interface FakeXhr {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: FormData | null;
      upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null };
      respond: (status: number, body: unknown) => void;
      progress: (loaded: number, total: number) => void;
    }
    let xhrs: FakeXhr[] = [];

    function stubXhr() {
      xhrs = [];
      class Xhr {
        method = '';
        url = '';
        headers: Record<string, string> = {};
        body: FormData | null = null;
        status = 0;
        responseText = '';
        timeout = 0;
        upload = { onprogress: null as ((e: Partial<ProgressEvent>) => void) | null };
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        ontimeout: (() => void) | null = null;
        onabort: (() => void) | null = null;
        constructor() {
          xhrs.push(this as unknown as FakeXhr);
        }
        open(method: string, url: string) {
          this.method = method;
          this.url = url;
        }
        setRequestHeader(name: string, value: string) {
          this.headers[name] = value;
        }
        send(body: FormData) {
          this.body = body;
        }
        abort() {
          this.onabort?.();
        }
        progress(loaded: number, total: number) {
          this.upload.onprogress?.({ lengthComputable: true, loaded, total });
        }
        respond(status: number, body: unknown) {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        }
      }
      vi.stubGlobal('XMLHttpRequest', Xhr);
    }

    const image = (name: string, type = 'image/jpeg', size = 2048) => {
      const file = new File([new Uint8Array(8)], name, { type });
      Object.defineProperty(file, 'size', { value: size });
      return file;
    };
    const pick = (field: string, file: File) =>
      fireEvent.change(screen.getByTestId(`photo-input-${field}`), { target: { files: [file] } });

    it('refuses wrong types and big files, uploads with progress and submits the keys', async () => {
      stubXhr();
      const sim = simFixture({ needPlatformAuth: 1, platformAuthType: 3 });
      withCard(sim);
      const api = mockApi({
        '/api/iot/simInfo': () => sim,
        '/api/iot/simPlatformAuthInfo': () => info({ platformAuthType: 3 }),
        '/api/iot/simPlatformAuth': () => ({ authPlatformStatus: 2, remark: '' }),
      });
      renderRoute(PLATFORM);
      await screen.findByTestId('platform-photos');
      expect(screen.getByTestId('platform-form').dataset.type).toBe('3');
      expect(screen.getByTestId('photo-frontImage').textContent).toContain('身份证人像面');
      expect(screen.getByTestId('photo-backImage').textContent).toContain('身份证国徽面');
      expect(screen.getByTestId('photo-faceImage').textContent).toContain('手持身份证照片');

      typeInto('platform-name', '张三');
      typeInto('platform-id', '110101199001011237');
      fireEvent.click(screen.getByTestId('platform-submit'));
      await expectToast('请上传身份证人像面照片');

      pick('frontImage', image('a.gif', 'image/gif'));
      await expectToast('仅支持 JPG、PNG、WEBP 格式的图片');
      pick('frontImage', image('big.jpg', 'image/jpeg', 6 * 1024 * 1024));
      await expectToast('图片不能超过 5MB');
      expect(xhrs).toHaveLength(0);

      pick('frontImage', image('front.jpg'));
      await waitFor(() => expect(xhrs).toHaveLength(1));
      const xhr = xhrs[0]!;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('/api/upload');
      expect(xhr.headers['sim-no']).toBe(sim.simNo);
      expect(xhr.body?.get('scene')).toBe('realname');
      expect((xhr.body?.get('file') as File | undefined)?.name).toBe('front.jpg');
      xhr.progress(40, 100);
      await waitFor(() => expect(screen.getByTestId('photo-progress-frontImage').dataset.percent).toBe('40'));
      // Submitting while a photo is on its way waits for it.
      fireEvent.click(screen.getByTestId('platform-submit'));
      await expectToast('照片上传中，请稍候');
      xhr.respond(200, {
        code: 0,
        message: 'ok',
        data: { url: 'https://files.example.com/f1', key: 'aaaa1111.jpg', size: 2048 },
      });
      await waitFor(() => expect(screen.getByTestId('photo-frontImage').dataset.status).toBe('done'));

      pick('backImage', image('back.png', 'image/png'));
      await waitFor(() => expect(xhrs).toHaveLength(2));
      xhrs[1]!.respond(200, {
        code: 0,
        message: 'ok',
        data: { url: 'https://files.example.com/f2', key: 'bbbb2222.png', size: 10 },
      });
      await waitFor(() => expect(screen.getByTestId('photo-backImage').dataset.status).toBe('done'));

      // A refused upload is told like any answer and leaves the tile open for another try.
      pick('faceImage', image('face.webp', 'image/webp'));
      await waitFor(() => expect(xhrs).toHaveLength(3));
      xhrs[2]!.respond(200, { code: -1, message: '文件类型不支持', data: null });
      await expectToast('文件类型不支持');
      await screen.findByTestId('photo-failed-faceImage');
      pick('faceImage', image('face2.webp', 'image/webp'));
      await waitFor(() => expect(xhrs).toHaveLength(4));
      xhrs[3]!.respond(200, {
        code: 0,
        message: 'ok',
        data: { url: 'https://files.example.com/f3', key: 'cccc3333.webp', size: 10 },
      });
      await waitFor(() => expect(screen.getByTestId('photo-faceImage').dataset.status).toBe('done'));

      fireEvent.click(screen.getByTestId('platform-submit'));
      await screen.findByTestId('platform-reviewing');
      expect(api.callsTo('/api/iot/simPlatformAuth')[0]?.body).toEqual({
        name: '张三',
        idCard: '110101199001011237',
        frontImage: 'aaaa1111.jpg',
        backImage: 'bbbb2222.png',
        faceImage: 'cccc3333.webp',
      });
    });

    it('type 2 asks only the two ID sides', async () => {
      stubXhr();
      const sim = simFixture({ platformAuthType: 2 });
      withCard(sim);
      mockApi({
        '/api/iot/simInfo': () => sim,
        '/api/iot/simPlatformAuthInfo': () => info({ platformAuthType: 2 }),
      });
      renderRoute(PLATFORM);
      await screen.findByTestId('platform-photos');
      expect(screen.getByTestId('photo-frontImage')).toBeTruthy();
      expect(screen.getByTestId('photo-backImage')).toBeTruthy();
      expect(screen.queryByTestId('photo-faceImage')).toBeNull();
      await settle(0);
    });
  });
});
