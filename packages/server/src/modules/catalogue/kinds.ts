/**
 * The registry of catalogue kinds (docs/design.md "Catalogue"): for each kind its storage, natural key,
 * the mapping between its contract item (schemas/admin-catalogue.ts, camelCase, money in fen) and its
 * columns, the table row it shows and where the shop shows it. console.ts reads and writes every kind
 * through this one table.
 */
import {
  type CatalogueItemOf,
  type CatalogueKind,
  type CatalogueMallSku,
  type CatalogueRow,
  fenToYuan,
} from '@haoka/contract';
import { ARTICLE_CATEGORY } from '../content/service.js';
import type { Storage } from './repository.js';

// biome-ignore lint/suspicious/noExplicitAny: a row of the kind's own table, read column by column below
type Row = Record<string, any>;

export interface KindSpec<K extends CatalogueKind> {
  storage: Storage;
  /** Whether rows carry a promoter code (site-wide kinds do not). */
  promoted: boolean;
  /** The column the kind's on/off flag lives in. */
  enabledColumn: 'enabled' | 'status';
  /** Whether the table keeps created_at / updated_at. */
  timestamps: boolean;
  /** Whether the table has a shelf order (`sort`); without one rows list by id. */
  sorted: boolean;
  /** The natural key's columns (unique among the kind's rows) and the item field named on a clash. */
  key?: { field: string; columns(item: CatalogueItemOf<K>): Record<string, unknown> };
  /** Columns the list's keyword matches. */
  keywordColumns: readonly string[];
  /** Every column the item sets (promo_code and the key included). */
  columns(item: CatalogueItemOf<K>): Row;
  /** The item a stored row holds (`skus`: the mall goods' options). */
  toItem(row: Row, skus: CatalogueMallSku[]): CatalogueItemOf<K>;
  /** The table's summary of a row (kind, id, promoCode, enabled, sort and updatedAt are filled in). */
  summary(row: Row): Pick<CatalogueRow, 'title' | 'image' | 'priceFen' | 'points' | 'stock'>;
  /** The shop's hash route that shows the row, or null. */
  preview(row: Row): string | null;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
const flag = (v: number) => (v === 1 ? 1 : 0) as 0 | 1;
const withPromo = (path: string, promoCode: string) =>
  promoCode ? `${path}${path.includes('?') ? '&' : '?'}promoCode=${encodeURIComponent(promoCode)}` : path;
/** A nullable operator type as the item has it. */
const operator = (v: number | null) => (v === null ? null : (v as 1 | 2 | 3 | 4));
const unit = (v: number) => v as 1 | 2 | 3;

const goods: KindSpec<'goods'> = {
  storage: { table: 'goods' },
  promoted: true,
  enabledColumn: 'status',
  timestamps: true,
  sorted: true,
  key: { field: 'name', columns: (g) => ({ promo_code: g.promoCode, name: g.name }) },
  keywordColumns: ['name'],
  columns: (g) => ({
    promo_code: g.promoCode,
    name: g.name,
    image: g.image || (g.images[0] ?? ''),
    images_json: JSON.stringify(g.images.length > 0 ? g.images : g.image ? [g.image] : []),
    group_no: g.group,
    category: g.category,
    operator_type: g.operatorType,
    monthly_fee_fen: g.monthlyFeeFen,
    flow_text: g.flowText,
    voice_text: g.voiceText,
    price_fen: g.priceFen,
    original_price_fen: g.originalPriceFen ?? g.priceFen,
    tags_json: JSON.stringify(g.tags),
    stock: g.stock,
    need_sms_code: g.needSmsCode,
    need_address: g.needAddress,
    detail: g.detail,
    sort: g.sort,
    status: g.status,
  }),
  toItem: (r) => ({
    kind: 'goods',
    promoCode: r.promo_code,
    name: r.name,
    image: r.image,
    images: json<string[]>(r.images_json, []),
    group: r.group_no as 1 | 2,
    category: r.category,
    operatorType: r.operator_type as 1 | 2 | 3 | 4,
    monthlyFeeFen: r.monthly_fee_fen,
    flowText: r.flow_text,
    voiceText: r.voice_text,
    priceFen: r.price_fen,
    originalPriceFen: r.original_price_fen,
    tags: json<string[]>(r.tags_json, []),
    stock: r.stock,
    needSmsCode: flag(r.need_sms_code),
    needAddress: flag(r.need_address),
    detail: r.detail,
    sort: r.sort,
    status: flag(r.status),
  }),
  summary: (r) => ({ title: r.name, image: r.image, priceFen: r.price_fen, points: null, stock: r.stock }),
  preview: (r) => withPromo(`/pages/goods/general/index?goodsId=${r.id}`, r.promo_code),
};

const pkg: KindSpec<'package'> = {
  storage: { table: 'iot_packages' },
  promoted: true,
  enabledColumn: 'status',
  timestamps: true,
  sorted: true,
  key: { field: 'name', columns: (p) => ({ promo_code: p.promoCode, name: p.name }) },
  keywordColumns: ['name'],
  columns: (p) => ({
    promo_code: p.promoCode,
    name: p.name,
    operator_type: p.operatorType,
    package_type: p.packageType,
    flow_mb: p.flowMb,
    is_infinite_flow: p.isInfiniteFlow,
    duration: p.duration,
    duration_unit: p.durationUnit,
    price_fen: p.priceFen,
    original_price_fen: p.originalPriceFen ?? p.priceFen,
    g_price_fen: p.gPriceFen,
    tags_json: JSON.stringify(p.tags),
    effect_types_json: JSON.stringify(p.effectTypes),
    stock: p.stock,
    limit_times: p.limitTimes,
    renewable: p.renewable,
    gift_integral: p.giftIntegral,
    remark: p.remark,
    sort: p.sort,
    status: p.status,
  }),
  toItem: (r) => ({
    kind: 'package',
    promoCode: r.promo_code,
    operatorType: operator(r.operator_type),
    name: r.name,
    packageType: r.package_type as 1 | 2 | 3,
    flowMb: r.flow_mb,
    isInfiniteFlow: flag(r.is_infinite_flow),
    duration: r.duration,
    durationUnit: unit(r.duration_unit),
    priceFen: r.price_fen,
    originalPriceFen: r.original_price_fen,
    gPriceFen: r.g_price_fen,
    tags: json<string[]>(r.tags_json, []),
    effectTypes: json<(1 | 2 | 3)[]>(r.effect_types_json, [1]),
    stock: r.stock,
    limitTimes: r.limit_times,
    renewable: flag(r.renewable),
    giftIntegral: r.gift_integral,
    remark: r.remark,
    sort: r.sort,
    status: flag(r.status),
  }),
  summary: (r) => ({ title: r.name, image: '', priceFen: r.price_fen, points: null, stock: r.stock }),
  preview: (r) => `/pages/iot/index/package/details/index?packageId=${r.id}`,
};

const recharge: KindSpec<'recharge'> = {
  storage: { table: 'iot_balance_options' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: false,
  sorted: true,
  keywordColumns: ['tag'],
  columns: (o) => ({
    promo_code: o.promoCode,
    amount_fen: o.amountFen,
    gift_fen: o.giftFen,
    tag: o.tag,
    sort: o.sort,
    enabled: o.enabled,
  }),
  toItem: (r) => ({
    kind: 'recharge',
    promoCode: r.promo_code,
    amountFen: r.amount_fen,
    giftFen: r.gift_fen,
    tag: r.tag,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({
    title: r.gift_fen > 0 ? `${fenToYuan(r.amount_fen)} + ${fenToYuan(r.gift_fen)}` : fenToYuan(r.amount_fen),
    image: '',
    priceFen: r.amount_fen,
    points: null,
    stock: null,
  }),
  preview: () => '/pages/iot/index/balance/index',
};

const vip: KindSpec<'vip'> = {
  storage: { table: 'iot_vip_products' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  key: { field: 'vipName', columns: (v) => ({ promo_code: v.promoCode, vip_name: v.vipName }) },
  keywordColumns: ['vip_name'],
  columns: (v) => ({
    promo_code: v.promoCode,
    vip_name: v.vipName,
    logo: v.logo,
    price_fen: v.priceFen,
    original_price_fen: v.originalPriceFen ?? v.priceFen,
    duration: v.duration,
    duration_unit: v.durationUnit,
    privileges_json: JSON.stringify(v.privileges),
    tag: v.tag,
    sort: v.sort,
    enabled: v.enabled,
  }),
  toItem: (r) => ({
    kind: 'vip',
    promoCode: r.promo_code,
    vipName: r.vip_name,
    logo: r.logo,
    priceFen: r.price_fen,
    originalPriceFen: r.original_price_fen,
    duration: r.duration,
    durationUnit: unit(r.duration_unit),
    privileges: json(r.privileges_json, { gi: '', items: [] }),
    tag: r.tag,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.vip_name, image: r.logo, priceFen: r.price_fen, points: null, stock: null }),
  preview: () => '/pages-sub/iot/vip/index',
};

const accelerate: KindSpec<'accelerate'> = {
  storage: { table: 'iot_accelerate_products' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  key: {
    field: 'accelerateName',
    columns: (a) => ({ promo_code: a.promoCode, accelerate_name: a.accelerateName }),
  },
  keywordColumns: ['accelerate_name', 'speed_code'],
  columns: (a) => ({
    promo_code: a.promoCode,
    accelerate_name: a.accelerateName,
    operator_type: a.operatorType,
    speed_code: a.speedCode,
    speed_text: a.speedText,
    price_fen: a.priceFen,
    original_price_fen: a.originalPriceFen ?? a.priceFen,
    duration: a.duration,
    duration_unit: a.durationUnit,
    tag: a.tag,
    sort: a.sort,
    enabled: a.enabled,
  }),
  toItem: (r) => ({
    kind: 'accelerate',
    promoCode: r.promo_code,
    operatorType: operator(r.operator_type),
    accelerateName: r.accelerate_name,
    speedCode: r.speed_code,
    speedText: r.speed_text,
    priceFen: r.price_fen,
    originalPriceFen: r.original_price_fen,
    duration: r.duration,
    durationUnit: unit(r.duration_unit),
    tag: r.tag,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.accelerate_name, image: '', priceFen: r.price_fen, points: null, stock: null }),
  preview: () => '/pages-sub/iot/index/accelerate/index',
};

/**
 * With options, the goods' points and cash are the lowest option's and its stock the sum of theirs (the
 * invariant the mall's orders keep when they take and give back stock, schema-iot-mall.ts).
 */
const mall: KindSpec<'mall'> = {
  storage: { table: 'iot_mall_goods' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  key: { field: 'name', columns: (m) => ({ promo_code: m.promoCode, name: m.name }) },
  keywordColumns: ['name'],
  columns: (m) => ({
    promo_code: m.promoCode,
    name: m.name,
    category_id: m.categoryId,
    image: m.image || (m.images[0] ?? ''),
    images_json: JSON.stringify(m.images.length > 0 ? m.images : m.image ? [m.image] : []),
    points: m.skus.length > 0 ? Math.min(...m.skus.map((s) => s.points)) : m.points,
    cash_fen: m.skus.length > 0 ? Math.min(...m.skus.map((s) => s.cashFen)) : m.cashFen,
    stock: m.skus.length > 0 ? m.skus.reduce((n, s) => n + s.stock, 0) : m.stock,
    delivery_type: m.deliveryType,
    limit_per_order: m.limitPerOrder,
    limit_per_card: m.limitPerCard,
    freight_fen: m.freightFen,
    detail: m.detail,
    sort: m.sort,
    enabled: m.enabled,
  }),
  toItem: (r, skus) => ({
    kind: 'mall',
    promoCode: r.promo_code,
    categoryId: r.category_id,
    name: r.name,
    image: r.image,
    images: json<string[]>(r.images_json, []),
    points: r.points,
    cashFen: r.cash_fen,
    stock: r.stock,
    deliveryType: r.delivery_type as 1 | 2 | 3,
    limitPerOrder: r.limit_per_order,
    limitPerCard: r.limit_per_card,
    freightFen: r.freight_fen,
    detail: r.detail,
    sort: r.sort,
    enabled: flag(r.enabled),
    skus,
  }),
  summary: (r) => ({ title: r.name, image: r.image, priceFen: r.cash_fen, points: r.points, stock: r.stock }),
  preview: (r) => `/pages-sub/iot/integralShop/details/index?goodsId=${r.id}`,
};

const task: KindSpec<'task'> = {
  storage: { table: 'iot_tasks' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  key: { field: 'taskCode', columns: (t) => ({ promo_code: t.promoCode, task_code: t.taskCode }) },
  keywordColumns: ['name', 'task_code'],
  columns: (t) => ({
    promo_code: t.promoCode,
    task_code: t.taskCode,
    name: t.name,
    icon: t.icon,
    description: t.description,
    points: t.points,
    kind: t.taskKind,
    target: t.target,
    period: t.taskKind === 'bindPhone' || t.taskKind === 'realname' ? 'once' : t.period,
    daily_limit: t.dailyLimit,
    path: t.path,
    video_url: t.videoUrl,
    watch_seconds: t.watchSeconds,
    rewards_json: JSON.stringify(t.rewards),
    sort: t.sort,
    enabled: t.enabled,
  }),
  toItem: (r) => ({
    kind: 'task',
    promoCode: r.promo_code,
    taskCode: r.task_code,
    name: r.name,
    icon: r.icon,
    description: r.description,
    points: r.points,
    taskKind: r.kind,
    target: r.target,
    period: r.period,
    dailyLimit: r.daily_limit,
    path: r.path,
    videoUrl: r.video_url,
    watchSeconds: r.watch_seconds,
    rewards: json<number[]>(r.rewards_json, []),
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.name, image: r.icon, priceFen: null, points: r.points, stock: null }),
  preview: () => '/pages-sub/iot/task/index',
};

const coupon: KindSpec<'coupon'> = {
  storage: { table: 'iot_coupon_exchanges' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  keywordColumns: ['name'],
  columns: (c) => ({
    promo_code: c.promoCode,
    name: c.name,
    type: c.type,
    amount_fen: c.type === 1 ? c.amountFen : 0,
    discount: c.type === 2 ? c.discount : null,
    threshold_fen: c.thresholdFen,
    scope: c.scope,
    package_ids_json: JSON.stringify(c.scope === 'package' ? c.packageIds : []),
    valid_days: c.validDays,
    coin_price: c.coinPrice,
    stock: c.stock,
    limit_times: c.limitTimes,
    sort: c.sort,
    enabled: c.enabled,
  }),
  toItem: (r) => ({
    kind: 'coupon',
    promoCode: r.promo_code,
    name: r.name,
    type: r.type as 1 | 2,
    amountFen: r.amount_fen,
    discount: r.discount === null ? null : Number(r.discount),
    thresholdFen: r.threshold_fen,
    scope: r.scope === 'package' ? 'package' : 'all',
    packageIds: json<number[]>(r.package_ids_json, []),
    validDays: r.valid_days,
    coinPrice: r.coin_price,
    stock: r.stock,
    limitTimes: r.limit_times,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({
    title: r.name,
    image: '',
    priceFen: r.type === 1 ? r.amount_fen : null,
    points: r.coin_price,
    stock: r.stock,
  }),
  preview: () => '/pages-sub/iot/couponExchange/index',
};

const banner: KindSpec<'banner'> = {
  storage: { table: 'iot_mall_banners' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: false,
  sorted: true,
  keywordColumns: ['path', 'image'],
  columns: (b) => ({ promo_code: b.promoCode, image: b.image, path: b.path, sort: b.sort, enabled: b.enabled }),
  toItem: (r) => ({
    kind: 'banner',
    promoCode: r.promo_code,
    image: r.image,
    path: r.path,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.path, image: r.image, priceFen: null, points: null, stock: null }),
  preview: () => '/pages-sub/iot/integralShop/index',
};

const faq: KindSpec<'faq'> = {
  storage: { table: 'questions', only: { column: 'category', op: '!=', value: ARTICLE_CATEGORY } },
  promoted: false,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  key: { field: 'title', columns: (q) => ({ scope: q.scope, title: q.title }) },
  keywordColumns: ['title', 'summary'],
  columns: (q) => ({
    code: null,
    category: q.category,
    scope: q.scope,
    title: q.title,
    summary: q.summary,
    content: q.content,
    hot: q.hot,
    sort: q.sort,
    enabled: q.enabled,
  }),
  toItem: (r) => ({
    kind: 'faq',
    category: r.category,
    scope: r.scope,
    title: r.title,
    summary: r.summary,
    content: r.content,
    hot: r.hot,
    sort: r.sort,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.title, image: '', priceFen: null, points: null, stock: null }),
  preview: (r) => `/pages/customer/question/detail?id=${r.id}`,
};

const agreement: KindSpec<'agreement'> = {
  storage: { table: 'questions', only: { column: 'category', op: '=', value: ARTICLE_CATEGORY } },
  promoted: false,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: true,
  // Codes are unique over the whole table (FAQ entries have none).
  key: { field: 'code', columns: (a) => ({ code: a.code }) },
  keywordColumns: ['title', 'code'],
  columns: (a) => ({
    code: a.code,
    category: ARTICLE_CATEGORY,
    scope: 'all',
    title: a.title,
    summary: '',
    content: a.content,
    hot: 0,
    sort: 0,
    enabled: a.enabled,
  }),
  toItem: (r) => ({
    kind: 'agreement',
    code: r.code ?? '',
    title: r.title,
    content: r.content,
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.title, image: '', priceFen: null, points: null, stock: null }),
  preview: (r) => (r.code ? `/pages/about/textTemplate?code=${encodeURIComponent(r.code)}` : null),
};

const page: KindSpec<'page'> = {
  storage: { table: 'single_pages' },
  promoted: true,
  enabledColumn: 'enabled',
  timestamps: true,
  sorted: false,
  // Page codes are unique over the whole table: the shop opens a page by its code.
  key: { field: 'pageCode', columns: (p) => ({ page_code: p.pageCode }) },
  keywordColumns: ['title', 'page_code'],
  columns: (p) => ({
    promo_code: p.promoCode,
    page_code: p.pageCode,
    title: p.title,
    banner: p.banner,
    theme: p.theme,
    cta_text: p.ctaText,
    cta_path: p.ctaPath,
    blocks_json: JSON.stringify(p.blocks),
    goods_ids_json: JSON.stringify(p.goodsIds),
    popup_json: JSON.stringify(p.popup),
    enabled: p.enabled,
  }),
  toItem: (r) => ({
    kind: 'page',
    promoCode: r.promo_code,
    pageCode: r.page_code,
    title: r.title,
    banner: r.banner,
    theme: r.theme,
    ctaText: r.cta_text,
    ctaPath: r.cta_path,
    blocks: json(r.blocks_json, []),
    goodsIds: json<number[]>(r.goods_ids_json, []),
    popup: json(r.popup_json, { switch: 0 as 0 | 1, title: '', content: '' }),
    enabled: flag(r.enabled),
  }),
  summary: (r) => ({ title: r.title, image: r.banner, priceFen: null, points: null, stock: null }),
  preview: (r) => withPromo(`/pages-sub/single/index?pageCode=${encodeURIComponent(r.page_code)}`, r.promo_code),
};

export const KINDS: { [K in CatalogueKind]: KindSpec<K> } = {
  goods,
  package: pkg,
  recharge,
  vip,
  accelerate,
  mall,
  task,
  coupon,
  banner,
  faq,
  page,
  agreement,
};

export function kindSpec<K extends CatalogueKind>(kind: K): KindSpec<K> {
  return KINDS[kind] as KindSpec<K>;
}
