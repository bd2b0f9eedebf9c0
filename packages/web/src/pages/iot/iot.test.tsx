import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPopupSession } from '../../features/iot-core/components/iot-home';
import { layoutFixture, menuFixture, simFixture } from '../../features/iot-core/sim-fixture';
import { setLocale } from '../../i18n';
import i18next from '../../i18n/translator';
import { useCacheStore } from '../../stores/cache';
import { useDictionaryStore } from '../../stores/dictionary';
import { useIotStore } from '../../stores/iot';
import { useLayoutStore } from '../../stores/layout';
import { bodyText, dialogButtons, expectToast, settle } from '../../test/dom';
import { baseConfigFixture, Fail, locationOf, mockApi, renderRoute, type StubData } from '../../test/render-route';

const CARD = '89860012345678901234';
let day = 0;

/** Each test gets its own local day at `hour`, so the 1000 ms throttles never carry over. */
function at(hour: number, nextDay = true) {
  if (nextDay) day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 0, day, hour, 0, 0));
}

beforeEach(() => {
  at(9);
  resetPopupSession();
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useLayoutStore.getState().patchLayout({ sessionId: '' });
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

const LOGIN_CONFIG: StubData<'/api/simLoginConfig'> = {
  logo: '/iot-logo.png',
  title: '物联卡自助服务',
  placeholder: '请输入卡号/ICCID/设备号',
  needProtocol: 0,
  notice: '登录即代表同意相关条款',
  kefuUrl: '',
  scanEnabled: 0,
};

const typeInto = (testId: string, value: string) => {
  const el = screen.getByTestId(testId);
  fireEvent.change(el.querySelector('input') ?? el, { target: { value } });
};
const inputValue = (testId: string) =>
  (screen.getByTestId(testId).querySelector('input') ?? (screen.getByTestId(testId) as HTMLInputElement)).value;

function withCard(sim: SimInfo = simFixture(), loginSns = [sim.simNo]) {
  useIotStore.setState({ simNo: sim.simNo, loginSns });
}

describe('卡号登录', () => {
  it('shows the config, fills from a recent card, asks the password after 41001 and goes to ?redirect', async () => {
    useIotStore.setState({ loginSns: ['AAA111222', 'BBB333444'] });
    let attempts = 0;
    const api = mockApi({
      '/api/simLoginConfig': () => LOGIN_CONFIG,
      '/api/simLogin': (call) => {
        attempts += 1;
        const body = call.body as { password?: string };
        if (!body.password) return new Fail(41001, '请输入卡密码', { field: 'password', remainTimes: 5 });
        if (body.password !== '123456') return new Fail(41001, '卡密码错误', { field: 'password', remainTimes: 3 });
        return { sessionId: 's'.repeat(40), simNo: 'BBB333444', sourceType: 1, operatorType: 1, cardPasswordMode: 1 };
      },
    });
    const { router } = renderRoute(
      `/pages/iot/login/index?redirect=${encodeURIComponent('/pages/iot/index/moreMenu/index')}`,
    );
    expect(await screen.findByTestId('iot-login-title')).toHaveProperty('textContent', '物联卡自助服务');
    expect(screen.getByTestId('page-title').textContent).toContain('卡号登录');
    expect(screen.getByTestId('iot-login-notice').textContent).toContain('登录即代表同意相关条款');
    expect(screen.queryByTestId('iot-login-agree')).toBeNull();
    const chips = screen.getAllByTestId('iot-recent-card').map((c) => c.textContent);
    expect(chips).toEqual(['AAA111222', 'BBB333444']);

    fireEvent.click(screen.getAllByTestId('iot-recent-card')[1]!);
    expect(inputValue('iot-login-simno')).toBe('BBB333444');
    expect(screen.queryByTestId('iot-login-password')).toBeNull();

    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await screen.findByTestId('iot-login-password');
    // Before any attempt the card asks for its password; it does not say a password was wrong.
    expect(screen.getByTestId('iot-login-remain').textContent).toBe('该卡需要输入卡密码');
    expect(screen.getByTestId('iot-login-remain').classList.contains('is-ask')).toBe(true);
    expect(bodyText()).not.toContain('密码错误');
    expect(api.callsTo('/api/simLogin')[0]?.body).toEqual({ simNo: 'BBB333444', agreeProtocol: 1 });

    typeInto('iot-login-password', '000000');
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await waitFor(() => expect(screen.getByTestId('iot-login-remain').textContent).toBe('密码错误，还可尝试3次'));
    expect(screen.getByTestId('iot-login-remain').classList.contains('is-ask')).toBe(false);

    typeInto('iot-login-password', '123456');
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/moreMenu/index'));
    expect(attempts).toBe(3);
    expect(api.callsTo('/api/simLogin')[2]?.body).toEqual({ simNo: 'BBB333444', password: '123456', agreeProtocol: 1 });
    expect(useLayoutStore.getState().sessionId).toBe('s'.repeat(40));
    expect(useIotStore.getState().simNo).toBe('BBB333444');
    expect(useIotStore.getState().loginSns).toEqual(['BBB333444', 'AAA111222']);
  });

  it("the default placeholder speaks the shopper's language; one the operator wrote is shown as written", async () => {
    const placeholderOf = () => screen.getByTestId('iot-login-simno').querySelector('input')?.placeholder;
    await i18next.changeLanguage('en');
    try {
      mockApi({ '/api/simLoginConfig': () => LOGIN_CONFIG });
      const first = renderRoute('/pages/iot/login/index');
      await screen.findByTestId('iot-login-simno');
      expect(placeholderOf()).toBe('Card number / ICCID / device number');
      first.unmount();

      at(10, false); // past the config fetch's 1000 ms throttle
      mockApi({ '/api/simLoginConfig': () => ({ ...LOGIN_CONFIG, placeholder: '输入卡背面的 13 位卡号' }) });
      renderRoute('/pages/iot/login/index');
      await screen.findByTestId('iot-login-simno');
      expect(placeholderOf()).toBe('输入卡背面的 13 位卡号');
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });

  it('names each field by its label and logs in from the keyboard (the form sent with Enter)', async () => {
    const api = mockApi({
      '/api/simLoginConfig': () => LOGIN_CONFIG,
      '/api/simLogin': (call) =>
        (call.body as { password?: string }).password
          ? { sessionId: 'u'.repeat(40), simNo: 'DDD777888', sourceType: 1, operatorType: 1, cardPasswordMode: 1 }
          : new Fail(41001, '请输入卡密码', { field: 'password', remainTimes: 5 }),
      '/api/iot/simInfo': () => simFixture({ simNo: 'DDD777888' }),
    });
    const { router } = renderRoute('/pages/iot/login/index');
    fireEvent.change(await screen.findByLabelText('卡号'), { target: { value: 'ddd777888' } });
    fireEvent.submit(screen.getByTestId('iot-login-form'));
    fireEvent.change(await screen.findByLabelText('卡密码'), { target: { value: '123456' } });
    fireEvent.submit(screen.getByTestId('iot-login-form'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
    expect(api.callsTo('/api/simLogin').map((call) => call.body)).toMatchObject([
      { simNo: 'DDD777888' },
      { simNo: 'DDD777888', password: '123456' },
    ]);
  });

  it('shows the lock time, validates the number, requires the agreement and lands on the IoT home', async () => {
    let locked = true;
    const api = mockApi({
      '/api/simLoginConfig': () => ({ ...LOGIN_CONFIG, needProtocol: 1 }),
      '/api/site/iotLoginProtocol': () => ({
        title: '物联卡服务协议',
        content: '<p>条款</p>',
        version: 'v3',
        updatedAt: '2026-01-01 00:00:00',
      }),
      '/api/simLogin': () =>
        locked
          ? new Fail(41001, '', { field: 'password', remainTimes: 0, lockedUntil: '2026-01-02 10:30:00' })
          : { sessionId: 't'.repeat(40), simNo: 'CCC555666', sourceType: 1, operatorType: 2, cardPasswordMode: 0 },
      '/api/iot/simInfo': () => simFixture({ simNo: 'CCC555666' }),
    });
    const { router } = renderRoute('/pages/iot/login/index');
    await screen.findByTestId('iot-login-agree');
    typeInto('iot-login-simno', ' ab12 ');
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await expectToast('请输入正确的卡号/ICCID/设备号');
    typeInto('iot-login-simno', 'ccc555666');
    expect(inputValue('iot-login-simno')).toBe('CCC555666');
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await expectToast('请先阅读并同意《物联卡服务协议》');
    expect(api.callsTo('/api/simLogin')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('iot-login-protocol-link'));
    await screen.findByTestId('iot-protocol-content');
    fireEvent.click(screen.getByTestId('iot-login-agree'));
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('iot-login-remain').textContent).toBe('密码错误次数过多，已锁定至 2026-01-02 10:30:00'),
    );
    locked = false;
    typeInto('iot-login-password', '654321');
    fireEvent.click(screen.getByTestId('iot-login-submit'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
    expect(api.callsTo('/api/simLogin')[1]?.body).toMatchObject({ agreeProtocol: 1, protocolVersion: 'v3' });
    await screen.findByTestId('iot-home');
  });
});

describe('IoT shell guard', () => {
  it.each(['/pages/iot/index/index', '/pages/iot/index/moreMenu/index', '/pages/iot/index/customer/index'])(
    '%s without a card → card login with the page as redirect',
    async (path) => {
      const api = mockApi({ '/api/simLoginConfig': () => LOGIN_CONFIG });
      const { router } = renderRoute(`${path}?x=1`);
      await waitFor(() =>
        expect(locationOf(router)).toBe(`/pages/iot/login/index?redirect=${encodeURIComponent(`${path}?x=1`)}`),
      );
      await screen.findByTestId('iot-login-page');
      expect(api.callsTo('/api/iot/simInfo')).toHaveLength(0);
    },
  );
});

describe('卡片首页', () => {
  it('renders a card: greeting, number, operator, tags, flow, money, notice and the simInfo cache', async () => {
    at(9, false);
    const sim = simFixture({
      arrearsBalance: '3.20',
      simLayout: layoutFixture({ notice: '系统维护通知', name: '好卡物联' }),
    });
    withCard(sim);
    // The dictionary loads once per app start; put the options in its store as loadDomain would.
    useDictionaryStore.getState().setOptions({
      sim_status: [{ label: '正常使用', value: '2', key: 'normal', listClass: 'success' }],
      auth_status: [{ label: '已实名', value: '1', key: 'done', listClass: 'primary' }],
    });
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    expect(screen.getByTestId('iot-greeting').textContent).toBe('早上好');
    expect(screen.getByTestId('iot-card-no').textContent).toBe(CARD);
    expect(screen.getByTestId('iot-operator').querySelector('img')?.getAttribute('src')).toMatch(
      /static\/operator\/1\.png$/,
    );
    // Known values read the catalogue, whatever label the dictionary gives them.
    await waitFor(() => expect(screen.getByTestId('iot-status-tag').textContent).toBe('正常'));
    expect(screen.getByTestId('iot-auth-tag').textContent).toBe('已实名');
    expect(screen.getByTestId('iot-flow-ring').dataset.percent).toBe('25');
    expect(screen.getByTestId('iot-flow-used').textContent).toBe('2.50GB/10.00GB');
    expect(screen.getByTestId('iot-flow-surplus').textContent).toBe('7.50GB');
    expect(screen.getByTestId('iot-end-at').textContent).toBe('2026-12-31');
    expect(screen.getByTestId('iot-surplus-time').textContent).toBe('20天');
    expect(screen.getByTestId('iot-balance').textContent).toBe('¥12.50');
    expect(screen.getByTestId('iot-arrears').textContent).toBe('欠费 ¥3.20');
    expect(screen.getByTestId('iot-integral').textContent).toBe('120');
    expect(screen.getByTestId('iot-coupon-coin').textContent).toBe('30');
    expect(screen.getByTestId('iot-notice').textContent).toContain('系统维护通知');
    expect(screen.queryByTestId('iot-lamp')).toBeNull();
    // Arrears on a running card: the card state says so, with 一键缴费.
    expect(screen.getByTestId('iot-card-state').dataset.condition).toBe('arrears');
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toContain('好卡物联'));
    expect(useIotStore.getState().simInfo?.simNo).toBe(CARD);
  });

  it('reads a remaining time in months as 6个月 (one set of duration keys)', async () => {
    const sim = simFixture({ surplusTime: 6, surplusUnit: 2 });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    expect(screen.getByTestId('iot-surplus-time').textContent).toBe('6个月');
  });

  it('in English: card tags, remaining time, default menu and tab names from the catalogue; the shop’s own names kept', async () => {
    await setLocale('en');
    const sim = simFixture({
      surplusTime: 6,
      surplusUnit: 2,
      simLayout: layoutFixture({
        menus: [
          menuFixture(1, { key: 'package', name: '套餐订购' }),
          menuFixture(2, { key: 'balance', name: '充值有礼' }),
          menuFixture(3, { key: 'myOwnPage', name: '门店地图' }),
        ],
        tabBar: {
          switch: 1,
          middleBulge: 0,
          items: [
            { text: '首页', icon: '', selectedIcon: '', path: '/pages/iot/index/index', switch: 1 },
            { text: '任务', icon: '', selectedIcon: '', path: '/pages-sub/iot/task/index', switch: 1 },
            { text: '福利社', icon: '', selectedIcon: '', path: '/pages-sub/iot/user/index', switch: 1 },
          ],
        },
      }),
    });
    withCard(sim);
    useDictionaryStore.getState().setOptions({
      sim_status: [{ label: '正常', value: '2', key: 'normal', listClass: 'success' }],
      auth_status: [{ label: '已实名', value: '1', key: 'done', listClass: 'success' }],
    });
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    expect(screen.getByTestId('iot-status-tag').textContent).toBe('Active');
    expect(screen.getByTestId('iot-auth-tag').textContent).toBe('Verified');
    expect(screen.getByTestId('iot-surplus-time').textContent).toBe('6 months');
    expect(screen.getAllByTestId('iot-menu-item').map((e) => e.textContent)).toEqual([
      'Buy a plan',
      '充值有礼',
      '门店地图',
    ]);
    expect(screen.getAllByTestId('iot-tab').map((e) => e.textContent)).toEqual(['Home', 'Tasks', '福利社']);
    // The layout gives these tabs no pictures: none is drawn (an empty src is no picture).
    expect(screen.getByTestId('iot-tab-bar').querySelectorAll('img')).toHaveLength(0);
    expect(screen.getByTestId('iot-tab-bar').querySelectorAll('.tab-icon')).toHaveLength(3);
  });

  it('renders a device: deviceNo shown and operator image 99; unlimited flow and the lifetime label', async () => {
    at(21, false);
    const sim = simFixture({
      sourceType: 2,
      deviceNo: 'DEV20260001',
      operatorType: 3,
      isInfiniteFlow: 1,
      useFlow: 512,
      surplusTime: 30,
      surplusUnit: 3,
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    expect(screen.getByTestId('iot-greeting').textContent).toBe('晚上好');
    expect(screen.getByTestId('iot-card-no').textContent).toBe('DEV20260001');
    const operator = screen.getByTestId('iot-operator');
    expect(operator.dataset.operator).toBe('99');
    expect(operator.querySelector('img')?.getAttribute('src')).toMatch(/static\/operator\/99\.png$/);
    expect(screen.getByTestId('iot-flow-used').textContent).toBe('512MB');
    expect(screen.getByTestId('iot-flow-surplus').textContent).toBe('无限流量');
    expect(screen.getByTestId('iot-lifetime-tag').textContent).toBe('终身');
    expect(screen.getByTestId('iot-surplus-time').textContent).toContain('长期有效');
    expect(screen.queryByTestId('iot-arrears')).toBeNull();
  });

  it.each([
    [7, '早上好'],
    [12, '中午好'],
    [15, '下午好'],
    [21, '晚上好'],
    [23, '夜深了'],
    [3, '晚上好'],
  ])('greets at %s:00 with %s', async (hour, text) => {
    at(hour, false);
    withCard();
    mockApi({ '/api/iot/simInfo': () => simFixture() });
    renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(screen.getByTestId('iot-greeting').textContent).toBe(text));
  });

  it('shows maxMenuTimes menus then 更多 → 更多服务 grouped; http menus open the web view; the tab bar', async () => {
    const menus = [
      ...Array.from({ length: 5 }, (_, i) => menuFixture(i + 1, { group: '卡务' })),
      ...Array.from({ length: 3 }, (_, i) => menuFixture(i + 6, { group: '权益' })),
      menuFixture(9, { name: '在线帮助', path: 'https://help.example.com/faq' }),
      menuFixture(10, { switch: 0, name: '已关闭' }),
    ];
    const sim = simFixture({
      simLayout: layoutFixture({
        menus,
        maxMenuTimes: 4,
        tabBar: {
          switch: 1,
          middleBulge: 1,
          items: [
            { text: '首页', icon: '/t/h.png', selectedIcon: '/t/h1.png', path: '/pages/iot/index/index', switch: 1 },
            { text: '隐藏', icon: '/t/x.png', selectedIcon: '', path: '/pages/x', switch: 0 },
            { text: '服务', icon: '/t/s.png', selectedIcon: '', path: '/pages/iot/index/moreMenu/index', switch: 1 },
            { text: '客服', icon: '/t/c.png', selectedIcon: '', path: '/pages/iot/index/customer/index', switch: 1 },
          ],
        },
      }),
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-menu-grid');
    expect(screen.getAllByTestId('iot-menu-item').map((m) => m.textContent)).toEqual([
      '服务1',
      '服务2',
      '服务3',
      '服务4',
    ]);
    expect(screen.getByTestId('iot-menu-more').textContent).toBe('更多');
    expect(screen.getAllByTestId('iot-tab').map((t) => t.textContent)).toEqual(['首页', '服务', '客服']);
    expect(screen.getByTestId('iot-tab-bar').querySelectorAll('[data-bulge="1"]')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('iot-menu-more'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/moreMenu/index'));
    await screen.findByTestId('iot-more-menu');
    const groups = screen.getAllByTestId('iot-menu-group');
    expect(groups.map((g) => g.querySelector('h3')?.textContent)).toEqual(['卡务', '权益', '常用']);
    expect(groups[0]?.querySelectorAll('[data-testid="iot-menu-item"]')).toHaveLength(5);
    expect(bodyText()).not.toContain('已关闭');
    fireEvent.click(screen.getByText('在线帮助'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/webview/index?url=${encodeURIComponent('https://help.example.com/faq')}&title=${encodeURIComponent('在线帮助')}`,
      ),
    );
  });

  it('更多服务 without menus shows 暂无更多服务', async () => {
    const sim = simFixture({ simLayout: layoutFixture({ menus: [menuFixture(1, { switch: 0 })] }) });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/moreMenu/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无更多服务');
  });

  it('shows the layout popup at most once a day per card; 今日不再提示 hides it until tomorrow', async () => {
    const sim = simFixture({
      simLayout: layoutFixture({ popup: { switch: 1, title: '新年活动', content: '充值送流量' } }),
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const first = renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')?.textContent).toBe('充值送流量'));
    expect(bodyText()).toContain('新年活动');
    expect(dialogButtons()).toEqual(['今日不再提示', '我知道了']);
    fireEvent.click(screen.getByText('今日不再提示'));
    const today = `2026-01-${String(day).padStart(2, '0')}`;
    expect(useIotStore.getState().iotIndexPopupPrevent).toEqual({ [CARD]: today });
    // The answered dialog leaves after its close animation; a popup seen below is then a new one.
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull());
    first.unmount();

    resetPopupSession();
    const again = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    await settle(150);
    expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull();
    again.unmount();

    at(9);
    resetPopupSession();
    renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).not.toBeNull());
  });

  it('closes a popup left unanswered when the holder leaves the home, and asks it again on return', async () => {
    const sim = simFixture({
      simLayout: layoutFixture({ popup: { switch: 1, title: '新年活动', content: '充值送流量' } }),
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim, '/api/simLoginConfig': () => LOGIN_CONFIG });
    const { router } = renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).not.toBeNull());

    // Leaving without answering (a link, the back button): the popup does not cover the next page.
    await router.navigate('/pages/iot/index/moreMenu/index');
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull());
    await settle(400);
    expect(document.querySelector('.adm-dialog-body')).toBeNull();

    await router.navigate('/pages/iot/index/index');
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).not.toBeNull());
    // Answered, it stays answered for this visit to the app.
    fireEvent.click(screen.getByText('我知道了'));
    await waitFor(() => expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull());
    await router.navigate('/pages/iot/index/moreMenu/index');
    await router.navigate('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    await settle(150);
    expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull();
  });

  it('asks the first needed blocking prompt (bindPhone before realname, coupon, package) and 去处理 goes there', async () => {
    const sim = simFixture({
      bindPhoneMode: 2,
      mobile: '',
      needAuth: 1,
      needBuyCoupon: 1,
      needBuyPackage: 1,
      simLayout: layoutFixture({ popup: { switch: 1, title: '公告', content: '不应与提示同时出现' } }),
    });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute('/pages/iot/index/index');
    await waitFor(() =>
      expect(document.querySelector('[data-testid="iot-prompt"]')?.getAttribute('data-prompt')).toBe('bindPhone'),
    );
    expect(bodyText()).toContain('请先绑定手机号');
    expect(document.querySelector('[data-testid="iot-popup"]')).toBeNull();
    fireEvent.click(screen.getByText('去处理'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/bindPhone/index'));
  });

  it.each([
    [{ needAuth: 1, authStatus: 0, needBuyCoupon: 1 }, 'realname', '/pages/iot/index/realnameAuth/index'],
    [{ needBuyCoupon: 1, needBuyPackage: 1 }, 'couponChoose', '/pages/iot/index/couponChoose/index'],
    [{ needBuyPackage: 1 }, 'buyPackage', '/pages/iot/index/package/index'],
  ] as const)('prompt %o → %s', async (patch, prompt, path) => {
    const sim = simFixture(patch);
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    const { router } = renderRoute('/pages/iot/index/index');
    await waitFor(() =>
      expect(document.querySelector('[data-testid="iot-prompt"]')?.getAttribute('data-prompt')).toBe(prompt),
    );
    fireEvent.click(screen.getByText('去处理'));
    await waitFor(() => expect(locationOf(router)).toBe(path));
  });

  it('refreshes with force 1, throttled, and toasts 数据同步中 when the answer says so', async () => {
    const sim = simFixture();
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRefresh': () => ({ ...sim, balance: '99.00' }),
    });
    const view = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-refresh');
    fireEvent.click(screen.getByTestId('iot-refresh'));
    fireEvent.click(screen.getByTestId('iot-refresh'));
    await waitFor(() => expect(screen.getByTestId('iot-balance').textContent).toBe('¥99.00'));
    expect(api.callsTo('/api/iot/simRefresh')).toEqual([
      { path: '/api/iot/simRefresh', query: {}, body: { force: 1 } },
    ]);
    await expectToast('已刷新');
    view.unmount();

    vi.setSystemTime(Date.now() + 5000);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (path === '/api/iot/simRefresh') {
          return new Response(JSON.stringify({ code: 0, message: '数据同步中', reason: 'dataSyncing', data: sim }));
        }
        if (path === '/api/iot/simInfo') return new Response(JSON.stringify({ code: 0, message: 'ok', data: sim }));
        if (path === '/api/hk/baseConfig') return new Response(JSON.stringify({ code: 0, data: baseConfigFixture() }));
        return new Response(JSON.stringify({ code: 0, data: {} }));
      }),
    );
    renderRoute('/pages/iot/index/index');
    fireEvent.click(await screen.findByTestId('iot-refresh'));
    await expectToast('数据同步中');
  });

  it('shows when the card was last synced and how long ago (issue 18: the last known state and its age)', async () => {
    // Two hours before now, as the API writes times (Asia/Shanghai, UTC+8).
    const synced = new Date(Date.now() - 2 * 3600_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const sim = simFixture({ lastRobinAt: synced });
    withCard(sim);
    mockApi({ '/api/iot/simInfo': () => sim });
    renderRoute('/pages/iot/index/index');
    expect((await screen.findByTestId('iot-synced-at')).textContent).toBe(`更新于 ${synced}（2小时前）`);
  });

  it('shows the violation as the card state and lifts it with 解除限制', async () => {
    const sim = simFixture({ breakRuleId: 7, breakTips: '检测到违规使用，已限制上网', allowRemoveBreak: 1 });
    withCard(sim);
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simRemoveBreak': () => ({ ...sim, breakRuleId: 0 }),
    });
    renderRoute('/pages/iot/index/index');
    expect((await screen.findByTestId('iot-card-state')).textContent).toContain('检测到违规使用，已限制上网');
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(screen.queryByTestId('iot-card-state')).toBeNull());
    expect(api.callsTo('/api/iot/simRemoveBreak')[0]?.body).toEqual({ breakRuleId: 7 });
  });

  it('切换 sets the card and reloads its info', async () => {
    const other = simFixture({ simNo: 'OTHER00001', iccid: 'OTHER00001', balance: '1.00' });
    withCard(simFixture(), [CARD, 'OTHER00001']);
    const api = mockApi({
      '/api/iot/simInfo': () => (useIotStore.getState().simNo === 'OTHER00001' ? other : simFixture()),
    });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    fireEvent.click(screen.getByTestId('iot-switch'));
    const sheet = await waitFor(() => {
      const el = document.querySelector('.adm-action-sheet');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(sheet.textContent).toContain('当前');
    vi.setSystemTime(Date.now() + 2000);
    fireEvent.click(screen.getByText('OTHER00001'));
    await waitFor(() => expect(screen.getByTestId('iot-card-no').textContent).toBe('OTHER00001'));
    expect(useIotStore.getState().simNo).toBe('OTHER00001');
    expect(screen.getByTestId('iot-balance').textContent).toBe('¥1.00');
    expect(api.callsTo('/api/iot/simInfo').length).toBeGreaterThanOrEqual(2);
  });

  it('a 34061 goes to the card login, prefilled with the card', async () => {
    withCard();
    mockApi({
      '/api/iot/simInfo': () => new Fail(34061, ''),
      '/api/simLoginConfig': () => LOGIN_CONFIG,
    });
    const { router } = renderRoute('/pages/iot/index/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/iot/login/index'));
    await screen.findByTestId('iot-login-simno');
    expect(inputValue('iot-login-simno')).toBe(CARD);
  });

  it('a failed load shows 卡片信息获取失败 with retry', async () => {
    withCard();
    let fail = true;
    mockApi({ '/api/iot/simInfo': () => (fail ? new Fail(-1, '系统繁忙') : simFixture()) });
    renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-home-error');
    expect(bodyText()).toContain('卡片信息获取失败');
    fail = false;
    vi.setSystemTime(Date.now() + 2000);
    fireEvent.click(screen.getByTestId('iot-home-retry'));
    await screen.findByTestId('iot-head');
  });

  it('退出 clears the card and its info, keeps the recent cards and goes to the card login', async () => {
    withCard(simFixture(), [CARD, 'OTHER00001']);
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/simLoginConfig': () => LOGIN_CONFIG,
      '/api/iot/simLogout': () => null,
    });
    const { router } = renderRoute('/pages/iot/index/index');
    await screen.findByTestId('iot-head');
    expect(useIotStore.getState().simInfo).not.toBeNull();
    fireEvent.click(screen.getByTestId('iot-logout'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/login/index'));
    // The server is told first, while the request still names the card.
    const logout = api.calls.find((c) => c.path === '/api/iot/simLogout');
    expect(logout?.headers['sim-no']).toBe(CARD);
    const state = useIotStore.getState();
    expect(state.simNo).toBe('');
    expect(state.simInfo).toBeNull();
    expect(state.loginSns).toEqual([CARD, 'OTHER00001']);
    await screen.findByTestId('iot-login-simno');
    expect(inputValue('iot-login-simno')).toBe('');
  });
});

describe('IoT 客服', () => {
  it('falls back to the front kefuUrl, lists hot questions (scope iot) and copies the card number', async () => {
    withCard();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/hk/baseConfig': () => baseConfigFixture({ kefuUrl: 'https://kefu.example.com', kefuMobile: '4001234567' }),
      '/api/shop/customer/hotQuestionList': () => [{ id: 3, title: '如何实名认证？' }],
    });
    const { router } = renderRoute('/pages/iot/index/customer/index');
    await screen.findByTestId('iot-hot-question');
    expect(api.callsTo('/api/shop/customer/hotQuestionList')[0]?.query).toEqual({ scope: 'iot' });
    expect(screen.getByTestId('iot-customer-phone').getAttribute('href')).toBe('tel:4001234567');
    fireEvent.click(screen.getByTestId('iot-customer-copy'));
    await expectToast('复制成功');
    expect(writeText).toHaveBeenCalledWith(CARD);
    fireEvent.click(screen.getByTestId('iot-customer-online'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/webview/index'));
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://kefu.example.com');
  });

  it('prefers simLayout.kefuUrl; no questions → 暂无热门问题', async () => {
    const sim = simFixture({ simLayout: layoutFixture({ kefuUrl: 'https://iot-kefu.example.com' }) });
    withCard(sim);
    mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/hk/baseConfig': () => baseConfigFixture({ kefuUrl: 'https://kefu.example.com' }),
      '/api/shop/customer/hotQuestionList': () => [],
    });
    const { router } = renderRoute('/pages/iot/index/customer/index');
    await screen.findByTestId('iot-hot-empty');
    expect(bodyText()).toContain('暂无热门问题');
    fireEvent.click(screen.getByTestId('iot-customer-online'));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://iot-kefu.example.com'),
    );
  });
});
