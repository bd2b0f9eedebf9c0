/**
 * Demo IoT cards and their card-page layout (kind 'demo'). Log in at /pages/iot/login/index with any of:
 *
 * | card                          | simNo         | ICCID                | other login ids                  |
 * |-------------------------------|---------------|----------------------|----------------------------------|
 * | normal (移动, 30 GB)          | 1440312345601 | 89860420192012345601 | bound mobile 13800138001         |
 * | 5G device, 3 vice SIMs, Wi-Fi | 1440312345602 | 89860420192012345602 | device no HK5G2025000102         |
 * | needs real-name (待激活)      | 1440312345603 | 89860420192012345603 |                                  |
 * | must buy a coupon pack (联通) | 1460312345604 | 89860122801234560604 |                                  |
 * | in arrears, stopped (电信)    | 1410312345605 | 89860322801234560605 |                                  |
 * | card password mode            | 1440312345606 | 89860420192012345606 | card password 582936             |
 * | stopped by a removable break  | 1440312345607 | 89860420192012345607 |                                  |
 * | member (points, coins, VIP)   | 1440312345608 | 89860420192012345608 | pay password 147258              |
 * | package expired, stopped      | 1440312345609 | 89860420192012345609 |                                  |
 * | pool used up (联通)           | 1460312345610 | 89860122801234560610 |                                  |
 * | stopped by the operator       | 1440312345611 | 89860420192012345611 |                                  |
 * | 4G device, offline            | 1440312345612 | 89860420192012345612 | device no HK4G2025000112         |
 *
 * Usage of the running cards advances with time on every refresh (gateways/carrier/simulated-carrier.ts).
 * Each stopped card carries the stop reason its operator reports (`stop_reason`, domain/card-state.ts).
 */

import type { SimLayout } from '@haoka/contract';
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { SimsTable } from '../db/schema.js';
import { hashPayPassword } from '../modules/iot-buy/pay-password.js';
import { hashCardPassword } from '../modules/iot-core/card-password.js';
import { newSimRow } from '../modules/iot-core/sim-row.js';
import { DEMO_PROMO_CODE } from './demo-shop.js';
import type { Seeder } from './seeder.js';

export const DEMO_SIM_LAYOUT_CODE = 'demo';
export const DEMO_CARD_PASSWORD = '582936';
/** The member card's pay password, so VIP, acceleration and the mall can be paid from balance at once. */
export const DEMO_PAY_PASSWORD = '147258';

export const DEMO_SIMS = {
  normal: '1440312345601',
  device: '1440312345602',
  realname: '1440312345603',
  coupon: '1460312345604',
  arrears: '1410312345605',
  password: '1440312345606',
  breakRule: '1440312345607',
  member: '1440312345608',
  expired: '1440312345609',
  exhausted: '1460312345610',
  suspended: '1440312345611',
  offlineDevice: '1440312345612',
} as const;
export const DEMO_DEVICE_NO = 'HK5G2025000102';
export const DEMO_OFFLINE_DEVICE_NO = 'HK4G2025000112';
export const DEMO_BOUND_MOBILE = '13800138001';

const DAY_MS = 24 * 3600_000;
const GB = 1024;

const menu = (key: string, name: string, path: string, group = 'service') => ({
  key,
  name,
  icon: `/shop/static/iot/menu/${key}.png`,
  path,
  switch: 1 as const,
  group,
});

export const DEMO_SIM_LAYOUT: SimLayout = {
  name: '好卡物联',
  logo: '/shop/static/iot/logo.png',
  refreshSwitch: 1,
  packageLamp: 1,
  kefuUrl: 'https://work.weixin.qq.com/kfid/kfc-haoka-demo',
  notice: '流量数据存在一定延迟，以运营商为准。',
  maxMenuTimes: 10,
  menus: [
    menu('package', '套餐订购', '/pages/iot/index/package/index', 'business'),
    menu('balance', '余额充值', '/pages/iot/index/balance/index', 'business'),
    menu('orderLogs', '订单记录', '/pages/iot/index/orderLogs/index', 'business'),
    menu('realnameAuth', '实名认证', '/pages/iot/index/realnameAuth/index'),
    menu('payPassword', '支付密码', '/pages/iot/index/payPassword/index'),
    menu('bindPhone', '绑定手机', '/pages/iot/index/bindPhone/index'),
    menu('couponChoose', '充值活动', '/pages/iot/index/couponChoose/index', 'business'),
    menu('customer', '联系客服', '/pages/iot/index/customer/index'),
    menu('setRenew', '自动续费', '/pages/iot/index/setRenew/index', 'business'),
    menu('switchNet', '切换网络', '/pages/iot/index/switchNet/index', 'device'),
    menu('deviceManage', '设备管理', '/pages-sub/iot/deviceManage/index', 'device'),
    menu('historyLine', '用量统计', '/pages-sub/iot/historyLine/index'),
    menu('integralShop', '积分商城', '/pages-sub/iot/integralShop/index', 'benefit'),
    menu('vip', '会员中心', '/pages-sub/iot/vip/index', 'benefit'),
    menu('accelerate', '网络加速', '/pages-sub/iot/index/accelerate/index', 'benefit'),
    menu('task', '任务中心', '/pages-sub/iot/task/index', 'benefit'),
    menu('couponExchange', '兑换中心', '/pages-sub/iot/couponExchange/index', 'benefit'),
  ],
  carousels: [
    { image: '/shop/static/iot/banner/vip.png', path: '/pages-sub/iot/vip/index' },
    { image: '/shop/static/iot/banner/package.png', path: '/pages/iot/index/package/index' },
  ],
  popup: {
    switch: 1,
    title: '温馨提示',
    content: '<p>根据工信部要求，物联卡须完成实名认证后使用。请勿将卡片用于手机或其他非约定设备。</p>',
    // A real-name reminder: only cards that still have to do it see it.
    audience: 'unverified',
  },
  tabBar: {
    switch: 1,
    middleBulge: 0,
    items: [
      {
        text: '首页',
        icon: '/shop/static/iot/tab/home.png',
        selectedIcon: '/shop/static/iot/tab/home-on.png',
        path: '/pages/iot/index/index',
        switch: 1,
      },
      {
        text: '任务',
        icon: '/shop/static/iot/tab/task.png',
        selectedIcon: '/shop/static/iot/tab/task-on.png',
        path: '/pages-sub/iot/task/index',
        switch: 1,
      },
      {
        text: '我的',
        icon: '/shop/static/iot/tab/user.png',
        selectedIcon: '/shop/static/iot/tab/user-on.png',
        path: '/pages-sub/iot/user/index',
        switch: 1,
      },
    ],
  },
  user: {
    // Eleven entries, nine on 我的 and the rest behind 更多 (user/moreMenu).
    elements: [
      menu('asset', '我的资产', '/pages-sub/iot/user/asset', 'user'),
      menu('integralLog', '积分明细', '/pages-sub/iot/integralLog/index', 'user'),
      menu('packageInfo', '套餐信息', '/pages-sub/iot/packageInfo/index', 'user'),
      menu('orderLogs', '订单记录', '/pages/iot/index/orderLogs/index', 'user'),
      menu('vip', '会员中心', '/pages-sub/iot/vip/index', 'user'),
      menu('task', '任务中心', '/pages-sub/iot/task/index', 'user'),
      menu('integralShop', '积分商城', '/pages-sub/iot/integralShop/index', 'user'),
      menu('couponExchange', '券币兑换', '/pages-sub/iot/couponExchange/index', 'user'),
      menu('accelerate', '加速记录', '/pages-sub/iot/index/accelerate/order', 'user'),
      menu('payPassword', '支付密码', '/pages/iot/index/payPassword/index', 'user'),
      menu('service', '服务中心', '/pages-sub/iot/user/service', 'user'),
    ],
    carousels: [
      { image: '/shop/static/iot/banner/task.png', path: '/pages-sub/iot/task/index' },
      { image: '/shop/static/iot/banner/vip.png', path: '/pages-sub/iot/vip/index' },
    ],
    maxMenuTimes: 9,
    service: {
      title: '7×24小时在线客服',
      kefuUrl: 'https://work.weixin.qq.com/kfid/kfc-haoka-demo',
      mobile: '4008001234',
      // A real QR code of kefuUrl (drawn once with the qrcode package).
      qr: '/shop/static/iot/kefu-qr.svg',
    },
  },
};

type SimInsert = Insertable<SimsTable>;

/** A running, real-named 30 GB card of the demo promoter; `values` override any field. */
export function demoSimRow(
  now: number,
  values: Partial<SimInsert> & Pick<SimInsert, 'sim_no' | 'iccid' | 'operator_type'>,
): SimInsert {
  return newSimRow(now, { promo_code: DEMO_PROMO_CODE, layout_code: DEMO_SIM_LAYOUT_CODE, ...values });
}

async function demoCards(now: number): Promise<SimInsert[]> {
  return [
    demoSimRow(now, {
      sim_no: DEMO_SIMS.normal,
      iccid: '89860420192012345601',
      operator_type: 1,
      mobile: DEMO_BOUND_MOBILE,
      mobile_bound_at: now - 30 * DAY_MS,
      balance_fen: 2580,
      integral: 320,
      coupon_coin: 5,
      use_flow: 8123.45,
      recharge_times: 3,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.device,
      iccid: '89860420192012345602',
      imei: '866123045678902',
      operator_type: 1,
      source_type: 2,
      device_no: DEMO_DEVICE_NO,
      total_flow: 100 * GB,
      use_flow: 23456.7,
      balance_fen: 10000,
      integral: 1200,
      apn: 'CMIOT',
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.realname,
      iccid: '89860420192012345603',
      operator_type: 1,
      sim_status: 1,
      auth_status: 0,
      need_auth: 1,
      // The platform's own real-name too, with both sides of the ID card (reviewed with `sim-auth`).
      need_platform_auth: 1,
      platform_auth_type: 2,
      internet_status: 0,
      online_status: 0,
      numb_auth: 0,
      use_flow: 0,
      // Never synced since it was opened: the first refresh after real-name reaches the operator.
      last_robin_at: now - DAY_MS,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.coupon,
      iccid: '89860122801234560604',
      operator_type: 2,
      apn: '3gnet',
      need_buy_coupon: 1,
      total_flow: 0,
      internet_status: 0,
      online_status: 0,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.arrears,
      iccid: '89860322801234560605',
      operator_type: 3,
      apn: 'ctnet',
      sim_status: 3,
      // China Telecom's 欠停(双向); paying the arrears asks the operator to run it again.
      stop_reason: 'arrears',
      arrears_fen: 2350,
      internet_status: 0,
      online_status: 0,
      use_flow: 12 * GB + 345.6,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.password,
      iccid: '89860420192012345606',
      operator_type: 1,
      card_password_mode: 1,
      card_password_hash: await hashCardPassword(DEMO_CARD_PASSWORD),
      use_flow: 1024.5,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.breakRule,
      iccid: '89860420192012345607',
      operator_type: 1,
      sim_status: 3,
      internet_status: 0,
      online_status: 0,
      // OneLink's 机卡分离停机.
      stop_reason: 'violation',
      break_rule_id: 3,
      break_tips: '检测到机卡分离使用，已限制上网。确认在约定设备中使用后可自助解除。',
      allow_remove_break: 1,
      break_stopped: 1,
      use_flow: 5120,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.member,
      iccid: '89860420192012345608',
      operator_type: 1,
      balance_fen: 10000,
      integral: 800,
      coupon_coin: 20,
      use_flow: 4096,
      pay_password_hash: await hashPayPassword(DEMO_PAY_PASSWORD),
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.expired,
      iccid: '89860420192012345609',
      operator_type: 1,
      // OneLink's 商品到期失效停机: the package ran out and its flow left the pool; a new one restarts it.
      sim_status: 3,
      stop_reason: 'packageExpired',
      internet_status: 0,
      online_status: 0,
      total_flow: 0,
      use_flow: 0,
      surplus_time: 0,
      end_at: now - 3 * DAY_MS,
      balance_fen: 1200,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.exhausted,
      iccid: '89860122801234560610',
      operator_type: 2,
      apn: '3gnet',
      // Running, but its 10 GB are used up: no data until a package or an add-on.
      total_flow: 10 * GB,
      use_flow: 10 * GB,
      internet_status: 0,
      online_status: 0,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.suspended,
      iccid: '89860420192012345611',
      operator_type: 1,
      // OneLink's M2M 管理停机: only the operator lifts it (customer service).
      sim_status: 3,
      stop_reason: 'operator',
      internet_status: 0,
      online_status: 0,
      use_flow: 2048,
    }),
    demoSimRow(now, {
      sim_no: DEMO_SIMS.offlineDevice,
      iccid: '89860420192012345612',
      imei: '866123045678912',
      operator_type: 1,
      source_type: 2,
      device_no: DEMO_OFFLINE_DEVICE_NO,
      // The card runs, but the device is off (its battery is flat).
      online_status: 0,
      total_flow: 50 * GB,
      use_flow: 8192,
    }),
  ];
}

/** Deterministic daily usage for the last 60 days, so the history chart has a shape. */
function pastUsage(simId: number, now: number, dailyMb: number) {
  return Array.from({ length: 60 }, (_, i) => {
    const day = new Date(now + 8 * 3600_000 - (60 - i) * DAY_MS).toISOString().slice(0, 10);
    const wave = 0.6 + 0.4 * Math.abs(Math.sin((simId + i) * 0.7));
    return { sim_id: simId, day, flow_mb: Math.round(dailyMb * wave * 100) / 100 };
  });
}

async function insertDemoCards(tx: Tx, now = Date.now()) {
  await tx
    .insertInto('sim_layouts')
    .values({ code: DEMO_SIM_LAYOUT_CODE, layout_json: JSON.stringify(DEMO_SIM_LAYOUT), updated_at: now })
    .execute();
  for (const values of await demoCards(now)) {
    const { id } = await tx.insertInto('sims').values(values).returning('id').executeTakeFirstOrThrow();
    if (values.internet_status === 1)
      await tx
        .insertInto('sim_usage_daily')
        .values(pastUsage(id, now, 180))
        .execute();
    if (values.source_type !== 2) continue;
    if (values.sim_no === DEMO_SIMS.offlineDevice) {
      // A 2.4G-only device on its own SIM, switched off with a flat battery.
      await tx
        .insertInto('sim_devices')
        .values({
          sim_id: id,
          device_no: DEMO_OFFLINE_DEVICE_NO,
          model: 'HK-M2 4G随身WiFi',
          wifi_encrypt: 1,
          conn_count: 0,
          max_conn_count: 10,
          battery: 0,
          signal: 0,
          show_wifi: 1,
          switch_wifi: 1,
          wifi_name: 'Haoka-4G-0112',
          wifi_pass: 'hk20250112',
          show_wifi_5g: 0,
          switch_wifi_5g: 0,
          wifi_name_5g: '',
          wifi_pass_5g: '',
          updated_at: now,
        })
        .execute();
      continue;
    }
    await tx
      .insertInto('sim_devices')
      .values({
        sim_id: id,
        device_no: DEMO_DEVICE_NO,
        model: 'HK-M5 5G随身WiFi',
        wifi_encrypt: 1,
        conn_count: 3,
        max_conn_count: 16,
        battery: 78,
        signal: 4,
        show_wifi: 1,
        switch_wifi: 1,
        wifi_name: 'Haoka-5G-0102',
        wifi_pass: 'hk20250102',
        show_wifi_5g: 1,
        switch_wifi_5g: 1,
        wifi_name_5g: 'Haoka-5G-0102_5G',
        wifi_pass_5g: 'hk20250102',
        updated_at: now,
      })
      .execute();
    await tx
      .insertInto('vice_sims')
      .values([
        {
          sim_id: id,
          sim_no: DEMO_SIMS.device,
          iccid: '89860420192012345602',
          operator_type: 1,
          auth_status: 1,
          is_current: 1,
          signal: 4,
          sort: 1,
        },
        {
          sim_id: id,
          sim_no: '1460312345612',
          iccid: '89860122801234560612',
          operator_type: 2,
          auth_status: 1,
          is_current: 0,
          signal: 3,
          sort: 2,
        },
        {
          sim_id: id,
          sim_no: '1410312345622',
          iccid: '89860322801234560622',
          operator_type: 3,
          auth_status: 1,
          is_current: 0,
          signal: 2,
          sort: 3,
        },
      ])
      .execute();
  }
}

export const demoIotCards: Seeder = {
  name: 'demo-iot-cards',
  kind: 'demo',
  async run(tx) {
    await insertDemoCards(tx);
  },
};
