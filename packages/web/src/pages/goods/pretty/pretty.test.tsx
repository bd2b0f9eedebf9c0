import type { NumberComment, NumberItem, NumberPackage } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { usePackageChoiceStore } from '../../../features/numbers/package-choice-store';
import i18next from '../../../i18n/translator';
import { bodyText, dialogButtons, expectToast, settle } from '../../../test/dom';
import { pickRegion } from '../../../test/regions';
import { Fail, locationOf, mockApi, renderRoute, type StubData } from '../../../test/render-route';

const NUMBER: NumberItem = {
  id: 88,
  number: '13800112233',
  operatorType: 1,
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  price: '520.00',
  originalPrice: '780.00',
  minConsume: '99.00',
  contractMonths: 24,
  patterns: ['AABB', 'NO4'],
  level: 3,
  status: 1,
};

const pkg = (id: number, name: string, isDefault: 0 | 1 = 0): NumberPackage => ({
  id,
  name,
  monthlyFee: '39.00',
  flowText: '30G',
  voiceText: '100分钟',
  contractMonths: 24,
  desc: '套餐说明',
  isDefault,
});

const comment = (id: number): NumberComment => ({
  id,
  maskedMobile: `138****000${id}`,
  star: 5,
  content: `好评${id}`,
  images: [],
  tags: ['fastDelivery', '包装仔细'],
  patterns: ['AABB', 'NO4'],
  createdAt: '2026-01-02 10:00:00',
});

function detail(patch: { packages?: NumberPackage[]; comments?: NumberComment[]; needSmsCode?: 0 | 1 } = {}) {
  const comments = patch.comments ?? [comment(1), comment(2), comment(3)];
  return {
    number: NUMBER,
    packages: patch.packages ?? [pkg(1, '畅享39', 0), pkg(2, '畅享59', 1)],
    comments: { list: comments, total: comments.length + 5, page: 1, pageSize: 3 },
    needSmsCode: patch.needSmsCode ?? 0,
  };
}

const REGIONS = {
  '0': [{ code: '440000', name: '广东省', level: 1 }],
  '440000': [{ code: '440300', name: '深圳市', level: 2 }],
  '440300': [{ code: '440305', name: '南山区', level: 3 }],
};

beforeEach(() => {
  usePackageChoiceStore.setState({ chosen: {} });
});

const type = (id: string, value: string) =>
  fireEvent.change(screen.getByTestId(id).querySelector('input') as HTMLInputElement, { target: { value } });

function fillReserveForm() {
  type('reserve-name', '张三');
  type('reserve-idcard', '11010119900307803X');
  type('reserve-mobile', '138-0013-8000');
  if (screen.queryByTestId('reserve-sms-code')) type('reserve-sms-code', '123456');
  type('reserve-address', '科技园南路88号');
}

const pickShenzhen = () => pickRegion(['440000', '440300', '440305'], '广东省 深圳市 南山区');

describe('号码预约', () => {
  it('shows the number, its tags, prices, default package and the 3 latest reviews', async () => {
    mockApi({ '/api/shop/numberDetail': () => detail() });
    renderRoute('/pages/goods/pretty/index?numberId=88');
    const view = await screen.findByTestId('number-detail');
    expect(screen.getByTestId('number-digits').textContent).toBe('13800112233');
    expect(screen.getAllByTestId('number-tag').map((t) => t.dataset.code)).toEqual(['AABB', 'NO4']);
    expect(screen.getByTestId('number-price').textContent).toBe('¥520.00');
    expect(view.textContent).toContain('原价 ¥780.00');
    expect(view.textContent).toContain('¥99.00/月');
    expect(view.textContent).toContain('24个月');
    expect(screen.getByTestId('detail-package').textContent).toContain('畅享59');
    expect(screen.getAllByTestId('comment-item')).toHaveLength(3);
    expect(view.textContent).toContain('用户评价（8）');
    expect(screen.getByTestId('reviews-same-kind').textContent).toBe('来自购买同级号码的买家');
  });

  it('a taken number (32001) shows 该号码已被预约 with 去选其他号码, not the dialog', async () => {
    mockApi({ '/api/shop/numberDetail': () => new Fail(32001, '哎呀！客官来晚了，号码被他人抢先预约！') });
    const { router } = renderRoute('/pages/goods/pretty/index?numberId=88');
    await screen.findByTestId('number-taken');
    expect(bodyText()).toContain('该号码已被预约');
    await settle();
    expect(document.querySelector('.adm-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('number-taken-action'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/index'));
  });

  it('立即预约 validates every field, then places the order for the number and its package', async () => {
    const api = mockApi(
      {
        '/api/shop/numberDetail': () => detail({ needSmsCode: 1 }),
        '/api/hk/sendCode': () => ({ expireIn: 300, resendIn: 60 }),
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000111111',
          orderStatus: 1,
          payAmount: '0.00',
          needPay: false,
          expireAt: null,
        }),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/goods/pretty/index?numberId=88&promoCode=P9&bd_vid=bd1');
    await screen.findByTestId('reserve-form');
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await expectToast('请输入2-20位机主真实姓名');
    expect(screen.getByTestId('reserve-error-idCard').textContent).toBe('请输入正确的18位身份证号');
    expect(screen.getByTestId('reserve-error-smsCode')).toBeTruthy();
    expect(screen.getByTestId('reserve-error-agree')).toBeTruthy();

    fillReserveForm();
    expect(screen.queryByTestId('reserve-error-contactName')).toBeNull();
    expect((screen.getByTestId('reserve-mobile').querySelector('input') as HTMLInputElement).value).toBe('13800138000');
    fireEvent.click(screen.getByTestId('reserve-send-code'));
    await waitFor(() => expect(screen.getByTestId('reserve-send-code').textContent).toBe('60s后重新获取'));
    expect(api.callsTo('/api/hk/sendCode')[0]?.body).toEqual({ mobile: '13800138000', scene: 'order' });
    await pickShenzhen();

    fireEvent.click(screen.getByTestId('reserve-agree'));
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await screen.findByTestId('order-submitted');
    expect(bodyText()).toContain('预约成功');
    expect(screen.queryByRole('alert')).toBeNull();
    const body = api.callsTo('/api/shop/order/create')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      orderType: 1,
      numberId: 88,
      packageId: 2,
      contactName: '张三',
      idCard: '11010119900307803X',
      contactMobile: '13800138000',
      smsCode: '123456',
      provinceCode: '440000',
      cityCode: '440300',
      countyCode: '440305',
      addressDetail: '科技园南路88号',
      agreeProtocol: 1,
      promoCode: 'P9',
      bd_vid: 'bd1',
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    await waitFor(() =>
      expect(api.callsTo('/api/hk/pointReport').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ event: 'submit_order', orderSn: 'SO20260101120000111111', bd_vid: 'bd1' }),
      ),
    );
    fireEvent.click(screen.getByTestId('order-submitted-view'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?promoCode=P9&bd_vid=bd1'));
  });

  it('leaving the ID field marks a wrong check digit at once; the right one clears it', async () => {
    const api = mockApi({ '/api/shop/numberDetail': () => detail() });
    renderRoute('/pages/goods/pretty/index?numberId=88');
    await screen.findByTestId('reserve-form');
    const input = screen.getByTestId('reserve-idcard').querySelector('input') as HTMLInputElement;
    // Its check digit is 4 (GB 11643), not 0.
    type('reserve-idcard', '330106198808081230');
    fireEvent.blur(input);
    expect(screen.getByTestId('reserve-error-idCard').textContent).toBe('请输入正确的18位身份证号');
    type('reserve-idcard', '330106198808081234');
    expect(screen.queryByTestId('reserve-error-idCard')).toBeNull();
    // An empty field is not marked before 立即预约.
    fireEvent.blur(screen.getByTestId('reserve-name').querySelector('input') as HTMLInputElement);
    expect(screen.queryByTestId('reserve-error-contactName')).toBeNull();
    expect(api.callsTo('/api/shop/order/create')).toHaveLength(0);
  });

  it('a paid order goes to the pay page with the chosen package', async () => {
    usePackageChoiceStore.getState().choose(88, 1);
    const api = mockApi(
      {
        '/api/shop/numberDetail': () => detail(),
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000222222',
          orderStatus: 0,
          payAmount: '520.00',
          needPay: true,
          expireAt: '2026-01-01 12:30:00',
        }),
        '/api/shop/order/detail': () => new Fail(-1, '订单不存在'),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/goods/pretty/index?numberId=88&agreeAgreement=1');
    await screen.findByTestId('reserve-form');
    fillReserveForm();
    await pickShenzhen();
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages/order/pay/index?agreeAgreement=1&orderSn=SO20260101120000222222'),
    );
    expect(api.callsTo('/api/shop/order/create')[0]?.body).toMatchObject({ packageId: 1, numberId: 88 });
  });

  it('a retry of the same form reuses the uuid; a changed form sends a new one', async () => {
    let answer: StubData<'/api/shop/order/create'> | Fail = new Fail(-1, '验证码错误或已过期');
    const api = mockApi(
      { '/api/shop/numberDetail': () => detail({ needSmsCode: 1 }), '/api/shop/order/create': () => answer },
      REGIONS,
    );
    renderRoute('/pages/goods/pretty/index?numberId=88&agreeAgreement=1');
    await screen.findByTestId('reserve-form');
    fillReserveForm();
    await pickShenzhen();
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await expectToast('验证码错误或已过期');
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await waitFor(() => expect(api.callsTo('/api/shop/order/create')).toHaveLength(2));
    type('reserve-sms-code', '654321');
    answer = { orderSn: 'SO20260101120000333333', orderStatus: 1, payAmount: '0.00', needPay: false, expireAt: null };
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await screen.findByTestId('order-submitted');
    const uuids = api.callsTo('/api/shop/order/create').map((c) => (c.body as { uuid: string }).uuid);
    expect(uuids[1]).toBe(uuids[0]);
    expect(uuids[2]).not.toBe(uuids[0]);
  });

  it('losing the number while ordering (32001) is the wrapper dialog', async () => {
    mockApi(
      {
        '/api/shop/numberDetail': () => detail(),
        '/api/shop/order/create': () => new Fail(32001, '号码已被预约'),
      },
      REGIONS,
    );
    renderRoute('/pages/goods/pretty/index?numberId=88&agreeAgreement=1');
    await screen.findByTestId('reserve-form');
    fillReserveForm();
    await pickShenzhen();
    fireEvent.click(screen.getByTestId('reserve-submit'));
    await waitFor(() => expect(dialogButtons()).toEqual(['联系客服', '返回商城']));
    expect(bodyText()).toContain('哎呀！客官来晚了，号码被他人抢先预约！');
    expect(screen.queryByTestId('order-submitted')).toBeNull();
  });

  it('autoFilterDelivery=1 pre-fills province and city from the IP location; the picker opens at the counties', async () => {
    mockApi(
      {
        '/api/shop/numberDetail': () => detail(),
        '/api/shop/base/ipLocation': () => ({
          ip: '1.2.3.4',
          provinceCode: '440000',
          provinceName: '广东省',
          cityCode: '440300',
          cityName: '深圳市',
        }),
      },
      REGIONS,
    );
    renderRoute('/pages/goods/pretty/index?numberId=88&autoFilterDelivery=1');
    await screen.findByTestId('reserve-form');
    await waitFor(() => expect(screen.getByTestId('region-field').textContent).toBe('广东省 深圳市'));
    await pickRegion(['440305'], '广东省 深圳市 南山区');
  });

  it('agreeAgreement=1 pre-ticks the agreement', async () => {
    mockApi({ '/api/shop/numberDetail': () => detail() });
    renderRoute('/pages/goods/pretty/index?numberId=88&agreeAgreement=1');
    await screen.findByTestId('reserve-form');
    expect(screen.getByTestId('reserve-agree').className).toContain('adm-checkbox-checked');
  });
});

describe('选择套餐', () => {
  it('确定 keeps the chosen package for the number and goes back', async () => {
    mockApi({ '/api/shop/numberDetail': () => detail() });
    const { router } = renderRoute('/pages/goods/pretty/package?numberId=88');
    await screen.findByTestId('package-page');
    expect(screen.getAllByTestId('package-item')).toHaveLength(2);
    fireEvent.click(screen.getAllByTestId('package-item')[0]!.querySelector('button')!);
    fireEvent.click(screen.getByTestId('package-confirm'));
    expect(usePackageChoiceStore.getState().chosen[88]).toBe(1);
    await waitFor(() => expect(locationOf(router)).toBe('/'));
  });

  it('one package is shown read-only; none asks to contact service', async () => {
    mockApi({ '/api/shop/numberDetail': () => detail({ packages: [pkg(5, '唯一套餐')] }) });
    const first = renderRoute('/pages/goods/pretty/package?numberId=88');
    await screen.findByTestId('package-page');
    expect(bodyText()).toContain('该号码仅有以下套餐');
    expect(document.querySelector('.adm-radio')).toBeNull();
    first.unmount();

    mockApi({ '/api/shop/numberDetail': () => detail({ packages: [] }) });
    renderRoute('/pages/goods/pretty/package?numberId=89');
    await screen.findByTestId('package-empty');
    expect(bodyText()).toContain('该号码暂无可选套餐，请联系客服');
  });
});

describe('用户评价', () => {
  it('pages through reviews with numberDetail commentPage', async () => {
    const api = mockApi({
      '/api/shop/numberDetail': (c) => ({
        ...detail(),
        comments: { list: [comment(Number(c.query.commentPage))], total: 1, page: 1, pageSize: 10 },
      }),
    });
    renderRoute('/pages/goods/pretty/comment?numberId=88');
    await screen.findByTestId('comment-item');
    expect(screen.getByTestId('comment-mobile').textContent).toBe('138****0001');
    expect(api.callsTo('/api/shop/numberDetail')[0]?.query).toMatchObject({
      numberId: '88',
      commentPage: '1',
      commentPageSize: '10',
    });
  });

  it("says whose reviews these are, the kind each buyer bought, and the tags in the shopper's language", async () => {
    mockApi({
      '/api/shop/numberDetail': () => ({
        ...detail(),
        comments: {
          list: [
            comment(1),
            { ...comment(2), patterns: [], tags: [] },
            { ...comment(3), patterns: ['A5', 'A4', 'A3', 'ABCDE', 'LUCKY8'] },
          ],
          total: 3,
          page: 1,
          pageSize: 10,
        },
      }),
    });
    renderRoute('/pages/goods/pretty/comment?numberId=88');
    await screen.findAllByTestId('comment-item');
    expect(screen.getByTestId('reviews-same-kind').textContent).toBe('来自购买同级号码的买家');
    expect(screen.getAllByTestId('comment-bought').map((e) => e.textContent)).toEqual([
      '购买的号码：AABB',
      '购买的号码：普通号码',
      '购买的号码：五连号、五顺',
    ]);
    expect(screen.getAllByTestId('comment-tag').map((e) => e.textContent)).toEqual([
      '发货快',
      '包装仔细',
      '发货快',
      '包装仔细',
    ]);
    await i18next.changeLanguage('en');
    try {
      await waitFor(() =>
        expect(screen.getAllByTestId('comment-bought').map((e) => e.textContent)).toEqual([
          'Bought a number: AABB',
          'Bought a plain number',
          'Bought a number: Five of a kind, Run of 5',
        ]),
      );
      expect(screen.getAllByTestId('comment-tag').map((e) => e.textContent)).toEqual([
        'Fast delivery',
        '包装仔细',
        'Fast delivery',
        '包装仔细',
      ]);
      expect(screen.getByTestId('reviews-same-kind').textContent).toBe('From buyers of numbers of the same level');
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });

  it('no reviews → 暂无评价', async () => {
    mockApi({ '/api/shop/numberDetail': () => detail({ comments: [] }) });
    renderRoute('/pages/goods/pretty/comment?numberId=88');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无评价');
  });
});
