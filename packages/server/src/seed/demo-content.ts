/** Demo system articles (payment, promise, about, privacy) and FAQ entries over every question category. */
import { ARTICLE_CATEGORY } from '../modules/content/service.js';
import type { Seeder } from './seeder.js';

interface Article {
  code: 'payment' | 'promise' | 'about' | 'privacy';
  title: string;
  content: string;
}

export const DEMO_ARTICLES: Article[] = [
  {
    code: 'payment',
    title: '交易条款',
    content:
      '<h3>一、订单与支付</h3><p>您提交订单即表示同意本条款。号码订单需在30分钟内完成支付，超时未支付的订单自动取消，号码释放。</p>' +
      '<h3>二、预存话费</h3><p>靓号的预存话费在号码激活后全额存入该号码账户，仅可用于抵扣话费，不可提现。</p>' +
      '<h3>三、退款</h3><p>订单审核未通过或未发货前取消的，款项原路退回，1–7个工作日到账。号码激活后不支持退款。</p>' +
      '<h3>四、实名办理</h3><p>根据国家规定，所有号卡须机主本人实名办理，同一身份证全国限办5张。</p>',
  },
  {
    code: 'promise',
    title: '服务承诺',
    content:
      '<ul><li><strong>正规号卡</strong>：所有号码均为运营商正规渠道号卡，可查可验。</li>' +
      '<li><strong>资费透明</strong>：套餐资费以页面展示为准，无隐形消费。</li>' +
      '<li><strong>极速发货</strong>：审核通过后48小时内发货，全国包邮。</li>' +
      '<li><strong>售后无忧</strong>：激活遇到问题，客服7×12小时在线协助。</li></ul>',
  },
  {
    code: 'about',
    title: '关于我们',
    content:
      '<p>好卡商城专注于运营商号卡与靓号的线上选购服务，与中国移动、中国联通、中国电信、中国广电的授权渠道合作，' +
      '为个人与企业用户提供选号、办卡、物联网卡自助服务等一站式服务。</p><p>客服电话：400-000-0000（9:00–21:00）</p>',
  },
  {
    code: 'privacy',
    title: '隐私政策',
    content:
      '<h3>我们收集的信息</h3><p>为办理号卡，我们会收集您的姓名、身份证号、联系电话和收货地址，仅用于实名登记与配送。</p>' +
      '<h3>信息的保护</h3><p>身份证号加密存储，页面与日志中均以脱敏形式展示。我们不会向无关第三方出售或提供您的个人信息。</p>' +
      '<h3>您的权利</h3><p>您可以联系客服查询、更正或删除您的个人信息。</p>',
  },
];

interface Faq {
  category: 'order' | 'pay' | 'delivery' | 'card' | 'iot';
  scope: 'shop' | 'iot' | 'all';
  title: string;
  summary: string;
  content: string;
  hot: number;
}

export const DEMO_FAQ: Faq[] = [
  {
    category: 'order',
    scope: 'shop',
    title: '如何查询我的订单？',
    summary: '在“我的-我的订单”用下单手机号登录即可查询。',
    content: '<p>进入“我的”页面，点击“我的订单”，使用下单时填写的手机号和短信验证码登录，即可查看全部订单及状态。</p>',
    hot: 98,
  },
  {
    category: 'order',
    scope: 'shop',
    title: '订单一直显示待审核怎么办？',
    summary: '审核一般在24小时内完成，节假日可能顺延。',
    content: '<p>号卡订单需要运营商审核实名信息，一般24小时内完成。超过48小时仍未审核，请联系客服处理。</p>',
    hot: 75,
  },
  {
    category: 'order',
    scope: 'shop',
    title: '下单后可以修改收货地址吗？',
    summary: '未发货前可联系客服修改地址。',
    content: '<p>订单发货前，您可以联系在线客服提供订单号和新地址进行修改；已发货的订单无法修改。</p>',
    hot: 60,
  },
  {
    category: 'order',
    scope: 'shop',
    title: '如何取消订单？',
    summary: '待支付订单可直接取消，已支付订单请联系客服。',
    content: '<p>待支付的订单可在订单列表点击“取消订单”；已支付未发货的订单请联系客服申请取消并退款。</p>',
    hot: 0,
  },
  {
    category: 'order',
    scope: 'all',
    title: '如何联系人工客服？',
    summary: '客服中心提供在线客服、电话客服和微信客服。',
    content: '<p>在“客服中心”可选择在线客服、拨打客服电话400-000-0000，或添加微信客服，服务时间9:00–21:00。</p>',
    hot: 65,
  },
  {
    category: 'pay',
    scope: 'all',
    title: '支持哪些支付方式？',
    summary: '支持微信支付和支付宝。',
    content: '<p>目前支持微信支付和支付宝。在微信内打开时默认使用微信支付。</p>',
    hot: 80,
  },
  {
    category: 'pay',
    scope: 'all',
    title: '支付成功但订单显示未支付怎么办？',
    summary: '支付结果可能有延迟，请稍后刷新订单。',
    content:
      '<p>支付结果通知可能有1–3分钟延迟，请稍后刷新订单页面。如10分钟后仍显示未支付，请提供支付凭证联系客服。</p>',
    hot: 70,
  },
  {
    category: 'pay',
    scope: 'shop',
    title: '预存话费什么时候到账？',
    summary: '号码激活后预存话费全额到账。',
    content: '<p>靓号的预存话费在号码激活后24小时内全额存入号码账户，可通过运营商App查询。</p>',
    hot: 40,
  },
  {
    category: 'pay',
    scope: 'all',
    title: '如何申请退款？',
    summary: '未发货订单可申请退款，原路退回。',
    content: '<p>审核未通过或未发货前取消的订单，款项将原路退回，1–7个工作日到账。号码激活后不支持退款。</p>',
    hot: 0,
  },
  {
    category: 'delivery',
    scope: 'shop',
    title: '多久可以发货？',
    summary: '审核通过后48小时内发货，全国包邮。',
    content: '<p>订单审核通过后48小时内由顺丰或京东物流发出，全国包邮（港澳台及偏远地区除外）。</p>',
    hot: 90,
  },
  {
    category: 'delivery',
    scope: 'shop',
    title: '可以指定快递公司吗？',
    summary: '暂不支持指定快递。',
    content: '<p>为保证时效，快递公司由系统根据收货地址自动选择，暂不支持指定。</p>',
    hot: 0,
  },
  {
    category: 'card',
    scope: 'shop',
    title: '收到卡后如何激活？',
    summary: '按卡套说明完成人脸识别并首充即可激活。',
    content:
      '<ol><li>将卡插入手机</li><li>按卡套上的二维码进入运营商激活页面</li><li>完成人脸识别</li><li>首次充值后即可使用</li></ol>',
    hot: 95,
  },
  {
    category: 'card',
    scope: 'shop',
    title: '一个身份证可以办几张卡？',
    summary: '同一身份证全国限办5张号卡（一证五号）。',
    content: '<p>根据工信部规定，同一身份证在全国范围内最多可办理5张手机卡，已达上限的将无法审核通过。</p>',
    hot: 85,
  },
  {
    category: 'card',
    scope: 'shop',
    title: '套餐可以更改吗？',
    summary: '合约期内不可降档，可升档。',
    content: '<p>合约期内套餐只能升档不能降档，合约期满后可通过运营商营业厅或App自助变更。</p>',
    hot: 30,
  },
  {
    category: 'card',
    scope: 'shop',
    title: '靓号可以过户或携号转网吗？',
    summary: '合约期满后按运营商规定办理。',
    content: '<p>靓号在合约期内不支持过户和携号转网，合约期满后可按运营商规定到营业厅办理。</p>',
    hot: 0,
  },
  {
    category: 'iot',
    scope: 'iot',
    title: '物联卡如何实名认证？',
    summary: '登录卡片后在“实名认证”按提示完成。',
    content: '<p>使用卡号登录后进入“实名认证”，按提示上传身份证并完成人脸识别，认证通过后即可正常上网。</p>',
    hot: 92,
  },
  {
    category: 'iot',
    scope: 'iot',
    title: '流量用完了怎么办？',
    summary: '可在“套餐订购”购买加油包或续订套餐。',
    content: '<p>进入卡片首页的“套餐订购”，选择加油包（当月有效）或续订基础套餐，支付成功后立即生效。</p>',
    hot: 88,
  },
  {
    category: 'iot',
    scope: 'iot',
    title: '设备Wi-Fi密码忘记了怎么修改？',
    summary: '在“设备管理”中可查看和修改Wi-Fi名称与密码。',
    content: '<p>进入“设备管理-修改WiFi”，可查看当前密码，也可设置新的名称和密码，设备重启后生效。</p>',
    hot: 50,
  },
  {
    category: 'iot',
    scope: 'iot',
    title: '为什么物联卡显示已停机？',
    summary: '余额不足、未实名或套餐到期都会导致停机。',
    content: '<p>常见原因：账户欠费、未完成实名认证、套餐已到期。充值或完成认证后一般10分钟内自动复机。</p>',
    hot: 0,
  },
];

const HOUR_MS = 60 * 60 * 1000;

export const demoContent: Seeder = {
  name: 'demo-content',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    const articles = DEMO_ARTICLES.map((a) => ({
      code: a.code,
      category: ARTICLE_CATEGORY,
      scope: 'all',
      title: a.title,
      summary: '',
      content: a.content,
      hot: 0,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
    }));
    // One hour apart, so "newest first" within a sort value has something to order.
    const faq = DEMO_FAQ.map((f, index) => ({
      code: null,
      category: f.category,
      scope: f.scope,
      title: f.title,
      summary: f.summary,
      content: f.content,
      hot: f.hot,
      sort: 0,
      enabled: 1,
      created_at: now - index * HOUR_MS,
      updated_at: now - index * HOUR_MS,
    }));
    await tx
      .insertInto('questions')
      .values([...articles, ...faq])
      .execute();
  },
};
