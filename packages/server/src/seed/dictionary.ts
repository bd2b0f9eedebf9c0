/** Dictionary options for every type the app uses (SCREENS.md §6 state machines, NUMBERS.md). */
import { OPERATOR_NAMES, OPERATOR_SEGMENTS, OPERATOR_TYPES } from '@haoka/contract';

type Row = [value: string | number, label: string, listClass?: string, key?: string];

const NUMBER_PATTERNS: Row[] = [
  ['A5', '五连号'],
  ['A4', '四连号'],
  ['A3', '三连号'],
  ['AABB', 'AABB'],
  ['ABAB', 'ABAB'],
  ['AAAB', 'AAAB'],
  ['ABBB', 'ABBB'],
  ['AABBCC', 'AABBCC'],
  ['ABCABC', 'ABCABC'],
  ['ABC', '三顺'],
  ['ABCD', '四顺'],
  ['ABCDE', '五顺'],
  ['DCBA', '倒顺'],
  ['BIRTHDAY', '生日号'],
  ['LOVE', '爱情号'],
  ['LUCKY8', '尾号8'],
  ['NO4', '不含4'],
];

/**
 * Every operator's segments in ascending order (the 号段 dropdown lists them as given here, for one
 * operator or all), each keyed by its operator (design.md "Dictionary key").
 */
export const NUMBER_SEGMENTS: Row[] = OPERATOR_TYPES.flatMap((op) =>
  OPERATOR_SEGMENTS[op].map((s): Row => [s, s, 'default', String(op)]),
).sort((a, b) => Number(a[0]) - Number(b[0]));

export const DICTIONARY: Record<string, Row[]> = {
  sim_status: [
    [1, '待激活', 'warning'],
    [2, '正常', 'success'],
    [3, '停机', 'danger'],
    [4, '已销户', 'info'],
  ],
  auth_status: [
    [0, '未实名', 'warning'],
    [1, '已实名', 'success'],
    [2, '审核中', 'primary'],
    [3, '认证失败', 'danger'],
  ],
  operator_type: [
    ...OPERATOR_TYPES.map((t): Row => [t, OPERATOR_NAMES[t], 'primary']),
    [99, OPERATOR_NAMES[99], 'primary'],
  ],
  shop_order_status: [
    [0, '待支付', 'warning'],
    [1, '待审核', 'primary'],
    [2, '待发货', 'primary'],
    [3, '已发货', 'info'],
    [4, '已完成', 'success'],
    [5, '已取消', 'default'],
    [6, '审核失败', 'danger'],
    [7, '已退款', 'default'],
  ],
  pay_status: [
    [0, '未支付', 'warning'],
    [1, '支付中', 'primary'],
    [2, '已支付', 'success'],
    [3, '已关闭', 'default'],
    [4, '退款中', 'warning'],
    [5, '已退款', 'default'],
  ],
  package_order_status: [
    [0, '待支付', 'warning'],
    [1, '待生效', 'primary'],
    [2, '生效中', 'success'],
    [3, '已失效', 'default'],
    [4, '已退款', 'default'],
    [5, '已取消', 'default'],
  ],
  balance_order_status: [
    [0, '待支付', 'warning'],
    [1, '已到账', 'success'],
    [2, '已关闭', 'default'],
    [3, '已退款', 'default'],
  ],
  vip_order_status: [
    [0, '待支付', 'warning'],
    [1, '生效中', 'success'],
    [2, '待生效', 'primary'],
    [3, '已过期', 'default'],
    [4, '已退款', 'default'],
    [5, '已取消', 'default'],
  ],
  integral_order_status: [
    [0, '待支付', 'warning'],
    [1, '待发货', 'primary'],
    [2, '待收货', 'info'],
    [3, '已完成', 'success'],
    [4, '已取消', 'default'],
    [5, '已退款', 'default'],
  ],
  coupon_status: [
    [1, '未使用', 'success'],
    [2, '锁定', 'warning'],
    [3, '已使用', 'default'],
    [4, '已过期', 'default'],
  ],
  number_status: [
    [0, '下架', 'default'],
    [1, '在售', 'success'],
    [2, '锁定', 'warning'],
    [3, '已售', 'default'],
  ],
  number_pattern: NUMBER_PATTERNS.map(([v, l]): Row => [v, l, 'primary']),
  number_segment: NUMBER_SEGMENTS,
  goods_category: [
    ['card', '号卡'],
    ['flow', '流量卡'],
    ['broadband', '宽带'],
    ['accessory', '配件'],
  ],
  question_category: [
    ['order', '订单问题'],
    ['pay', '支付问题'],
    ['delivery', '配送问题'],
    ['card', '号卡使用'],
    ['iot', '物联卡'],
  ],
  balance_log_type: [
    [1, '充值', 'success'],
    [2, '购买套餐', 'danger'],
    [3, '退款', 'success'],
    [4, '后台调整', 'info'],
    [5, '按量扣费', 'danger'],
    [6, '活动赠送', 'success'],
  ],
  integral_log_type: [
    [1, '签到', 'success'],
    [2, '任务', 'success'],
    [3, '购买套餐赠送', 'success'],
    [4, '商城兑换', 'danger'],
    [5, '退回', 'success'],
    [6, '过期', 'default'],
    [7, '后台调整', 'info'],
  ],
  coin_log_type: [
    [1, '活动发放', 'success'],
    [2, '兑换优惠券', 'danger'],
    [3, '过期', 'default'],
    [4, '后台调整', 'info'],
  ],
  effect_type: [
    [1, '立即生效', 'primary'],
    [2, '次月生效', 'primary'],
    [3, '到期续接', 'primary'],
  ],
};
