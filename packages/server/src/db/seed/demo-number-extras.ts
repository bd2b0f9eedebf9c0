/** Demo packages a vanity number is sold with (2–3 per operator) and demo buyer reviews. */
import type { Seeder } from './index.js';

interface DemoPackage {
  name: string;
  monthlyFeeFen: number;
  flowText: string;
  voiceText: string;
  contractMonths: number;
  description: string;
  /** Lowest number level the package may be chosen with. */
  minLevel: number;
  isDefault: 0 | 1;
}

export const DEMO_NUMBER_PACKAGES: Record<1 | 2 | 3 | 4, DemoPackage[]> = {
  1: [
    {
      name: '移动5G智享套餐 39元',
      monthlyFeeFen: 3900,
      flowText: '30GB通用流量',
      voiceText: '200分钟',
      contractMonths: 12,
      description: '适合日常使用：30GB全国通用流量，200分钟国内通话，来电显示免费。',
      minLevel: 1,
      isDefault: 1,
    },
    {
      name: '移动5G乐享套餐 79元',
      monthlyFeeFen: 7900,
      flowText: '60GB通用流量',
      voiceText: '500分钟',
      contractMonths: 12,
      description: '流量通话双升级：60GB全国通用流量，500分钟国内通话，赠视频会员月卡。',
      minLevel: 1,
      isDefault: 0,
    },
    {
      name: '移动靓号专享套餐 199元',
      monthlyFeeFen: 19900,
      flowText: '150GB通用流量',
      voiceText: '1500分钟',
      contractMonths: 24,
      description: '三级及以上靓号可选：150GB流量，1500分钟通话，专属客户经理。',
      minLevel: 3,
      isDefault: 0,
    },
  ],
  2: [
    {
      name: '联通5G畅爽套餐 39元',
      monthlyFeeFen: 3900,
      flowText: '40GB通用流量',
      voiceText: '100分钟',
      contractMonths: 12,
      description: '40GB全国通用流量，100分钟国内通话，腾讯系应用定向免流。',
      minLevel: 1,
      isDefault: 1,
    },
    {
      name: '联通5G冰激凌套餐 99元',
      monthlyFeeFen: 9900,
      flowText: '80GB通用流量',
      voiceText: '800分钟',
      contractMonths: 12,
      description: '80GB全国通用流量，800分钟国内通话，可加副卡共享。',
      minLevel: 1,
      isDefault: 0,
    },
    {
      name: '联通靓号专享套餐 199元',
      monthlyFeeFen: 19900,
      flowText: '120GB通用流量',
      voiceText: '2000分钟',
      contractMonths: 24,
      description: '三级及以上靓号可选：120GB流量，2000分钟通话。',
      minLevel: 3,
      isDefault: 0,
    },
  ],
  3: [
    {
      name: '电信5G畅享套餐 39元',
      monthlyFeeFen: 3900,
      flowText: '30GB通用流量',
      voiceText: '300分钟',
      contractMonths: 12,
      description: '30GB全国通用流量，300分钟国内通话，赠天翼云盘。',
      minLevel: 1,
      isDefault: 1,
    },
    {
      name: '电信5G融合套餐 129元',
      monthlyFeeFen: 12900,
      flowText: '100GB通用流量',
      voiceText: '1000分钟',
      contractMonths: 24,
      description: '100GB流量、1000分钟通话，含300M宽带（需装机地址）。',
      minLevel: 1,
      isDefault: 0,
    },
  ],
  4: [
    {
      name: '广电5G基础套餐 29元',
      monthlyFeeFen: 2900,
      flowText: '30GB通用流量',
      voiceText: '100分钟',
      contractMonths: 12,
      description: '中国广电192号段，30GB全国通用流量，100分钟国内通话。',
      minLevel: 1,
      isDefault: 1,
    },
    {
      name: '广电5G惠享套餐 59元',
      monthlyFeeFen: 5900,
      flowText: '100GB通用流量',
      voiceText: '300分钟',
      contractMonths: 12,
      description: '100GB全国通用流量，300分钟国内通话，赠广电慧家电视会员。',
      minLevel: 1,
      isDefault: 0,
    },
  ],
};

export const demoNumberPackages: Seeder = {
  name: 'demo-number-packages',
  kind: 'demo',
  async run(tx) {
    const rows = Object.entries(DEMO_NUMBER_PACKAGES).flatMap(([operator, packages]) =>
      packages.map((p, index) => ({
        operator_type: Number(operator),
        name: p.name,
        monthly_fee_fen: p.monthlyFeeFen,
        flow_text: p.flowText,
        voice_text: p.voiceText,
        contract_months: p.contractMonths,
        description: p.description,
        min_level: p.minLevel,
        is_default: p.isDefault,
        sort: index + 1,
        enabled: 1,
      })),
    );
    await tx.insertInto('number_packages').values(rows).execute();
  },
};

/** [mobile, star, content, tags, days ago] */
const COMMENTS: [string, number, string, string[], number][] = [
  ['13812346688', 5, '号码很好记，客户都说一次就记住了，发货也快，第二天就到了。', ['号码好记', '发货快'], 1],
  ['15900001234', 5, '选了个尾号带8的，预存话费当天就到账了，客服很耐心。', ['客服耐心', '服务好'], 2],
  ['18622225555', 4, '套餐资费合理，激活按说明几分钟就搞定了。', ['资费实惠'], 3],
  ['13300008899', 5, '给公司选的AABB号，老板很满意，开票也方便。', ['号码好记', '服务好'], 4],
  ['17788886666', 5, '快递包装很仔细，卡套上的激活说明写得很清楚。', ['发货快'], 6],
  ['15011112222', 4, '号码不错，就是审核等了一天，整体满意。', ['号码好记'], 8],
  ['13698765432', 5, '生日号送给女朋友，她特别喜欢，推荐！', ['号码好记', '服务好'], 10],
  ['18900001111', 3, '号码挺好，物流稍慢，客服有及时跟进。', ['客服耐心'], 12],
  ['19200006666', 5, '广电192号段信号不错，5G网速很快。', ['资费实惠'], 15],
  ['13566667777', 5, '第二次在这里买号了，流程简单，值得信赖。', ['服务好', '发货快'], 18],
  ['18533334444', 4, '选号页面筛选很方便，一下就找到喜欢的号。', ['号码好记'], 21],
  ['13122223333', 5, '实名认证一次通过，号码当天激活可用。', ['发货快', '服务好'], 25],
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const demoNumberComments: Seeder = {
  name: 'demo-number-comments',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    await tx
      .insertInto('number_comments')
      .values(
        COMMENTS.map(([mobile, star, content, tags, daysAgo]) => ({
          promo_code: '',
          mobile,
          star,
          content,
          images_json: '[]',
          tags_json: JSON.stringify(tags),
          enabled: 1,
          created_at: now - daysAgo * DAY_MS,
        })),
      )
      .execute();
  },
};
