/**
 * The card's agreements (kind 'reference': every shop needs them) and the demo rewards (kind 'demo'): the
 * 7-day sign-in, four tasks, and coupons for sale against coupon coins.
 *
 * Agreements are system articles like the login ones (protocols.ts); each is inserted only when no row
 * has its code yet, so an operator's own text is never replaced. The service agreement is the card
 * login's (物联卡服务协议), seeded there.
 *
 * The video task plays `/shop/static/iot/task/demo-video.mp4` (packages/web/public): a 20 s, 480×270
 * H.264 test card with a running clock (ffmpeg `testsrc2`, baseline profile, no sound, 189 KB).
 */
import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { IotCouponExchangesTable, IotTasksTable } from '../db/schema-iot-rewards.js';
import { ARTICLE_CATEGORY } from '../modules/content/service.js';
import type { Seeder } from './seeder.js';

interface Agreement {
  code: string;
  title: string;
  content: string;
}

export const IOT_AGREEMENTS: Agreement[] = [
  {
    code: 'iot_protocol_privacy',
    title: '隐私政策',
    content:
      '<p>我们重视您的个人信息保护。本政策说明物联卡自助服务如何收集、使用和保护您的信息。</p>' +
      '<h3>一、我们收集的信息</h3><p>卡号、ICCID、设备号等卡片信息；您绑定的手机号；实名认证时提交的姓名、身份证号及证件照片；' +
      '订单、充值、积分与券币记录；为保障安全所需的设备与网络信息（IP地址、浏览器类型）。</p>' +
      '<h3>二、信息的使用</h3><p>用于卡片登录与身份核验、办理套餐与充值、履行实名制要求、发送服务通知及处理售后。' +
      '我们不会将您的信息用于与服务无关的用途。</p>' +
      '<h3>三、信息的保护</h3><p>身份证号加密存储，页面与日志中仅以脱敏形式展示；支付密码以不可逆方式保存。' +
      '仅经授权的工作人员在必要范围内可以访问您的信息。</p>' +
      '<h3>四、信息的共享</h3><p>为完成实名认证与套餐开通，我们会向卡片所属运营商提供必要信息；为完成支付，会向支付机构提供订单信息。' +
      '除法律法规要求外，我们不会向其他第三方提供您的个人信息。</p>' +
      '<h3>五、您的权利</h3><p>您可以联系客服查询、更正您的信息，或申请注销服务。我们将在15个工作日内答复。</p>',
  },
  {
    code: 'iot_protocol_vip',
    title: '会员服务协议',
    content:
      '<p>开通会员前，请仔细阅读本协议。支付即表示您同意本协议。</p>' +
      '<h3>一、会员权益</h3><p>会员权益以开通页面展示为准，仅限开通会员的卡片使用，不可转让。</p>' +
      '<h3>二、有效期</h3><p>会员自开通成功时起生效。当前会员有效期内再次开通的，新的会员期自当前会员到期时起顺延。</p>' +
      '<h3>三、费用与退款</h3><p>会员费用可使用卡片余额或在线支付。会员生效后原则上不予退款；因系统原因未能生效的，款项原路退回。</p>' +
      '<h3>四、其他</h3><p>如卡片被注销或因违规被限制使用，会员权益同时终止。本协议未尽事宜，以平台公告为准。</p>',
  },
  {
    code: 'iot_protocol_accelerate',
    title: '加速服务协议',
    content:
      '<p>网络加速服务通过运营商为您的卡片提升网络速率上限。开通前请阅读以下内容。</p>' +
      '<h3>一、服务说明</h3><p>加速包开通后，在有效期内提升卡片的速率上限。实际速率受所在区域网络覆盖、基站负载和终端性能影响，' +
      '不承诺达到标称速率。</p>' +
      '<h3>二、生效与叠加</h3><p>支付成功后由运营商受理生效；当前加速包有效期内再次开通的，自当前加速包到期后顺延生效。</p>' +
      '<h3>三、退款</h3><p>运营商受理失败的，款项将自动原路退回。加速生效后不支持退款。</p>' +
      '<h3>四、适用范围</h3><p>部分运营商或卡片类型不支持加速，以开通页面提示为准。</p>',
  },
  {
    code: 'iot_protocol_recharge',
    title: '充值服务协议',
    content:
      '<p>请在充值前阅读本协议，充值即表示您同意本协议。</p>' +
      '<h3>一、充值到账</h3><p>充值款项支付成功后实时计入卡片余额；卡片存在欠费的，充值金额优先抵扣欠费。赠送金额计入余额，与充值金额合并使用。</p>' +
      '<h3>二、余额使用</h3><p>余额可用于订购本卡的套餐、会员、加速包及按量计费扣款，不可提现，不可转入其他卡片。</p>' +
      '<h3>三、充值号码</h3><p>请核对充值号码，设备类卡片以设备号作为充值号码。因号码填写错误造成的损失由充值人承担。</p>' +
      '<h3>四、退款</h3><p>充值成功后原则上不予退款；卡片注销时剩余余额的处理以平台公告为准。</p>',
  },
  {
    code: 'iot_protocol_coupon',
    title: '优惠券使用规则',
    content:
      '<h3>一、获取方式</h3><p>优惠券可通过参与充值活动、在兑换中心使用券币兑换或平台赠送获得。</p>' +
      '<h3>二、使用规则</h3><p>优惠券仅限发放的卡片在订购套餐时使用，每笔订单限用一张；满减券须订单金额达到使用门槛；' +
      '指定套餐券仅限指定套餐使用。</p>' +
      '<h3>三、有效期</h3><p>优惠券须在有效期内使用，过期自动失效，不予补发。</p>' +
      '<h3>四、退还</h3><p>使用优惠券的订单取消或未支付超时关闭的，优惠券退回账户；订单退款时，未过期的优惠券一并退回。</p>' +
      '<h3>五、其他</h3><p>优惠券不可兑换现金，不可转让。以不正当方式获取的优惠券，平台有权收回。</p>',
  },
  {
    code: 'iot_protocol_taskRule',
    title: '任务规则',
    content:
      '<h3>一、每日签到</h3><p>每天可签到一次，按北京时间0点划分日期。连续签到7天为一轮，每天可获得的积分以签到日历显示为准，' +
      '第7天奖励最高；满一轮后次日重新从第1天开始计算。中断一天则连续天数清零，重新从第1天开始。</p>' +
      '<h3>二、任务奖励</h3><p>完成任务后点击“领取”获得积分。一次性任务（如绑定手机号、完成实名认证）每张卡限领取一次；' +
      '每日任务每天按显示次数领取；每月任务每个自然月可领取一次。</p>' +
      '<h3>三、观看视频</h3><p>观看视频须连续播放至要求时长，播放过程中不可快进；中途退出或未达到时长不发放积分。</p>' +
      '<h3>四、积分使用</h3><p>积分可在积分商城兑换商品，积分收支可在“积分明细”中查看。积分不可兑换现金，不可转让。</p>' +
      '<h3>五、其他</h3><p>以作弊等不正当方式获取积分的，平台有权扣回积分并取消参与资格。活动规则如有调整，以本页面最新内容为准。</p>',
  },
];

async function insertAgreementIfAbsent(tx: Tx, agreement: Agreement, now: number): Promise<void> {
  const existing = await tx.selectFrom('questions').select('id').where('code', '=', agreement.code).executeTakeFirst();
  if (existing) return;
  await tx
    .insertInto('questions')
    .values({
      code: agreement.code,
      category: ARTICLE_CATEGORY,
      scope: 'iot',
      title: agreement.title,
      summary: '',
      content: agreement.content,
      hot: 0,
      sort: 0,
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export const iotAgreements: Seeder = {
  name: 'iot-agreements',
  kind: 'reference',
  async run(tx) {
    const now = Date.now();
    for (const agreement of IOT_AGREEMENTS) await insertAgreementIfAbsent(tx, agreement, now);
  },
};

/** The demo sign-in: points of day 1–7 of a streak. */
export const DEMO_SIGN_REWARDS = [5, 5, 10, 10, 15, 15, 30];
export const DEMO_VIDEO_URL = '/shop/static/iot/task/demo-video.mp4';
export const DEMO_VIDEO_SECONDS = 15;

type TaskSeed = Pick<Insertable<IotTasksTable>, 'task_code' | 'name' | 'kind' | 'points'> &
  Partial<Insertable<IotTasksTable>>;

export const DEMO_TASKS: TaskSeed[] = [
  {
    task_code: 'sign',
    name: '每日签到',
    kind: 'sign',
    points: DEMO_SIGN_REWARDS[0] ?? 0,
    period: 'daily',
    rewards_json: JSON.stringify(DEMO_SIGN_REWARDS),
  },
  {
    task_code: 'bindPhone',
    name: '绑定手机号',
    kind: 'bindPhone',
    points: 20,
    icon: '/shop/static/iot/menu/bindPhone.png',
    description: '绑定常用手机号，接收服务通知',
    path: '/pages/iot/index/bindPhone/index',
  },
  {
    task_code: 'realname',
    name: '完成实名认证',
    kind: 'realname',
    points: 50,
    icon: '/shop/static/iot/menu/realnameAuth.png',
    description: '按国家规定完成运营商实名认证',
    path: '/pages/iot/index/realnameAuth/index',
  },
  {
    task_code: 'buyPackage',
    name: '购买任意套餐',
    kind: 'buyPackage',
    points: 30,
    period: 'monthly',
    icon: '/shop/static/iot/menu/package.png',
    description: '每月订购任意套餐或加油包即可领取',
    path: '/pages/iot/index/package/index',
  },
  {
    task_code: 'video',
    name: '观看视频',
    kind: 'video',
    points: 10,
    period: 'daily',
    icon: '/shop/static/iot/menu/task.png',
    description: `完整观看${DEMO_VIDEO_SECONDS}秒视频，每天可领取1次`,
    video_url: DEMO_VIDEO_URL,
    watch_seconds: DEMO_VIDEO_SECONDS,
  },
];

type ExchangeSeed = Pick<
  Insertable<IotCouponExchangesTable>,
  'name' | 'type' | 'amount_fen' | 'valid_days' | 'coin_price'
> &
  Partial<Insertable<IotCouponExchangesTable>>;

export const DEMO_EXCHANGES: ExchangeSeed[] = [
  { name: '¥5无门槛券', type: 1, amount_fen: 500, valid_days: 30, coin_price: 5, limit_times: 3 },
  { name: '¥10套餐券（满29可用）', type: 1, amount_fen: 1000, threshold_fen: 2900, valid_days: 30, coin_price: 10 },
  {
    name: '9折套餐券（满50可用）',
    type: 2,
    discount: 9,
    threshold_fen: 5000,
    amount_fen: 0,
    valid_days: 15,
    coin_price: 8,
  },
  {
    name: '¥30限量券（满59可用）',
    type: 1,
    amount_fen: 3000,
    threshold_fen: 5900,
    valid_days: 7,
    coin_price: 3,
    stock: 1,
    limit_times: 1,
  },
];

export const demoIotRewards: Seeder = {
  name: 'demo-iot-rewards',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    for (const [i, task] of DEMO_TASKS.entries()) {
      await tx
        .insertInto('iot_tasks')
        .values({
          promo_code: '',
          icon: '',
          description: '',
          target: 1,
          period: 'once',
          daily_limit: 1,
          path: '',
          video_url: '',
          watch_seconds: 0,
          rewards_json: '[]',
          enabled: 1,
          ...task,
          sort: i + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (const [i, item] of DEMO_EXCHANGES.entries()) {
      await tx
        .insertInto('iot_coupon_exchanges')
        .values({
          promo_code: '',
          discount: null,
          threshold_fen: 0,
          scope: 'all',
          package_ids_json: '[]',
          stock: null,
          limit_times: null,
          enabled: 1,
          ...item,
          sort: i + 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  },
};
