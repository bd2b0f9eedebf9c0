import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { goodsFixture } from '../../features/goods/test-goods';
import { bodyText } from '../../test/dom';
import { pickRegion } from '../../test/regions';
import { mockApi, renderRoute, type StubData } from '../../test/render-route';

const REGIONS = {
  '0': [{ code: '110000', name: '北京市', level: 1 }],
  '110000': [{ code: '110100', name: '市辖区', level: 2 }],
  '110100': [{ code: '110101', name: '东城区', level: 3 }],
};

const PAGE: StubData<'/api/shop/singlePageInfo'> = {
  pageCode: 'card1',
  title: '大流量卡',
  banner: '',
  theme: '#07c160',
  ctaText: '立即领取',
  ctaPath: '',
  blocks: [],
  goods: [goodsFixture({ id: 9, needSmsCode: 0 })],
  popup: { switch: 0, title: '', content: '' },
};

describe('精选单品 order form', () => {
  it('places the goods order from the inline form with the page code; a free order ends in 提交成功，等待审核', async () => {
    const api = mockApi(
      {
        '/api/shop/singlePageInfo': () => PAGE,
        '/api/shop/order/create': () => ({
          orderSn: 'SO20260101120000777777',
          orderStatus: 1,
          payAmount: '0.00',
          needPay: false,
          expireAt: null,
        }),
      },
      REGIONS,
    );
    renderRoute('/pages-sub/single/single?pageCode=card1&agreeAgreement=1');
    await screen.findByTestId('goods-order-form');
    const fill = (placeholder: string, value: string) =>
      fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
    fill('请输入身份证上的姓名', '王五');
    fill('请输入18位身份证号', '11010119900307803X');
    fill('请输入11位手机号', '13900139000');
    fill('街道、小区、楼栋、门牌号', '东长安街1号院');
    await pickRegion(['110000', '110100', '110101'], '北京市 东城区');
    fireEvent.click(screen.getByTestId('goods-order-submit'));
    await screen.findByTestId('order-submitted');
    expect(bodyText()).toContain('提交成功，等待审核');
    expect(api.callsTo('/api/shop/order/create')[0]?.body).toMatchObject({
      orderType: 2,
      goodsId: 9,
      countyCode: '110101',
      pageCode: 'card1',
      agreeProtocol: 1,
    });
  });
});
