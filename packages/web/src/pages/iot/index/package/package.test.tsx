/**
 * 套餐订购, 套餐订单, 生效方式说明 and 选择优惠券 (SCREENS §3 package/*, §5.3), rendered in the real app with
 * the API mocked: what the card holder sees, each state, each request body, each handled error code and
 * where each action goes. The shared IoT cashier belongs to another screen and is stubbed here.
 */
import type { Coupon, PackageOption } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { packageDetailsFixture } from '../../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { browser } from '../../../../features/order/browser';
import { setLocale } from '../../../../i18n';
import i18next from '../../../../i18n/translator';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, expectToast, settle } from '../../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute, SIM_LOGIN_CONFIG } from '../../../../test/render-route';

vi.mock('../../../../features/iot-buy/components/iot-cashier', () => ({
  IotCashier: (props: { orderSn: string; fromPay: boolean; successPath?: string }) => (
    <div
      data-testid="iot-cashier-stub"
      data-order-sn={props.orderSn}
      data-from-pay={String(props.fromPay)}
      data-success-path={props.successPath}
    />
  ),
}));

const CARD = '89860012345678901234';
let day = 0;

beforeEach(() => {
  // Each test on its own day, so the 1000 ms simInfo throttle never carries over.
  day += 1;
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2026, 2, day, 10, 0, 0));
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

function pkg(patch: Partial<PackageOption> = {}): PackageOption {
  return {
    id: 3,
    name: '月享100G',
    packageType: 1,
    flow: 102400,
    isInfiniteFlow: 0,
    duration: 30,
    durationUnit: 1,
    price: '29.90',
    originalPrice: '39.90',
    tags: ['热销'],
    effectTypes: [1, 2, 3],
    stock: null,
    limitTimes: null,
    boughtTimes: 0,
    remark: '',
    ...patch,
  };
}

function coupon(patch: Partial<Coupon> = {}): Coupon {
  return {
    id: 11,
    name: '套餐立减券',
    type: 1,
    amount: '5.00',
    discount: null,
    threshold: '20.00',
    scope: 'package',
    packageIds: [3],
    status: 1,
    startAt: '2026-01-01 00:00:00',
    endAt: '2026-06-30 23:59:59',
    usable: true,
    ...patch,
  };
}

const type = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByTestId(`pay-kb-key-${d}`));
};

describe('套餐订购', () => {
  it('words the lamp in the active language, the package’s name kept as the shop wrote it', async () => {
    await setLocale('en');
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/packageChoose': () => ({
        lamps: ['138****1234 刚刚订购了 月享100G', '139****5678 2天前订购了 畅享无限'],
        lampBuys: [
          { buyer: '138****1234', packageName: '月享100G', minutesAgo: 2 },
          { buyer: '139****5678', packageName: '畅享无限', minutesAgo: 3000 },
        ],
        needAuth: 0,
        list: [pkg()],
      }),
    });
    renderRoute('/pages/iot/index/package/index');
    const lamp = await screen.findByTestId('pkg-lamp');
    expect(lamp.textContent).toBe('138****1234 bought 月享100G just now139****5678 bought 畅享无限 2 days ago');
    expect(Array.from(lamp.querySelectorAll('[data-shop-content]')).map((e) => e.textContent)).toEqual([
      '月享100G',
      '畅享无限',
    ]);
  });

  it('shows the cards by type, lamps, the real-name banner, and opens 套餐订单', async () => {
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/packageChoose': () => ({
        lamps: ['138****1234 刚刚订购了 月享100G', '139****5678 3小时前订购了 畅享无限'],
        lampBuys: [
          { buyer: '138****1234', packageName: '月享100G', minutesAgo: 2 },
          { buyer: '139****5678', packageName: '畅享无限', minutesAgo: 200 },
        ],
        needAuth: 1,
        list: [
          pkg({ limitTimes: 3, boughtTimes: 1 }),
          pkg({
            id: 4,
            name: '畅享无限',
            isInfiniteFlow: 1,
            duration: 20,
            durationUnit: 3,
            price: '399.00',
            originalPrice: '399.00',
            tags: [],
          }),
          pkg({ id: 5, name: '季度卡', duration: 3, durationUnit: 2, stock: 0, tags: [] }),
          pkg({ id: 6, name: '加油包10G', packageType: 2, flow: 10240, price: '9.90', originalPrice: '9.90' }),
        ],
      }),
    });
    const { router } = renderRoute('/pages/iot/index/package/index');
    expect(screen.getByTestId('page-title').textContent).toContain('套餐订购');
    await screen.findByTestId('pkg-cards');
    expect(api.callsTo('/api/iot/packageChoose')[0]?.query).toEqual({});
    expect(screen.getByTestId('pkg-lamp').textContent).toContain('138****1234 刚刚订购了 月享100G');
    expect(screen.getByTestId('pkg-lamp').textContent).toContain('139****5678 3小时前订购了 畅享无限');
    expect(screen.getByTestId('pkg-auth-banner').textContent).toBe('请先完成实名认证');
    // No 按量 package: only two tabs.
    expect(screen.getByTestId('pkg-tab-1').textContent).toBe('基础套餐');
    expect(screen.getByTestId('pkg-tab-2').textContent).toBe('加油包');
    expect(screen.queryByTestId('pkg-tab-3')).toBeNull();

    const cards = screen.getAllByTestId('pkg-card');
    expect(cards.map((c) => within(c).getByTestId('pkg-name').textContent)).toEqual(['月享100G', '畅享无限', '季度卡']);
    const [first, lifetime, soldOut] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('pkg-flow').textContent).toBe('100.00GB');
    expect(within(first).getByTestId('pkg-duration').textContent).toBe('30天');
    expect(within(first).getByTestId('pkg-price').textContent).toBe('¥29.90');
    expect(within(first).getByTestId('pkg-original-price').textContent).toBe('原价¥39.90');
    expect(within(first).getByTestId('pkg-tag').textContent).toBe('热销');
    expect(within(first).getByTestId('pkg-limit').textContent).toBe('限购3次 · 已购1次');
    expect(within(lifetime).getByTestId('pkg-flow').textContent).toBe('无限');
    expect(within(lifetime).getByTestId('pkg-lifetime').textContent).toBe('终身');
    expect(within(lifetime).getByTestId('pkg-duration').textContent).toContain('长期有效');
    expect(within(lifetime).queryByTestId('pkg-original-price')).toBeNull();
    expect(within(soldOut).getByTestId('pkg-duration').textContent).toBe('3个月');
    expect(within(soldOut).getByTestId('pkg-sold-out').textContent).toBe('已售罄');

    // A sold-out card says so and stays here.
    fireEvent.click(soldOut);
    await expectToast('该套餐已售罄');
    expect(locationOf(router)).toBe('/pages/iot/index/package/index');

    fireEvent.click(screen.getByTestId('pkg-tab-2'));
    await waitFor(() => expect(screen.getAllByTestId('pkg-name').map((n) => n.textContent)).toEqual(['加油包10G']));
    expect(screen.getByTestId('pkg-flow').textContent).toBe('10.00GB');

    fireEvent.click(screen.getByTestId('pkg-card'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/details/index?packageId=6'));
  });

  it('shows the 按量 tab only when the list has one, and the banner button goes to 实名认证', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/packageChoose': () => ({
        lamps: [],
        lampBuys: [],
        needAuth: 1,
        list: [pkg({ id: 7, name: '按量计费', packageType: 3, flow: 0, gPrice: '3.00' })],
      }),
    });
    const { router } = renderRoute('/pages/iot/index/package/index?packageType=3');
    await screen.findByTestId('pkg-cards');
    expect(screen.getByTestId('pkg-tab-3').textContent).toBe('按量');
    expect(screen.getByTestId('pkg-flow').textContent).toBe('¥3.00/GB');
    expect(screen.queryByTestId('pkg-lamp')).toBeNull();
    fireEvent.click(screen.getByTestId('pkg-auth-go'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/realnameAuth/index'));
  });

  it('empty: 暂无可订购套餐，请联系客服 with 联系客服; no banner without needAuth', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/packageChoose': () => ({ lamps: [], lampBuys: [], needAuth: 0, list: [] }),
    });
    const { router } = renderRoute('/pages/iot/index/package/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无可订购套餐，请联系客服');
    expect(screen.queryByTestId('pkg-auth-banner')).toBeNull();
    fireEvent.click(screen.getByTestId('pkg-contact'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/customer/index'));
  });

  it('loading then a load error with 重新加载', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/packageChoose': () =>
        fail ? new Fail(-1, '套餐加载失败') : { lamps: [], lampBuys: [], needAuth: 0, list: [pkg()] },
    });
    renderRoute('/pages/iot/index/package/index');
    expect(await screen.findByTestId('page-loading-state')).toBeTruthy();
    await screen.findByTestId('page-error-state');
    expect(bodyText()).toContain('套餐加载失败');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('pkg-cards');
    expect(api.callsTo('/api/iot/packageChoose')).toHaveLength(2);
  });

  it('without a card goes to the card login', async () => {
    useIotStore.setState({ simNo: '' });
    mockApi({ '/api/simLoginConfig': () => SIM_LOGIN_CONFIG });
    const { router } = renderRoute('/pages/iot/index/package/index');
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        `/pages/iot/login/index?redirect=${encodeURIComponent('/pages/iot/index/package/index')}`,
      ),
    );
  });
});

describe('套餐订单', () => {
  const DETAILS = '/pages/iot/index/package/details/index?packageId=3';

  function details(patch: Parameters<typeof packageDetailsFixture>[0] = {}) {
    return packageDetailsFixture({
      package: pkg(),
      coupons: [
        coupon(),
        coupon({ id: 12, name: '九五折券', type: 2, amount: '0.00', discount: 9.5, threshold: '0.00' }),
        coupon({ id: 13, name: '满100减20', amount: '20.00', threshold: '100.00', usable: false, reason: '未达门槛' }),
      ],
      bestCouponId: 11,
      balance: '25.00',
      ...patch,
    });
  }

  it('shows the package, preselects the best coupon, recomputes 应付 and pays online with the launch', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    vi.spyOn(browser, 'currentUrl').mockReturnValue(
      'http://shop.test/shop/#/pages/iot/index/package/details/index?packageId=3',
    );
    const api = mockApi({
      '/api/iot/packageDetails': () => details({ currentEndAt: '2026-04-30 23:59:59', defaultEffectType: 1 }),
      '/api/iot/buyPackage': () => ({
        orderSn: 'PK20260301100000123456',
        payAmount: '29.90',
        payType: 'wxpay',
        payStatus: 1,
        paid: false,
        expireAt: '2026-03-01 10:15:00',
        payUrl: 'https://pay.example.com/cashier?sn=PK1',
        packageOrder: { orderSn: 'PK20260301100000123456', status: 0, startAt: null, endAt: null },
      }),
    });
    renderRoute(DETAILS);
    expect(screen.getByTestId('page-title').textContent).toContain('套餐订单');
    await screen.findByTestId('details-form');
    expect(api.callsTo('/api/iot/packageDetails')[0]?.query).toEqual({ packageId: '3' });
    expect(screen.getByTestId('pkg-name').textContent).toBe('月享100G');
    expect(screen.getByTestId('details-effect').textContent).toBe('立即生效');
    expect(screen.getByTestId('details-coupon').textContent).toBe('-¥5.00');
    expect(screen.getByTestId('details-payable').textContent).toBe('¥24.90');
    // 25.00 covers 24.90: the balance is chosen.
    expect(screen.getByTestId('details-balance').textContent).toBe('可用余额 ¥25.00');
    expect(screen.getByTestId('details-pay-balance').querySelector('input')?.checked).toBe(true);

    // 生效方式: only the package's types; 到期续接 names the current end date.
    fireEvent.click(screen.getByTestId('details-effect-row'));
    await screen.findByTestId('effect-options');
    expect(screen.getByTestId('effect-desc-1').textContent).toBe(
      '支付成功后立即生效，与当前套餐同时有效，流量合并使用',
    );
    expect(screen.getByTestId('effect-desc-2').textContent).toBe('下月1日0点生效');
    expect(screen.getByTestId('effect-desc-3').textContent).toBe('当前套餐到期后生效（2026-04-30 到期）');
    fireEvent.click(screen.getByText('到期续接'));
    fireEvent.click(screen.getByTestId('effect-confirm'));
    await waitFor(() => expect(screen.getByTestId('details-effect').textContent).toBe('到期续接'));

    // 优惠券: the discount coupon, then none.
    fireEvent.click(screen.getByTestId('details-coupon-row'));
    await screen.findByTestId('coupon-popup');
    const items = screen.getAllByTestId('coupon-item');
    // The unusable one is collapsed.
    expect(items.map((i) => i.dataset.couponId)).toEqual(['11', '12']);
    expect(items[0]?.dataset.selected).toBe('1');
    expect(within(items[0] as HTMLElement).getByTestId('coupon-threshold').textContent).toBe('满20.00可用');
    expect(within(items[1] as HTMLElement).getByTestId('coupon-value').textContent).toBe('9.5折');
    expect(within(items[1] as HTMLElement).getByTestId('coupon-threshold').textContent).toBe('无门槛');
    expect(within(items[0] as HTMLElement).getByTestId('coupon-validity').textContent).toBe('2026-01-01 至 2026-06-30');
    expect(screen.getByTestId('coupon-unusable-title').textContent).toBe('不可用优惠券（1）');
    fireEvent.click(items[1] as HTMLElement);
    // 9.5 折 of 29.90 pays 28.40 (floor of 2840.5 fen); 1.50 off.
    await waitFor(() => expect(screen.getByTestId('details-coupon').textContent).toBe('-¥1.50'));
    expect(screen.getByTestId('details-payable').textContent).toBe('¥28.40');
    // 25.00 no longer covers it: balance disabled with 余额不足, nothing chosen.
    expect(screen.getByTestId('details-balance-short').textContent).toContain('余额不足');
    fireEvent.click(screen.getByTestId('details-submit'));
    await expectToast('请选择支付方式');
    expect(api.callsTo('/api/iot/buyPackage')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('details-coupon-row'));
    await screen.findByTestId('coupon-none');
    fireEvent.click(screen.getByTestId('coupon-none'));
    await waitFor(() => expect(screen.getByTestId('details-coupon').textContent).toBe('不使用'));
    expect(screen.getByTestId('details-payable').textContent).toBe('¥29.90');

    fireEvent.click(screen.getByText('微信支付'));
    fireEvent.click(screen.getByTestId('details-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/cashier?sn=PK1'));
    const body = api.callsTo('/api/iot/buyPackage')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      packageId: 3,
      effectType: 3,
      payType: 'wxpay',
      returnUrl: 'http://shop.test/shop/#/pages/iot/index/package/details/index?packageId=3',
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('balance without a pay password: 请先设置支付密码 → 支付密码 with ?redirect= this page', async () => {
    const api = mockApi({ '/api/iot/packageDetails': () => details({ existPayPassword: 0 }) });
    const { router } = renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await waitFor(() => expect(bodyText()).toContain('请先设置支付密码'));
    expect(dialogButtons()).toEqual(['取消', '去设置']);
    fireEvent.click(screen.getByText('去设置'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(DETAILS)}`),
    );
    expect(api.callsTo('/api/iot/buyPackage')).toHaveLength(0);
  });

  it('balance: keyboard with the amount; 41001 shakes and tells the tries; same password same uuid; then 订购成功', async () => {
    let answer: 'wrong' | 'ok' = 'wrong';
    const api = mockApi({
      '/api/iot/packageDetails': () => details(),
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/buyPackage': () =>
        answer === 'wrong'
          ? new Fail(41001, '支付密码错误', { field: 'payPassword', remainTimes: 3 })
          : {
              orderSn: 'PK20260301100000654321',
              payAmount: '24.90',
              payType: 'balance',
              payStatus: 2,
              paid: true,
              expireAt: null,
              packageOrder: {
                orderSn: 'PK20260301100000654321',
                status: 2,
                startAt: '2026-03-01 10:00:00',
                endAt: '2026-03-31 10:00:00',
              },
            },
    });
    const toast = vi.spyOn(Toast, 'show');
    const { router } = renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await screen.findByTestId('pay-keyboard');
    expect(screen.getByTestId('pay-kb-title').textContent).toBe('请输入支付密码');
    expect(screen.getByTestId('pay-kb-amount').textContent).toBe('¥24.90');

    type('111111');
    await waitFor(() => expect(screen.getByTestId('pay-kb-error').textContent).toBe('支付密码错误，还可尝试3次'));
    expect(screen.getByTestId('pay-keyboard').dataset.length).toBe('0');
    expect(screen.getByTestId('pay-kb-boxes').dataset.shake).toBe('1');
    expect(bodyText()).not.toContain('操作失败');

    type('111111');
    await waitFor(() => expect(api.callsTo('/api/iot/buyPackage')).toHaveLength(2));
    const [a, b] = api.callsTo('/api/iot/buyPackage').map((c) => c.body as Record<string, unknown>);
    expect(a?.uuid).toBe(b?.uuid);

    answer = 'ok';
    await waitFor(() => expect(screen.getByTestId('pay-keyboard').dataset.length).toBe('0'));
    type('246810');
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/packageInfo/index'));
    // Told before leaving (the next page's own loading may replace the toast later).
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: '订购成功', icon: 'success' }));
    const last = api.callsTo('/api/iot/buyPackage')[2]?.body as Record<string, unknown>;
    expect(last).toEqual({
      packageId: 3,
      effectType: 1,
      couponId: 11,
      payType: 'balance',
      payPassword: '246810',
      uuid: expect.any(String),
    });
    expect(last.uuid).not.toBe(a?.uuid);
  });

  it('balance: a locked password says so, blocks the pad and 忘记密码 goes to 身份验证 with ?redirect=', async () => {
    mockApi({
      '/api/iot/packageDetails': () => details(),
      '/api/iot/buyPackage': () =>
        new Fail(41001, '', { field: 'payPassword', remainTimes: 0, lockedUntil: '2026-03-02 10:00:00' }),
    });
    const { router } = renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await screen.findByTestId('pay-keyboard');
    type('135790');
    await waitFor(() =>
      expect(screen.getByTestId('pay-kb-error').textContent).toBe(
        '支付密码已锁定 24 小时，2026-03-02 10:00:00 后可重试',
      ),
    );
    expect((screen.getByTestId('pay-kb-key-1') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pay-kb-forgot'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(`/pages/iot/index/payPassword/validate?redirect=${encodeURIComponent(DETAILS)}`),
    );
  });

  it.each([
    ['realname', '请先完成实名认证', '/pages/iot/index/realnameAuth/index'],
    ['couponChoose', '请先参与充值活动', '/pages/iot/index/couponChoose/index'],
    ['bindPhone', '请先绑定手机号', '/pages/iot/index/bindPhone/index'],
    ['payPassword', '请先设置支付密码', `/pages/iot/index/payPassword/index?redirect=${encodeURIComponent(DETAILS)}`],
  ])('41002 %s: shows the message and goes there', async (action, message, target) => {
    const toast = vi.spyOn(Toast, 'show');
    mockApi({
      '/api/iot/packageDetails': () => details({ payTypes: ['wxpay'] }),
      '/api/iot/buyPackage': () => new Fail(41002, message, { action, message }),
    });
    const { router } = renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await waitFor(() => expect(locationOf(router)).toBe(target));
    // Told before leaving (the next page's own loading may replace the toast later).
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: message }));
  });

  it('30001 shows the sold-out dialog and reloads the package; 30003 the 温馨提示 dialog', async () => {
    let code = 30001;
    const api = mockApi({
      '/api/iot/packageDetails': () => details({ payTypes: ['alipay'] }),
      '/api/iot/buyPackage': () => new Fail(code, code === 30003 ? '运营商暂停受理，请稍后再试' : ''),
    });
    renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await waitFor(() => expect(bodyText()).toContain('哎呀！客官来晚了，该商品卖光啦！'));
    await waitFor(() => expect(api.callsTo('/api/iot/packageDetails')).toHaveLength(2));
    Dialog.clear();
    await settle(350);

    code = 30003;
    fireEvent.click(screen.getByTestId('details-submit'));
    await waitFor(() => expect(bodyText()).toContain('运营商暂停受理，请稍后再试'));
    expect(bodyText()).toContain('温馨提示');
  });

  it('-1 (余额不足) toasts the message and reloads the balance', async () => {
    let balance = '25.00';
    const api = mockApi({
      '/api/iot/packageDetails': () => details({ balance }),
      '/api/iot/buyPackage': () => {
        balance = '1.00';
        return new Fail(-1, '余额不足');
      },
    });
    renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    fireEvent.click(screen.getByTestId('details-submit'));
    await screen.findByTestId('pay-keyboard');
    type('135790');
    await expectToast('余额不足');
    await waitFor(() => expect(screen.getByTestId('details-balance-short')).toBeTruthy());
    expect(api.callsTo('/api/iot/packageDetails')).toHaveLength(2);
  });

  it('a sold-out package cannot be paid; a missing one says so', async () => {
    mockApi({ '/api/iot/packageDetails': () => details({ package: pkg({ stock: 0 }) }) });
    const first = renderRoute(DETAILS);
    await screen.findByTestId('details-form');
    expect(screen.getByTestId('details-submit').textContent).toBe('已售罄');
    expect((screen.getByTestId('details-submit') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    mockApi({ '/api/iot/packageDetails': () => new Fail(-1, '套餐不存在或已下架') });
    renderRoute(DETAILS);
    await screen.findByTestId('page-error-state');
    expect(bodyText()).toContain('套餐不存在或已下架');
  });

  it('?orderSn=&from=pay (back from the cashier) renders the shared IoT cashier', async () => {
    const api = mockApi({});
    renderRoute('/pages/iot/index/package/details/index?orderSn=PK20260301100000123456&from=pay');
    const cashier = await screen.findByTestId('iot-cashier-stub');
    expect(cashier.dataset.orderSn).toBe('PK20260301100000123456');
    expect(cashier.dataset.fromPay).toBe('true');
    expect(cashier.dataset.successPath).toBe('/pages-sub/iot/packageInfo/index');
    expect(api.callsTo('/api/iot/packageDetails')).toHaveLength(0);
  });
});

describe('生效方式说明 (direct route)', () => {
  it('explains the three modes with the current end date and goes back', async () => {
    mockApi({ '/api/iot/simInfo': () => simFixture({ endAt: '2026-05-31 23:59:59' }) });
    const { router } = renderRoute('/pages/iot/index/package/details/EffectModal/index');
    expect(screen.getByTestId('page-title').textContent).toContain('生效方式说明');
    await screen.findByTestId('effect-modes');
    const text = screen.getByTestId('effect-modes').textContent ?? '';
    for (const s of [
      '立即生效',
      '与当前套餐同时有效，流量合并使用',
      '次月生效',
      '下月1日0点生效',
      '到期续接',
      '当前套餐到期后生效',
    ]) {
      expect(text).toContain(s);
    }
    await waitFor(() => expect(screen.getByTestId('effect-current-end').textContent).toBe('2026-05-31'));
    fireEvent.click(screen.getByTestId('effect-back'));
    // Opened first in history: back lands on the card home.
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/index'));
  });
});

describe('选择优惠券 (direct route)', () => {
  it('?packageId= lists the coupons rated for it, the unusable ones collapsed with their reason', async () => {
    const api = mockApi({
      '/api/iot/packageDetails': () =>
        packageDetailsFixture({
          package: pkg(),
          coupons: [coupon(), coupon({ id: 13, name: '满100减20', usable: false, reason: '未达门槛' })],
        }),
    });
    renderRoute('/pages/iot/index/package/details/SelectCoupon/index?packageId=3');
    await screen.findByTestId('coupon-usable');
    expect(api.callsTo('/api/iot/packageDetails')[0]?.query).toEqual({ packageId: '3' });
    expect(screen.getByTestId('coupon-page-package').textContent).toContain('月享100G');
    expect(within(screen.getByTestId('coupon-usable')).getByTestId('coupon-name').textContent).toBe('套餐立减券');
    expect(screen.getByTestId('coupon-unusable-title').textContent).toBe('不可用优惠券（1）');
    fireEvent.click(screen.getByTestId('coupon-unusable-title'));
    await waitFor(() => expect(screen.getByTestId('coupon-reason').textContent).toBe('未达门槛'));
  });

  it('says why a coupon is greyed in the shopper’s language (its unusableReason), the server text in zh-Hans', async () => {
    const greyed = coupon({
      id: 13,
      name: '满100减20',
      threshold: '100.00',
      usable: false,
      reason: '未达门槛，满100.00元可用',
      unusableReason: 'couponBelowThreshold',
    });
    mockApi({
      '/api/iot/packageDetails': () => packageDetailsFixture({ package: pkg(), coupons: [coupon(), greyed] }),
    });
    const zh = renderRoute('/pages/iot/index/package/details/SelectCoupon/index?packageId=3');
    fireEvent.click(await screen.findByTestId('coupon-unusable-title'));
    await waitFor(() => expect(screen.getByTestId('coupon-reason').textContent).toBe('未达门槛，满100.00元可用'));
    zh.unmount();
    await i18next.changeLanguage('en');
    try {
      renderRoute('/pages/iot/index/package/details/SelectCoupon/index?packageId=3');
      fireEvent.click(await screen.findByTestId('coupon-unusable-title'));
      await waitFor(() =>
        expect(screen.getByTestId('coupon-reason').textContent).toBe('Needs a price of at least ¥100.00'),
      );
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });

  it("without packageId lists all the card's coupons; empty → 暂无可用优惠券 + 去兑换", async () => {
    const api = mockApi({
      '/api/iot/packageDetails': () =>
        packageDetailsFixture({
          package: null,
          coupons: [coupon({ usable: false }), coupon({ id: 14, name: '过期券', status: 4, usable: false })],
        }),
    });
    const first = renderRoute('/pages/iot/index/package/details/SelectCoupon/index');
    await screen.findByTestId('coupon-usable');
    expect(api.callsTo('/api/iot/packageDetails')[0]?.query).toEqual({});
    expect(screen.getByTestId('coupon-unusable-title').textContent).toBe('已使用 / 已过期（1）');
    first.unmount();

    mockApi({ '/api/iot/packageDetails': () => packageDetailsFixture({ package: null, coupons: [] }) });
    const { router } = renderRoute('/pages/iot/index/package/details/SelectCoupon/index');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无可用优惠券');
    fireEvent.click(screen.getByTestId('coupon-exchange'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/couponExchange/index'));
  });
});
