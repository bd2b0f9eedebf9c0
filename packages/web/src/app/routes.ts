/**
 * Every route of SPEC §2 in one table: path, Chinese title, tab and lazy page. A route without a page
 * renders the shared pending page until its issue builds it. `aliases` are the spec's literal short
 * forms of sub-package paths (SCREENS §4), registered so that a link of either form opens the screen.
 */
import type { ComponentType } from 'react';

export interface RouteDef {
  path: string;
  /** Page title; shop-page titles are Chinese (SPEC §1). */
  title: string;
  /** Index of the shop tab this page is (SPEC §2 tab bar). */
  tab?: 0 | 1;
  /** The page component, loaded on first visit. */
  page?: () => Promise<{ default: ComponentType }>;
  aliases?: string[];
  /** The title comes from the site front config instead (home). */
  titleFromFront?: boolean;
}

export const ROUTES: RouteDef[] = [
  // Main pages
  { path: '/', title: '首页', tab: 0, titleFromFront: true, page: () => import('../pages/index/index') },
  {
    path: '/pages/index/index',
    title: '首页',
    tab: 0,
    titleFromFront: true,
    page: () => import('../pages/index/index'),
  },
  {
    path: '/pages/index/default',
    title: '首页（默认模板）',
    titleFromFront: true,
    page: () => import('../pages/index/default'),
  },
  { path: '/pages/index/loadDomain', title: '数据初始化', page: () => import('../pages/index/loadDomain') },
  { path: '/pages/about/payment', title: '交易条款', page: () => import('../pages/about/payment') },
  { path: '/pages/about/promise', title: '服务承诺', page: () => import('../pages/about/promise') },
  { path: '/pages/about/textTemplate', title: '关于我们', page: () => import('../pages/about/textTemplate') },
  { path: '/pages/authorize/index', title: '小程序授权', page: () => import('../pages/authorize/index') },
  { path: '/pages/customer/code', title: '客服二维码', page: () => import('../pages/customer/code') },
  { path: '/pages/customer/index', title: '客服中心', page: () => import('../pages/customer/index') },
  { path: '/pages/customer/question/index', title: '常见问题', page: () => import('../pages/customer/question/index') },
  {
    path: '/pages/customer/question/detail',
    title: '问题详情',
    page: () => import('../pages/customer/question/detail'),
  },
  { path: '/pages/goods/index', title: '商品列表', page: () => import('../pages/goods/index') },
  { path: '/pages/goods/general/index', title: '商品详情', page: () => import('../pages/goods/general/index') },
  { path: '/pages/goods/pretty/index', title: '号码预约', page: () => import('../pages/goods/pretty/index') },
  { path: '/pages/goods/pretty/comment', title: '用户评价', page: () => import('../pages/goods/pretty/comment') },
  { path: '/pages/goods/pretty/package', title: '选择套餐', page: () => import('../pages/goods/pretty/package') },
  { path: '/pages/login/index', title: '订单查询', page: () => import('../pages/login/index') },
  { path: '/pages/order/index', title: '我的订单', page: () => import('../pages/order/index') },
  {
    path: '/pages/order/logistics/index',
    title: '物流信息',
    page: () => import('../pages/order/logistics/index'),
  },
  { path: '/pages/order/pay/index', title: '订单支付', page: () => import('../pages/order/pay/index') },
  { path: '/pages/user/index', title: '我的', page: () => import('../pages/user/index') },
  { path: '/pages/user/index2', title: '我的', tab: 1, page: () => import('../pages/user/index2') },
  { path: '/pages/webview/index', title: '请稍候', page: () => import('../pages/webview/index') },

  // Vanity number search
  {
    path: '/pages/index/VanityNumber/index',
    title: '靓号选号',
    page: () => import('../pages/index/VanityNumber/index'),
  },
  {
    path: '/pages/index/VanityNumber/index_mp',
    title: '靓号选号',
    page: () => import('../pages/index/VanityNumber/index_mp'),
  },
  {
    path: '/pages/index/VanityNumber/menus',
    title: '号码分类',
    page: () => import('../pages/index/VanityNumber/menus'),
  },
  {
    path: '/pages/index/VanityNumber/FilterSearch/index',
    title: '筛选',
    page: () => import('../pages/index/VanityNumber/FilterSearch/index'),
  },
  {
    path: '/pages/index/VanityNumber/FilterSearch/fullPopup',
    title: '选择归属地',
    page: () => import('../pages/index/VanityNumber/FilterSearch/fullPopup'),
  },
  {
    path: '/pages/index/VanityNumber/FilterSearch/morePopup',
    title: '更多筛选',
    page: () => import('../pages/index/VanityNumber/FilterSearch/morePopup'),
  },
  {
    path: '/pages/index/VanityNumber/HeadSearch/index',
    title: '号码搜索',
    page: () => import('../pages/index/VanityNumber/HeadSearch/index'),
  },

  // IoT pages
  { path: '/pages/iot/index/index', title: '卡片首页', page: () => import('../pages/iot/index/index') },
  { path: '/pages/iot/login/index', title: '卡号登录', page: () => import('../pages/iot/login/index') },
  {
    path: '/pages/iot/index/balance/index',
    title: '余额充值',
    page: () => import('../pages/iot/index/balance/index'),
  },
  {
    path: '/pages/iot/index/balance/pay/index',
    title: '充值支付',
    page: () => import('../pages/iot/index/balance/pay/index'),
  },
  {
    path: '/pages/iot/index/bindPhone/index',
    title: '绑定手机号',
    page: () => import('../pages/iot/index/bindPhone/index'),
  },
  {
    path: '/pages/iot/index/couponChoose/index',
    title: '充值活动',
    page: () => import('../pages/iot/index/couponChoose/index'),
  },
  {
    path: '/pages/iot/index/couponChoose/pay/index',
    title: '充值活动支付',
    page: () => import('../pages/iot/index/couponChoose/pay/index'),
  },
  { path: '/pages/iot/index/customer/index', title: '客服', page: () => import('../pages/iot/index/customer/index') },
  {
    path: '/pages/iot/index/alerts/index',
    title: '用量提醒',
    page: () => import('../pages/iot/index/alerts/index'),
  },
  {
    path: '/pages/iot/index/diagnosis/index',
    title: '智能诊断',
    page: () => import('../pages/iot/index/diagnosis/index'),
  },
  {
    path: '/pages/iot/index/moreMenu/index',
    title: '更多服务',
    page: () => import('../pages/iot/index/moreMenu/index'),
  },
  {
    path: '/pages/iot/index/orderLogs/index',
    title: '订单记录',
    page: () => import('../pages/iot/index/orderLogs/index'),
  },
  {
    path: '/pages/iot/index/orderLogs/BalanceList',
    title: '充值订单',
    page: () => import('../pages/iot/index/orderLogs/BalanceList'),
  },
  {
    path: '/pages/iot/index/orderLogs/BalanceLogList',
    title: '余额明细',
    page: () => import('../pages/iot/index/orderLogs/BalanceLogList'),
  },
  {
    path: '/pages/iot/index/orderLogs/PackageList',
    title: '套餐订单',
    page: () => import('../pages/iot/index/orderLogs/PackageList'),
  },
  {
    path: '/pages/iot/index/package/index',
    title: '套餐订购',
    page: () => import('../pages/iot/index/package/index'),
  },
  {
    path: '/pages/iot/index/package/details/index',
    title: '套餐订单',
    page: () => import('../pages/iot/index/package/details/index'),
  },
  {
    path: '/pages/iot/index/package/details/EffectModal/index',
    title: '生效方式说明',
    page: () => import('../pages/iot/index/package/details/EffectModal/index'),
  },
  {
    path: '/pages/iot/index/package/details/SelectCoupon/index',
    title: '选择优惠券',
    page: () => import('../pages/iot/index/package/details/SelectCoupon/index'),
  },
  {
    path: '/pages/iot/index/payPassword/index',
    title: '支付密码',
    page: () => import('../pages/iot/index/payPassword/index'),
  },
  {
    path: '/pages/iot/index/payPassword/keyboard',
    title: '支付密码键盘',
    page: () => import('../pages/iot/index/payPassword/keyboard'),
  },
  {
    path: '/pages/iot/index/payPassword/validate',
    title: '身份验证',
    page: () => import('../pages/iot/index/payPassword/validate'),
  },
  {
    path: '/pages/iot/index/realnameAuth/index',
    title: '实名认证',
    page: () => import('../pages/iot/index/realnameAuth/index'),
  },
  {
    path: '/pages/iot/index/realnameAuth/official/index',
    title: '运营商实名',
    page: () => import('../pages/iot/index/realnameAuth/official/index'),
  },
  {
    path: '/pages/iot/index/realnameAuth/platform/index',
    title: '平台实名',
    page: () => import('../pages/iot/index/realnameAuth/platform/index'),
  },
  {
    path: '/pages/iot/index/realnameAuth/switchOfficial/index',
    title: '多网实名',
    page: () => import('../pages/iot/index/realnameAuth/switchOfficial/index'),
  },
  {
    path: '/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index',
    title: '子卡实名',
    page: () => import('../pages/iot/index/realnameAuth/switchOfficial/subOfficial/index'),
  },
  {
    path: '/pages/iot/index/setRenew/index',
    title: '自动续费',
    page: () => import('../pages/iot/index/setRenew/index'),
  },
  {
    path: '/pages/iot/index/switchNet/index',
    title: '切换网络',
    page: () => import('../pages/iot/index/switchNet/index'),
  },

  // Sub-package pages
  { path: '/pages-sub/appUpdate/index', title: '版本更新', page: () => import('../pages-sub/appUpdate/index') },
  {
    path: '/pages-sub/ltAuth/index',
    title: '实名认证',
    page: () => import('../pages-sub/ltAuth/index'),
  },
  { path: '/pages-sub/single/index', title: '精选', page: () => import('../pages-sub/single/index') },
  { path: '/pages-sub/single/single', title: '精选', page: () => import('../pages-sub/single/single') },
  { path: '/pages-sub/wifi/index', title: 'WiFi码', page: () => import('../pages-sub/wifi/index') },
  { path: '/pages-sub/wifi/connect', title: '连接WiFi', page: () => import('../pages-sub/wifi/connect') },
  { path: '/pages-sub/wifi/share', title: '分享WiFi码', page: () => import('../pages-sub/wifi/share') },
  {
    path: '/pages-sub/iot/deviceManage/index',
    title: '设备管理',
    page: () => import('../pages-sub/iot/deviceManage/index'),
  },
  {
    path: '/pages-sub/iot/deviceManage/setSsidPwd/index',
    title: '修改WiFi',
    page: () => import('../pages-sub/iot/deviceManage/setSsidPwd/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/index',
    title: '积分商城',
    page: () => import('../pages-sub/iot/integralShop/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/index',
    title: '商品详情',
    aliases: ['/pages-sub/integralShop/details/index'],
    page: () => import('../pages-sub/iot/integralShop/details/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/cashier',
    title: '收银台',
    aliases: ['/pages-sub/integralShop/details/cashier'],
    page: () => import('../pages-sub/iot/integralShop/details/cashier'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/payment',
    title: '确认订单',
    aliases: ['/pages-sub/integralShop/details/payment'],
    page: () => import('../pages-sub/iot/integralShop/details/payment'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/selectAddress/index',
    title: '收货地址',
    aliases: ['/pages-sub/integralShop/details/selectAddress/index'],
    page: () => import('../pages-sub/iot/integralShop/details/selectAddress/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/selectAddress/edit',
    title: '编辑地址',
    aliases: ['/pages-sub/integralShop/details/selectAddress/edit'],
    page: () => import('../pages-sub/iot/integralShop/details/selectAddress/edit'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/storePoint',
    title: '自提门店',
    aliases: ['/pages-sub/integralShop/details/storePoint'],
    page: () => import('../pages-sub/iot/integralShop/details/storePoint'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/index',
    title: '商城订单',
    aliases: ['/pages-sub/integralShop/order/index'],
    page: () => import('../pages-sub/iot/integralShop/order/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/index',
    title: '订单详情',
    aliases: ['/pages-sub/integralShop/order/orderDetails/index'],
    page: () => import('../pages-sub/iot/integralShop/order/orderDetails/index'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/logistics',
    title: '物流详情',
    aliases: ['/pages-sub/integralShop/order/orderDetails/logistics'],
    page: () => import('../pages-sub/iot/integralShop/order/orderDetails/logistics'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/pay',
    title: '订单支付',
    aliases: ['/pages-sub/integralShop/order/orderDetails/pay'],
    page: () => import('../pages-sub/iot/integralShop/order/orderDetails/pay'),
  },
  { path: '/pages-sub/iot/protocol/index', title: '协议', page: () => import('../pages-sub/iot/protocol/index') },
  {
    path: '/pages-sub/iot/protocol/taskRule',
    title: '任务规则',
    aliases: ['/pages-sub/protocol/taskRule'],
    page: () => import('../pages-sub/iot/protocol/taskRule'),
  },
  { path: '/pages-sub/iot/task/index', title: '任务中心', page: () => import('../pages-sub/iot/task/index') },
  {
    path: '/pages-sub/iot/task/landscape',
    title: '视频任务',
    aliases: ['/pages-sub/task/landscape'],
    page: () => import('../pages-sub/iot/task/landscape'),
  },
  { path: '/pages-sub/iot/user/index', title: '我的', page: () => import('../pages-sub/iot/user/index') },
  {
    path: '/pages-sub/iot/user/asset',
    title: '我的资产',
    aliases: ['/pages-sub/user/asset'],
    page: () => import('../pages-sub/iot/user/asset'),
  },
  {
    path: '/pages-sub/iot/user/carousel',
    title: '轮播',
    aliases: ['/pages-sub/user/carousel'],
    page: () => import('../pages-sub/iot/user/carousel'),
  },
  {
    path: '/pages-sub/iot/user/service',
    title: '服务',
    aliases: ['/pages-sub/user/service'],
    page: () => import('../pages-sub/iot/user/service'),
  },
  {
    path: '/pages-sub/iot/user/vip',
    title: '会员卡片',
    aliases: ['/pages-sub/user/vip'],
    page: () => import('../pages-sub/iot/user/vip'),
  },
  {
    path: '/pages-sub/iot/user/moreMenu',
    title: '更多',
    aliases: ['/pages-sub/user/moreMenu'],
    page: () => import('../pages-sub/iot/user/moreMenu'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/index',
    title: '网络加速',
    page: () => import('../pages-sub/iot/index/accelerate/index'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/cashier',
    title: '加速包支付',
    aliases: ['/pages-sub/accelerate/cashier'],
    page: () => import('../pages-sub/iot/index/accelerate/cashier'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/order',
    title: '加速记录',
    aliases: ['/pages-sub/accelerate/order'],
    page: () => import('../pages-sub/iot/index/accelerate/order'),
  },
  {
    path: '/pages-sub/iot/couponExchange/index',
    title: '券币兑换',
    aliases: ['/pages-sub/couponExchange/index'],
    page: () => import('../pages-sub/iot/couponExchange/index'),
  },
  {
    path: '/pages-sub/iot/couponExchange/order',
    title: '券币明细',
    aliases: ['/pages-sub/couponExchange/order'],
    page: () => import('../pages-sub/iot/couponExchange/order'),
  },
  {
    path: '/pages-sub/iot/historyLine/index',
    title: '用量历史',
    aliases: ['/pages-sub/historyLine/index'],
    page: () => import('../pages-sub/iot/historyLine/index'),
  },
  {
    path: '/pages-sub/iot/integralLog/index',
    title: '积分明细',
    aliases: ['/pages-sub/integralLog/index'],
    page: () => import('../pages-sub/iot/integralLog/index'),
  },
  {
    path: '/pages-sub/iot/packageInfo/index',
    title: '套餐详情',
    aliases: ['/pages-sub/packageInfo/index'],
    page: () => import('../pages-sub/iot/packageInfo/index'),
  },
  {
    path: '/pages-sub/iot/vip/index',
    title: '会员中心',
    aliases: ['/pages-sub/vip/index'],
    page: () => import('../pages-sub/iot/vip/index'),
  },
  {
    path: '/pages-sub/iot/vip/popup',
    title: '开通会员',
    aliases: ['/pages-sub/vip/popup'],
    page: () => import('../pages-sub/iot/vip/popup'),
  },
  {
    path: '/pages-sub/iot/vip/pay/index',
    title: '会员支付',
    aliases: ['/pages-sub/vip/pay/index'],
    page: () => import('../pages-sub/iot/vip/pay/index'),
  },
];

/**
 * Loads ahead what opening a page other than a landing page needs first (main.tsx, after the first
 * screen). In the build those pages' loaders are a module of their own, off the first screen
 * (build/route-pages.ts, which gives this function its body); here every loader is in the table.
 */
export function preloadRoutePages(): Promise<unknown> {
  return Promise.resolve();
}

const byPath = new Map<string, RouteDef>();
for (const route of ROUTES) {
  byPath.set(route.path.toLowerCase(), route);
  for (const alias of route.aliases ?? []) byPath.set(alias.toLowerCase(), route);
}

/** The route for a path or one of its aliases. */
export function findRoute(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return byPath.get(clean.toLowerCase());
}
