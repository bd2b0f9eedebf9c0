/**
 * Reference agreements every shop needs (the shopper login agreement), stored as system articles. Each is
 * inserted only when no row has its code yet, so an operator's own text is never replaced.
 */

import type { Tx } from '../db/database.js';
import { LOGIN_PROTOCOL_CODE } from '../modules/auth/service.js';
import { ARTICLE_CATEGORY } from '../modules/content/service.js';
import { IOT_LOGIN_PROTOCOL_CODE } from '../modules/iot-core/service.js';
import type { Seeder } from './seeder.js';

interface ProtocolArticle {
  code: string;
  title: string;
  content: string;
}

export const LOGIN_PROTOCOL: ProtocolArticle = {
  code: LOGIN_PROTOCOL_CODE,
  title: '用户协议',
  content:
    '<p>欢迎使用本商城的订单查询服务。登录即表示您已阅读并同意本协议。</p>' +
    '<h3>一、登录方式</h3><p>您可以使用下单时填写的手机号，通过短信验证码或身份证后6位登录，查询该手机号名下的订单。' +
    '请勿将验证码告知他人。</p>' +
    '<h3>二、个人信息</h3><p>为核验身份，我们会使用您的手机号及订单中的身份信息。身份证号加密存储，页面中仅以脱敏形式展示，' +
    '详见《隐私政策》。</p>' +
    '<h3>三、账号安全</h3><p>登录状态保持7天。在公共设备上使用后，请在“我的订单”页点击“退出”。' +
    '如发现订单信息被他人查看，请立即联系客服。</p>' +
    '<h3>四、协议变更</h3><p>本协议更新后将在登录页展示新版本，继续使用即视为同意更新后的协议。</p>',
};

export const IOT_LOGIN_PROTOCOL: ProtocolArticle = {
  code: IOT_LOGIN_PROTOCOL_CODE,
  title: '物联卡服务协议',
  content:
    '<p>欢迎使用物联卡自助服务。登录即表示您已阅读并同意本协议。</p>' +
    '<h3>一、登录方式</h3><p>您可以使用卡号、ICCID、设备号或已绑定的手机号登录；开启卡密码的卡片还需输入6位卡密码。' +
    '同一设备可登录多张卡并随时切换，30天未使用需重新登录。</p>' +
    '<h3>二、实名与使用</h3><p>根据国家规定，物联卡须完成实名认证后方可使用，且仅限在约定的设备中使用。' +
    '机卡分离、转售等违规行为将导致限制上网或停机。</p>' +
    '<h3>三、流量与费用</h3><p>页面展示的流量数据来自运营商，存在一定延迟，以运营商结算为准。' +
    '套餐、余额及充值活动的规则以订购页面说明为准。</p>' +
    '<h3>四、个人信息</h3><p>绑定的手机号仅用于身份验证和服务通知，页面中以脱敏形式展示。</p>' +
    '<h3>五、协议变更</h3><p>本协议更新后将在登录页展示新版本，继续使用即视为同意更新后的协议。</p>',
};

async function insertIfAbsent(tx: Tx, article: ProtocolArticle, now = Date.now()): Promise<void> {
  const existing = await tx.selectFrom('questions').select('id').where('code', '=', article.code).executeTakeFirst();
  if (existing) return;
  await tx
    .insertInto('questions')
    .values({
      code: article.code,
      category: ARTICLE_CATEGORY,
      scope: 'all',
      title: article.title,
      summary: '',
      content: article.content,
      hot: 0,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export const loginProtocol: Seeder = {
  name: 'login-protocol',
  kind: 'reference',
  async run(tx) {
    await insertIfAbsent(tx, LOGIN_PROTOCOL);
  },
};

export const iotLoginProtocol: Seeder = {
  name: 'iot-login-protocol',
  kind: 'reference',
  async run(tx) {
    await insertIfAbsent(tx, IOT_LOGIN_PROTOCOL);
  },
};
