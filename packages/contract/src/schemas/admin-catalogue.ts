/**
 * Schemas of the staff console's catalogue and content (endpoints/admin-catalogue.ts, issue 23 item 3): what
 * the shop and the card pages sell and show, one item shape per kind. The same schemas validate the CLI's
 * catalogue files (`haoka package|vip|accelerate|mall|task add|update`, whose files are in yuan: the CLI
 * converts them to fen first). Money is integer fen (the console shows yuan); images are an http(s) address
 * or a site path; `promoCode` '' is the catalogue every promoter shows.
 */
import { z } from 'zod';
import { SPEED_CODES } from '../endpoints/iot-member.js';
import { reasonIssue } from '../reason-issue.js';

/** What the catalogue holds, one storage each (docs/design.md "Catalogue"). */
export const CATALOGUE_KINDS = [
  'goods',
  'package',
  'recharge',
  'vip',
  'accelerate',
  'mall',
  'task',
  'coupon',
  'banner',
  'faq',
  'page',
  'agreement',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Kinds kept for the whole site, not per promoter: their `promoCode` is always ''. */
export const SITE_WIDE_CATALOGUE_KINDS = ['faq', 'agreement'] as const satisfies readonly CatalogueKind[];

/** The largest amount of money an item may carry, in fen (¥999,999,999.99). */
export const CATALOGUE_FEN_MAX = 99_999_999_999;

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const fen = int(0, CATALOGUE_FEN_MAX);
const flag = z.literal([0, 1]);
const sort = int(0, 1_000_000).default(0);
const enabled = flag.default(1);
const promoCode = z
  .string()
  .regex(/^[0-9A-Za-z_-]{0,32}$/, { error: reasonIssue('cataloguePromoCodeInvalid') })
  .default('');
/** An http(s) address or a site path starting with `/`; '' for none. */
export const catalogueImage = z
  .string()
  .max(500)
  .regex(/^(|https?:\/\/\S+|\/\S*)$/, { error: reasonIssue('catalogueImageInvalid') });
/** A code: letters, digits, `_` or `-`. */
const code = z
  .string()
  .regex(/^[0-9A-Za-z_-]{1,32}$/, { error: reasonIssue('catalogueCodeInvalid') })
  .max(32);
const operatorType = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .nullable()
  .default(null);
/** 1 day, 2 month, 3 year. */
const durationUnit = z.literal([1, 2, 3]);
const text = (max: number) => z.string().max(max).default('');
const name = (max: number) => z.string().trim().min(1).max(max);

/** The original (crossed-out) price must not be below the price. */
function originalNotBelow(
  value: { priceFen: number; originalPriceFen?: number | undefined },
  issues: z.core.$ZodRawIssue[],
) {
  if (value.originalPriceFen !== undefined && value.originalPriceFen < value.priceFen)
    issues.push({
      code: 'custom',
      path: ['originalPriceFen'],
      message: reasonIssue('catalogueOriginalBelowPrice'),
      input: value,
    });
}

/** Shop goods (`goods`), key promoCode + name. Sales count real orders and are not edited here. */
export const catalogueGoods = z
  .strictObject({
    kind: z.literal('goods'),
    promoCode,
    name: name(64),
    image: catalogueImage.default(''),
    images: z.array(catalogueImage.min(1)).max(9).default([]),
    /** 1 vanity-number plans, 2 SIM cards. */
    group: z.literal([1, 2]),
    category: z.enum(['card', 'flow', 'broadband', 'accessory']),
    operatorType: z.literal([1, 2, 3, 4]),
    monthlyFeeFen: fen.default(0),
    flowText: text(64),
    voiceText: text(64),
    priceFen: fen,
    /** Absent: the price. */
    originalPriceFen: fen.optional(),
    tags: z.array(z.string().trim().min(1).max(16)).max(5).default([]),
    /** null = unlimited. */
    stock: int(0, 100_000_000).nullable().default(null),
    needSmsCode: flag.default(1),
    needAddress: flag.default(1),
    detail: text(20_000),
    sort,
    status: enabled,
  })
  .check((ctx) => originalNotBelow(ctx.value, ctx.issues));

/** Card packages (`iot_packages`), key promoCode + name. */
export const cataloguePackage = z
  .strictObject({
    kind: z.literal('package'),
    promoCode,
    operatorType,
    name: name(64),
    /** 1 base, 2 top-up, 3 pay-as-you-go. */
    packageType: z.literal([1, 2, 3]),
    flowMb: int(0, 100_000_000),
    isInfiniteFlow: flag.default(0),
    /** At least 1, except for pay-as-you-go (type 3), which has no term (0). */
    duration: int(0, 1200),
    durationUnit,
    priceFen: fen,
    /** Absent: the price. */
    originalPriceFen: fen.optional(),
    gPriceFen: fen.default(0),
    tags: z.array(z.string().max(16)).max(5).default([]),
    /** 1 now, 2 next month, 3 … (the shop's effect types); at least one. */
    effectTypes: z
      .array(z.literal([1, 2, 3]))
      .min(1)
      .default([1]),
    /** null = unlimited. */
    stock: int(0, 100_000_000).nullable().default(null),
    /** Purchases per card; null = no limit. */
    limitTimes: int(1, 10_000).nullable().default(null),
    renewable: flag.default(0),
    giftIntegral: int(0, 1_000_000).default(0),
    remark: text(500),
    sort,
    status: enabled,
  })
  .check((ctx) => {
    originalNotBelow(ctx.value, ctx.issues);
    if (ctx.value.duration < 1 && ctx.value.packageType !== 3)
      ctx.issues.push({ code: 'custom', path: ['duration'], message: reasonIssue('paramRange'), input: ctx.value });
  });

/** Balance top-up options of the card's recharge page (`iot_balance_options`): pay an amount, get a gift. */
export const catalogueRecharge = z.strictObject({
  kind: z.literal('recharge'),
  promoCode,
  amountFen: int(1, CATALOGUE_FEN_MAX),
  giftFen: fen.default(0),
  tag: text(16),
  sort,
  enabled,
});

/** VIP memberships (`iot_vip_products`), key promoCode + vipName. */
export const catalogueVip = z
  .strictObject({
    kind: z.literal('vip'),
    promoCode,
    vipName: name(32),
    logo: catalogueImage.default(''),
    priceFen: fen,
    originalPriceFen: fen.optional(),
    duration: int(1, 1200),
    durationUnit,
    privileges: z
      .strictObject({
        gi: z.string().max(64).default(''),
        items: z
          .array(z.strictObject({ icon: z.string().max(32), title: z.string().max(32), desc: z.string().max(100) }))
          .max(20),
      })
      .default({ gi: '', items: [] }),
    tag: text(16),
    sort,
    enabled,
  })
  .check((ctx) => originalNotBelow(ctx.value, ctx.issues));

/** Acceleration passes (`iot_accelerate_products`), key promoCode + accelerateName. */
export const catalogueAccelerate = z
  .strictObject({
    kind: z.literal('accelerate'),
    promoCode,
    operatorType,
    accelerateName: name(32),
    /** The operator's speed profile. */
    speedCode: z.enum(SPEED_CODES),
    speedText: text(32),
    priceFen: fen,
    originalPriceFen: fen.optional(),
    duration: int(1, 1200),
    durationUnit,
    tag: text(16),
    sort,
    enabled,
  })
  .check((ctx) => originalNotBelow(ctx.value, ctx.issues));

/**
 * One option (SKU) of a points-mall goods. `id` names a stored option (the console sends it back, so a
 * renamed option keeps its orders); without it an option is matched by `specText`, else added.
 */
export const catalogueMallSku = z.strictObject({
  id: z.number().int().positive().optional(),
  specText: name(64),
  points: int(0, 100_000_000),
  cashFen: fen.default(0),
  stock: int(0, 100_000_000),
  sort,
});
export type CatalogueMallSku = z.infer<typeof catalogueMallSku>;

/**
 * Points-mall goods (`iot_mall_goods` + `iot_mall_skus`), key promoCode + name. With options, the goods'
 * points and cash are the lowest option's and its stock the sum of theirs (the server computes them; the
 * goods' own `points`, `cashFen` and `stock` are used only without options). Saving replaces the options.
 */
export const catalogueMall = z
  .strictObject({
    kind: z.literal('mall'),
    promoCode,
    categoryId: z.number().int().positive().nullable().default(null),
    name: name(64),
    image: catalogueImage.default(''),
    images: z.array(catalogueImage.min(1)).max(9).default([]),
    points: int(0, 100_000_000).default(0),
    cashFen: fen.default(0),
    stock: int(0, 100_000_000).default(0),
    /** 1 courier, 2 pickup, 3 virtual. */
    deliveryType: z.literal([1, 2, 3]),
    limitPerOrder: int(1, 1000).default(1),
    limitPerCard: int(1, 100_000).nullable().default(null),
    freightFen: fen.default(0),
    detail: text(20_000),
    sort,
    enabled,
    skus: z.array(catalogueMallSku).max(50).default([]),
  })
  .check((ctx) => {
    const specs = ctx.value.skus.map((s) => s.specText);
    if (new Set(specs).size !== specs.length)
      ctx.issues.push({
        code: 'custom',
        path: ['skus'],
        message: reasonIssue('catalogueSkuRepeated'),
        input: ctx.value,
      });
  });

export const CATALOGUE_TASK_KINDS = ['sign', 'bindPhone', 'realname', 'buyPackage', 'video'] as const;

/**
 * Task-center tasks and the daily sign-in (`iot_tasks`), key promoCode + taskCode. `taskKind` is the
 * task's kind (the CLI file's `kind`); bindPhone and realname are always once.
 */
export const catalogueTask = z.strictObject({
  kind: z.literal('task'),
  promoCode,
  taskCode: code,
  name: name(32),
  icon: catalogueImage.default(''),
  description: text(200),
  points: int(0, 1_000_000),
  taskKind: z.enum(CATALOGUE_TASK_KINDS),
  /** buyPackage: package orders needed per claim. */
  target: int(0, 1000).default(0),
  period: z.enum(['once', 'daily', 'monthly']).default('daily'),
  /** Claims allowed in one period. */
  dailyLimit: int(1, 100).default(1),
  /** Where 去完成 leads (a shop route); '' for none. */
  path: text(200),
  videoUrl: catalogueImage.default(''),
  watchSeconds: int(0, 3600).default(0),
  /** Sign-in: the points of day 1–7 of a streak. */
  rewards: z.array(int(0, 1_000_000)).max(7).default([]),
  sort,
  enabled,
});

/** Coupons a card buys with coupon coins (`iot_coupon_exchanges`). */
export const catalogueCoupon = z
  .strictObject({
    kind: z.literal('coupon'),
    promoCode,
    name: name(32),
    /** 1 amount off (`amountFen`), 2 discount (`discount`, e.g. 9.5 = 95 %). */
    type: z.literal([1, 2]),
    amountFen: fen.default(0),
    discount: z.number().gt(0).lt(10).multipleOf(0.1).nullable().default(null),
    thresholdFen: fen.default(0),
    /** all packages, or only `packageIds`. */
    scope: z.enum(['all', 'package']).default('all'),
    packageIds: z.array(z.number().int().positive()).max(100).default([]),
    validDays: int(1, 3650),
    coinPrice: int(0, 100_000_000),
    /** null = unlimited. */
    stock: int(0, 100_000_000).nullable().default(null),
    /** Exchanges per card; null = no limit. */
    limitTimes: int(1, 10_000).nullable().default(null),
    sort,
    enabled,
  })
  .check((ctx) => {
    const v = ctx.value;
    if (v.type === 1 && v.amountFen < 1)
      ctx.issues.push({ code: 'custom', path: ['amountFen'], message: reasonIssue('paramRange'), input: v });
    if (v.type === 2 && v.discount === null)
      ctx.issues.push({ code: 'custom', path: ['discount'], message: reasonIssue('paramMissing'), input: v });
    if (v.scope === 'package' && v.packageIds.length === 0)
      ctx.issues.push({ code: 'custom', path: ['packageIds'], message: reasonIssue('paramMissing'), input: v });
  });

/** Banners of the points mall (`iot_mall_banners`). */
export const catalogueBanner = z.strictObject({
  kind: z.literal('banner'),
  promoCode,
  image: catalogueImage.min(1),
  /** A shop route or an http(s) address; '' for none. */
  path: text(300),
  sort,
  enabled,
});

export const CATALOGUE_FAQ_CATEGORIES = ['order', 'pay', 'delivery', 'card', 'iot'] as const;

/** FAQ entries (`questions`, every category but 'article'), for the whole site, key scope + title. */
export const catalogueFaq = z.strictObject({
  kind: z.literal('faq'),
  /** Dictionary question_category. */
  category: z.enum(CATALOGUE_FAQ_CATEGORIES),
  /** Where it shows: the shop, the card pages, or both. */
  scope: z.enum(['shop', 'iot', 'all']).default('all'),
  title: name(100),
  summary: text(200),
  content: name(20_000),
  /** > 0 lists it among the hot questions, hottest first. */
  hot: int(0, 1_000_000).default(0),
  sort,
  enabled,
});

/** A block of a single page as stored: HTML, or goods and vanity numbers by id (shown while on sale). */
export const catalogueBlock = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('html'), html: z.string().max(20_000) }),
  z.strictObject({ type: z.literal('goods'), goodsIds: z.array(z.number().int().positive()).max(50) }),
  z.strictObject({ type: z.literal('numbers'), numberIds: z.array(z.number().int().positive()).max(50) }),
]);

/** Single (landing) pages (`single_pages`), key promoCode + pageCode; opened at `/pages/index/default`. */
export const cataloguePage = z.strictObject({
  kind: z.literal('page'),
  promoCode,
  pageCode: code,
  title: name(64),
  banner: catalogueImage.default(''),
  theme: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: reasonIssue('catalogueThemeInvalid') })
    .default('#ff6a00'),
  ctaText: text(16),
  /** A shop route or an http(s) address; '' = the page's goods. */
  ctaPath: text(300),
  blocks: z.array(catalogueBlock).max(30).default([]),
  /** The goods the page sells (its order button). */
  goodsIds: z.array(z.number().int().positive()).max(50).default([]),
  popup: z
    .strictObject({ switch: flag, title: z.string().max(64), content: z.string().max(2000) })
    .default({ switch: 0, title: '', content: '' }),
  enabled,
});

/**
 * System articles and agreements (`questions` of category 'article'), for the whole site, key `code`: the
 * shop opens them by code (payment, promise, about, privacy, the sign-in agreements…).
 */
export const catalogueAgreement = z.strictObject({
  kind: z.literal('agreement'),
  code,
  title: name(100),
  content: name(100_000),
  enabled,
});

/** One catalogue item, by kind: what the console edits and the CLI writes. */
export const catalogueItem = z.discriminatedUnion('kind', [
  catalogueGoods,
  cataloguePackage,
  catalogueRecharge,
  catalogueVip,
  catalogueAccelerate,
  catalogueMall,
  catalogueTask,
  catalogueCoupon,
  catalogueBanner,
  catalogueFaq,
  cataloguePage,
  catalogueAgreement,
]);
export type CatalogueItem = z.infer<typeof catalogueItem>;
/** An item as the console sends it (defaults not yet applied). */
export type CatalogueItemInput = z.input<typeof catalogueItem>;
export type CatalogueItemOf<K extends CatalogueKind> = Extract<CatalogueItem, { kind: K }>;

/** One row of a catalogue table, the same for every kind. */
export const catalogueRow = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.number().int(),
  /** '' = every promoter (site-wide kinds always give ''). */
  promoCode: z.string(),
  title: z.string(),
  /** '' when the kind has no image. */
  image: z.string(),
  /** The price in fen, where the kind has one (recharge: the amount paid). */
  priceFen: z.number().int().nullable(),
  /** Points (mall, task) or coupon coins (coupon), where the kind has them. */
  points: z.number().int().nullable(),
  /** Stock where the kind keeps one; null = unlimited or none. */
  stock: z.number().int().nullable(),
  enabled: z.literal([0, 1]),
  sort: z.number().int(),
  /** Epoch ms; null where the storage keeps no time (recharge options, mall banners). */
  updatedAt: z.number().int().nullable(),
});
export type CatalogueRow = z.infer<typeof catalogueRow>;

/** A stored item with where the shop shows it (a hash route, or null when it has no single place). */
export const catalogueEntry = z.object({
  id: z.number().int(),
  item: catalogueItem,
  preview: z.object({ path: z.string() }).nullable(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntry>;

/** A points-mall category, for the mall goods form's `categoryId`. */
export const catalogueMallCategory = z.object({
  id: z.number().int(),
  /** '' = every promoter's cards. */
  promoCode: z.string(),
  name: z.string(),
  enabled: z.literal([0, 1]),
});
export type CatalogueMallCategory = z.infer<typeof catalogueMallCategory>;
