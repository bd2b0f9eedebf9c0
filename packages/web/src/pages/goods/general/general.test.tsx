import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { goodsFixture } from '../../../features/goods/test-goods';
import { bodyText, dialogButtons, expectToast } from '../../../test/dom';
import { pickRegion } from '../../../test/regions';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const REGIONS = {
  '0': [{ code: '440000', name: '广东省', level: 1 }],
  '440000': [{ code: '440300', name: '深圳市', level: 2 }],
  '440300': [{ code: '440305', name: '南山区', level: 3 }],
};

const LOCATION = {
  ip: '1.2.3.4',
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
};

const goodsList = (patch = {}) => ({ list: [goodsFixture(patch)], total: 1, page: 1, pageSize: 10 });

const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

async function openAndFill() {
  fireEvent.click(await screen.findByTestId('goods-apply'));
  await screen.findByTestId('goods-order-sheet');
  fill('请输入身份证上的姓名', '张三');
  fill('请输入18位身份证号', '11010119900307803X');
  fill('请输入11位手机号', '13800138000');
  fill('街道、小区、楼栋、门牌号', '科技园南路88号');
}

async function confirmRegion() {
  await pickRegion(['440000', '440300', '440305'], '广东省 深圳市 南山区');
}

describe('商品详情 order form', () => {
  it('autoFilterDelivery pre-fills the region; SMS code; a free order ends in 提交成功，等待审核', async () => {
    const api = mockApi(
      {
        '/api/shop/goodsList': () => goodsList(),
        '/api/shop/base/ipLocation': () => LOCATION,
        '/api/hk/sendCode': () => ({ expireIn: 300, resendIn: 60 }),
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000444444',
          orderStatus: 1,
          payAmount: '0.00',
          needPay: false,
          expireAt: null,
        }),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/goods/general/index?goodsId=7&autoFilterDelivery=1&pageCode=summer');
    await openAndFill();
    await waitFor(() => expect(screen.getByTestId('region-field').textContent).toBe('广东省 深圳市'));

    fireEvent.click(screen.getByTestId('goods-send-code'));
    await waitFor(() => expect(screen.getByTestId('goods-send-code').textContent).toBe('60s后重新获取'));
    expect(api.callsTo('/api/hk/sendCode')[0]?.body).toEqual({ mobile: '13800138000', scene: 'order' });
    fill('请输入6位验证码', '123456');

    // Pre-filled down to the city only: the county is still to pick.
    fireEvent.click(screen.getByTestId('goods-order-agree'));
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await expectToast('请选择收货地区');
    // The sheet opens at the pre-filled city's counties.
    await pickRegion(['440305'], '广东省 深圳市 南山区');

    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await screen.findByTestId('order-submitted');
    expect(bodyText()).toContain('提交成功，等待审核');
    expect(api.callsTo('/api/shop/order/create')[0]?.body).toMatchObject({
      orderType: 2,
      goodsId: 7,
      contactName: '张三',
      idCard: '11010119900307803X',
      contactMobile: '13800138000',
      smsCode: '123456',
      provinceCode: '440000',
      cityCode: '440300',
      countyCode: '440305',
      addressDetail: '科技园南路88号',
      agreeProtocol: 1,
      pageCode: 'summer',
    });
    await waitFor(() =>
      expect(api.callsTo('/api/hk/pointReport').map((c) => c.body)).toContainEqual(
        expect.objectContaining({ event: 'submit_order', orderSn: 'SO20260101120000444444', pageCode: 'summer' }),
      ),
    );
    fireEvent.click(screen.getByTestId('order-submitted-view'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/order/index?autoFilterDelivery=1&pageCode=summer'));
  });

  it('marks an ID number with a wrong check character inline and sends nothing (GB 11643)', async () => {
    const api = mockApi(
      {
        '/api/shop/goodsList': () => goodsList({ needSmsCode: 0 }),
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000444445',
          orderStatus: 1,
          payAmount: '0.00',
          needPay: false,
          expireAt: null,
        }),
      },
      REGIONS,
    );
    renderRoute('/pages/goods/general/index?goodsId=7&agreeAgreement=1');
    await openAndFill();
    await confirmRegion();
    // The newcomer's ID: the pattern and the date are right, the check character should be 4.
    fill('请输入18位身份证号', '330106198808081230');
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    const idItem = () => screen.getByPlaceholderText('请输入18位身份证号').closest('.adm-form-item') as HTMLElement;
    await waitFor(() => expect(idItem().textContent).toContain('请输入正确的18位身份证号'));
    expect(api.callsTo('/api/shop/order/create')).toHaveLength(0);

    fill('请输入18位身份证号', '330106198808081234');
    await waitFor(() => expect(idItem().textContent).not.toContain('请输入正确的18位身份证号'));
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await screen.findByTestId('order-submitted');
    expect(api.callsTo('/api/shop/order/create')[0]?.body).toMatchObject({ idCard: '330106198808081234' });
  });

  it('sold out while ordering (30001) is the wrapper dialog; the form stays', async () => {
    mockApi(
      {
        '/api/shop/goodsList': () => goodsList({ needSmsCode: 0 }),
        '/api/shop/order/create': () => new Fail(30001, ''),
      },
      REGIONS,
    );
    renderRoute('/pages/goods/general/index?goodsId=7&agreeAgreement=1');
    await openAndFill();
    await confirmRegion();
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await waitFor(() => expect(dialogButtons()).toEqual(['联系客服', '返回商城']));
    expect(bodyText()).toContain('哎呀！客官来晚了，该商品卖光啦！');
    expect(screen.queryByTestId('order-submitted')).toBeNull();
  });

  it('a paid goods order goes to the pay page', async () => {
    mockApi(
      {
        '/api/shop/goodsList': () => goodsList({ needSmsCode: 0, price: '19.90' }),
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000555555',
          orderStatus: 0,
          payAmount: '19.90',
          needPay: true,
          expireAt: '2026-01-01 12:30:00',
        }),
        '/api/shop/order/detail': () => new Fail(-1, '订单不存在'),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/goods/general/index?goodsId=7&agreeAgreement=1');
    await openAndFill();
    await confirmRegion();
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await waitFor(() =>
      expect(locationOf(router)).toBe('/pages/order/pay/index?agreeAgreement=1&orderSn=SO20260101120000555555'),
    );
  });
});
