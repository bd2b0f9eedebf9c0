/** Demo packages a vanity number is sold with (2–3 per operator) and demo buyer reviews. */
import type { ReviewTag } from '@haoka/contract';
import { deriveNumber } from '../modules/numbers/number-row.js';
import type { Seeder } from './seeder.js';

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

/**
 * Demo reviews, as buyers of each kind of number would write them: [buyer's mobile, the number bought,
 * star, content, tags, days ago]. Each is shown on numbers of the level of the one bought (derived from
 * it, as for a real review), so every level of the demo inventory has its own.
 */
const REVIEWS: [string, string, number, string, ReviewTag[], number][] = [
  // Level 5: A5, ABCDE, AABBCC, ABCABC.
  [
    '13601234567',
    '18866666666',
    5,
    '五连号拿来做生意，客户一次就记住了，预存虽然高但值。',
    ['memorable', 'goodService'],
    2,
  ],
  [
    '15820003344',
    '15912345678',
    5,
    '顺子号一眼就爱上了，筛选很快找到，实名和激活都很顺利。',
    ['memorable', 'fastDelivery'],
    6,
  ],
  [
    '13760008811',
    '13800112233',
    5,
    'AABBCC 的号码给公司前台用，同事都说好记。客服帮忙选套餐很耐心。',
    ['memorable', 'patientSupport'],
    11,
  ],
  [
    '18912340000',
    '17712312312',
    4,
    'ABCABC 读起来有节奏，已经用了一个月，信号和套餐都满意。',
    ['memorable', 'fairPrice'],
    19,
  ],
  [
    '13512349876',
    '19299999999',
    5,
    '广电192的五连号，价格比别家实在，顺丰第二天就到。',
    ['fairPrice', 'fastDelivery'],
    27,
  ],
  // Level 4: A4, ABCD, DCBA.
  [
    '13312340001',
    '13300006666',
    5,
    '尾号6666，开店用正合适，卡套上的激活说明写得很清楚。',
    ['memorable', 'goodService'],
    1,
  ],
  ['15011112345', '18601235678', 5, '四顺号很好记，收到卡当天就激活了。', ['fastDelivery', 'memorable'], 5],
  ['17788880001', '13809876543', 4, '倒顺号送给父亲当生日礼物，他很喜欢，就是快递慢了一天。', ['memorable'], 9],
  ['18500001234', '15388889999', 4, '号码很满意，审核等了一天，客服一直有跟进。', ['patientSupport'], 16],
  ['13122220009', '17600001111', 5, '尾号1111很简单，家里老人也记得住，资费也合理。', ['fairPrice', 'memorable'], 24],
  // Level 3: A3, AABB, ABAB, BIRTHDAY.
  ['13300008899', '13570381122', 5, '给公司选的AABB号，老板很满意，开票也方便。', ['memorable', 'goodService'], 3],
  ['13698765432', '15019980520', 5, '生日号送给女朋友，她特别喜欢，推荐！', ['memorable', 'goodService'], 8],
  ['18533334444', '18612345858', 4, '选号页面筛选很方便，一下就找到喜欢的ABAB号。', ['memorable'], 13],
  [
    '15900001234',
    '13912301888',
    5,
    '选了个尾号888的，预存话费当天就到账了，客服很耐心。',
    ['patientSupport', 'goodService'],
    20,
  ],
  ['18900001111', '17319900101', 3, '号码挺好，物流稍慢，客服有及时跟进。', ['patientSupport'], 30],
  // Level 2: AAAB, ABBB, ABC, LOVE, LUCKY8.
  ['13812346688', '13952013140', 5, '爱情号，和老公一人一张，很有纪念意义。', ['memorable', 'goodService'], 2],
  ['17788886666', '15603726668', 5, '快递包装很仔细，卡套上的激活说明写得很清楚。', ['fastDelivery'], 7],
  ['15011112222', '18603917123', 4, '三顺尾号很顺口，价格也不贵。', ['fairPrice'], 12],
  ['13566667777', '13370255558', 5, '第二次在这里买号了，流程简单，值得信赖。', ['goodService', 'fastDelivery'], 18],
  ['13122223333', '15217390008', 5, '实名认证一次通过，号码当天激活可用。', ['fastDelivery', 'goodService'], 26],
  // Level 1: numbers without a pattern, or only 不含4.
  ['18622225555', '13760391052', 5, '套餐资费合理，激活按说明几分钟就搞定了。', ['fairPrice'], 1],
  ['19200006666', '19237605913', 5, '广电192号段信号不错，5G网速很快，普通号也没有最低消费。', ['fairPrice'], 4],
  ['15300009999', '13590716832', 5, '家里人在意有没有4，用不含4筛选一下就找到了。', ['memorable'], 10],
  ['18811110000', '17641089365', 4, '随便挑的普通号，预存0元，第二天就收到卡了。', ['fastDelivery'], 15],
  ['13925806543', '18107395260', 5, '客服帮我比较了几个套餐，最后选了39元的，够用。', ['patientSupport'], 22],
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const demoNumberReviews: Seeder = {
  name: 'demo-number-reviews',
  kind: 'demo',
  async run(tx) {
    const now = Date.now();
    await tx
      .insertInto('number_comments')
      .values(
        REVIEWS.map(([mobile, number, star, content, tags, daysAgo]) => {
          const derived = deriveNumber(number);
          if ('error' in derived) throw new Error(`demo review of an invalid number ${number}: ${derived.error}`);
          return {
            promo_code: '',
            mobile,
            star,
            content,
            images_json: '[]',
            tags_json: JSON.stringify(tags),
            enabled: 1,
            created_at: now - daysAgo * DAY_MS,
            order_sn: null,
            number,
            level: derived.level,
          };
        }),
      )
      .execute();
  },
};
