/** Test data of the mall screens (contract shapes). */
import type {
  EndpointData,
  IntegralShopOrder,
  IntegralShopOrderDetails,
  iotMallApi,
  MallGoodsSummary,
  PickupStore,
  SimAddress,
} from '@haoka/contract';
import type { MallGoodsDetails } from './api/get-mall-goods';

export const MALL_CARD = '89860012345678901234';

/** An API DateTime (Asia/Shanghai) `ms` from now. */
export function apiTime(ms = 0): string {
  return new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function summaryFixture(patch: Partial<MallGoodsSummary> = {}): MallGoodsSummary {
  return {
    id: 1,
    categoryId: 10,
    name: '定制快充数据线',
    image: '/shop/static/goods/sim-1.png',
    points: 300,
    cashPrice: '0.00',
    stock: 20,
    sales: 86,
    deliveryType: 1,
    ...patch,
  };
}

export function mallIndexFixture(
  patch: Partial<EndpointData<typeof iotMallApi.getMallIndex>> = {},
): EndpointData<typeof iotMallApi.getMallIndex> {
  return {
    integral: 1200,
    banners: [{ image: '/shop/static/iot/banner/task.png', path: '/pages-sub/iot/task/index' }],
    categories: [
      { id: 10, name: '数码周边' },
      { id: 11, name: '虚拟权益' },
    ],
    list: [
      summaryFixture(),
      summaryFixture({ id: 2, name: '车载手机支架', points: 500, cashPrice: '9.90', sales: 34 }),
      summaryFixture({ id: 3, name: '限量纪念徽章', points: 100, stock: 0, sales: 99 }),
    ],
    total: 3,
    page: 1,
    pageSize: 10,
    ...patch,
  };
}

export function goodsFixture(patch: Partial<MallGoodsDetails> = {}): MallGoodsDetails {
  return {
    ...summaryFixture(),
    images: ['/shop/static/goods/sim-1.png'],
    limitPerOrder: 5,
    limitPerCard: null,
    freight: '0.00',
    skus: [],
    detail: '<p>Type-C 快充数据线</p>',
    boughtCount: 0,
    integral: 1200,
    ...patch,
  };
}

export function addressFixture(patch: Partial<SimAddress> = {}): SimAddress {
  return {
    id: 7,
    name: '张三',
    mobile: '13800138000',
    provinceCode: '440000',
    provinceName: '广东省',
    cityCode: '440100',
    cityName: '广州市',
    countyCode: '440106',
    countyName: '天河区',
    detail: '天河路 385 号 1201 室',
    isDefault: 1,
    ...patch,
  };
}

export function storeFixture(patch: Partial<PickupStore> = {}): PickupStore {
  return {
    id: 31,
    name: '好卡营业厅（天河店）',
    address: '广州市天河区天河路 385 号',
    phone: '020-38880001',
    hours: '09:00-21:00',
    ...patch,
  };
}

export const ORDER_SN = 'IS20260101100000123456';

export function mallOrderFixture(patch: Partial<IntegralShopOrder> = {}): IntegralShopOrder {
  return {
    orderSn: ORDER_SN,
    goods: { id: 2, name: '车载手机支架', image: '/shop/static/goods/flow-2.png', specText: '', quantity: 1 },
    points: 500,
    cashAmount: '9.90',
    freight: '0.00',
    payAmount: '9.90',
    payType: '',
    status: 0,
    payStatus: 0,
    expireAt: apiTime(10 * 60_000),
    deliveryType: 1,
    address: addressFixture(),
    remark: '',
    cancelReason: '',
    createdAt: apiTime(-5 * 60_000),
    paidAt: null,
    shippedAt: null,
    finishedAt: null,
    ...patch,
  };
}

export function mallOrderDetailsFixture(patch: Partial<IntegralShopOrderDetails> = {}): IntegralShopOrderDetails {
  return {
    ...mallOrderFixture(),
    payTypes: ['balance', 'wxpay', 'alipay'],
    balance: '25.80',
    existPayPassword: 1,
    ...patch,
  };
}
