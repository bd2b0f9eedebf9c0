/** Shop orders for the tests of the order screens. */
import type { ShopOrder } from '@haoka/contract';
import type { OrderDetail } from './api/get-order';

let seq = 0;

export function orderFixture(patch: Partial<ShopOrder> = {}): ShopOrder {
  seq += 1;
  return {
    orderSn: `SO20260101120000${String(100000 + seq)}`,
    orderType: 1,
    title: '靓号 138 0011 2233',
    number: '13800112233',
    packageName: '畅享59',
    goodsImage: '',
    contactName: '张*',
    contactMobile: '138****8000',
    idCardMasked: '110101********123X',
    address: { provinceName: '广东省', cityName: '深圳市', countyName: '南山区', detail: '科技园***' },
    payAmount: '520.00',
    payType: 'wxpay',
    orderStatus: 0,
    payStatus: 0,
    expireAt: null,
    paidAt: null,
    trackingNo: '',
    expressCompany: '',
    cancelReason: '',
    createdAt: '2026-01-01 12:00:00',
    review: 'none',
    ...patch,
  };
}

export function orderDetailFixture(patch: Partial<OrderDetail> = {}): OrderDetail {
  return { ...orderFixture(), payTypes: ['wxpay', 'alipay'], ...patch };
}

/** An API DateTime (Asia/Shanghai) `ms` from now. */
export function shanghaiIn(ms: number): string {
  const d = new Date(Date.now() + ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
