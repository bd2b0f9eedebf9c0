/** The demo promoter `demo`: the storefront a fresh clone opens with. */
import type { FrontConfig, ShopMenuItem } from '@haoka/contract';
import type { Seeder } from './seeder.js';

export const DEMO_PROMO_CODE = 'demo';

const front: FrontConfig = {
  title: '好卡靓号商城',
  keywords: '靓号,手机号,流量卡,物联卡',
  description: '正规运营商号卡与靓号在线选购，下单即办，全国包邮。',
  logo: '/shop/static/logo.png',
  indexCarousel: [],
  bottomTips: '<p>所有号码均为运营商正规号卡，需本人实名办理。</p>',
  ipcCode: '京ICP备00000000号-1',
  kefuUrl: '',
  kefuQr: '',
  kefuMobile: '400-000-0000',
  followQr: '',
  shopTemplate: 1,
  fastNav: [],
  suggest: null,
  indexSearch: 1,
  indexFirstGroup: 1,
  showInviteRegister: 0,
};

const shopMenu: ShopMenuItem[] = [];

export const demoShop: Seeder = {
  name: 'demo-shop',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    await tx
      .insertInto('promoters')
      .values({
        code: DEMO_PROMO_CODE,
        name: '好卡演示店',
        is_agent: 0,
        parent_code: null,
        owner_mobile: null,
        domain: '',
        invite_code: 'HK2026',
        douyin_mp_im_id: '',
        kuaishou_mp_im_id: '',
        front_json: JSON.stringify(front),
        shop_menu_json: JSON.stringify(shopMenu),
        show_payment_type_json: JSON.stringify(['wxpay', 'alipay']),
        enabled: 1,
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  },
};
