/**
 * The catalogue's kinds as the console shows them: one descriptor each (its table's columns, its form's
 * fields, a new item's values), read by the one catalogue page. The fields follow the contract's item
 * schemas (schemas/admin-catalogue.ts): money in fen, flags 0|1.
 */
import { CATALOGUE_FAQ_CATEGORIES, CATALOGUE_TASK_KINDS, type CatalogueKind } from '@haoka/contract';
import type { FieldSpec } from './field-spec';

/** The table's optional columns (title, enabled, sort and updated time always show). */
export type CatalogueColumn = 'image' | 'price' | 'points' | 'stock';

export interface KindDescriptor {
  kind: CatalogueKind;
  /** Kept for the whole site: no promoter field or filter. */
  siteWide: boolean;
  /** The item's on/off flag: `status` (goods, packages) or `enabled`. */
  flag: 'status' | 'enabled';
  columns: readonly CatalogueColumn[];
  fields: readonly FieldSpec[];
  /** A new item's values (the rest take the contract's defaults). */
  initial: Record<string, unknown>;
  /** The fields a draft's card shows while it is typed (draft-card.tsx), where the shop shows a card. */
  card?: DraftCardFields;
}

export interface DraftCardFields {
  title?: string;
  /** Fen. */
  price?: string;
  /** Fen, crossed out. */
  original?: string;
  /** A list of tags, or one tag. */
  tags?: string;
  image?: string;
}

const OPERATORS = [1, 2, 3, 4] as const;
const promoCode: FieldSpec = { name: 'promoCode', type: 'text', max: 32, help: 'promoCode' };
const sort: FieldSpec = { name: 'sort', type: 'int', min: 0, max: 1_000_000, help: 'sort' };
const duration: FieldSpec = { name: 'duration', type: 'int', min: 1, max: 1200, required: true };
const durationUnit: FieldSpec = {
  name: 'durationUnit',
  type: 'select',
  options: 'durationUnit',
  values: [1, 2, 3],
  required: true,
};
const price: FieldSpec = { name: 'priceFen', label: 'price', type: 'money', required: true };
const originalPrice: FieldSpec = {
  name: 'originalPriceFen',
  label: 'originalPrice',
  type: 'money',
  help: 'originalPrice',
};
const tag: FieldSpec = { name: 'tag', type: 'text', max: 16 };
const flag = (name: 'status' | 'enabled'): FieldSpec => ({ name, label: 'enabled', type: 'flag' });
const stock: FieldSpec = { name: 'stock', type: 'int', min: 0, max: 100_000_000, nullable: true, help: 'unlimited' };
const limitTimes: FieldSpec = {
  name: 'limitTimes',
  type: 'int',
  min: 1,
  max: 10_000,
  nullable: true,
  help: 'unlimited',
};
const images: FieldSpec = { name: 'images', type: 'images', maxCount: 9, help: 'images' };
const detail: FieldSpec = { name: 'detail', type: 'textarea', max: 20_000, rows: 6, help: 'html' };

const KINDS: readonly KindDescriptor[] = [
  {
    kind: 'goods',
    card: { title: 'name', price: 'priceFen', original: 'originalPriceFen', tags: 'tags', image: 'image' },
    siteWide: false,
    flag: 'status',
    columns: ['image', 'price', 'stock'],
    initial: { group: 2, category: 'card', operatorType: 1, needSmsCode: 1, needAddress: 1, status: 1 },
    fields: [
      promoCode,
      { name: 'name', type: 'text', max: 64, required: true },
      { name: 'group', type: 'select', options: 'goodsGroup', values: [1, 2], required: true },
      {
        name: 'category',
        type: 'select',
        options: 'goodsCategory',
        values: ['card', 'flow', 'broadband', 'accessory'],
        required: true,
      },
      { name: 'operatorType', type: 'select', options: 'operator', values: OPERATORS, required: true },
      { name: 'image', type: 'image' },
      images,
      price,
      originalPrice,
      { name: 'monthlyFeeFen', label: 'monthlyFee', type: 'money' },
      { name: 'flowText', type: 'text', max: 64 },
      { name: 'voiceText', type: 'text', max: 64 },
      { name: 'tags', type: 'tags', max: 16, maxCount: 5, help: 'tags' },
      stock,
      { name: 'needSmsCode', type: 'flag' },
      { name: 'needAddress', type: 'flag' },
      detail,
      sort,
      flag('status'),
    ],
  },
  {
    kind: 'package',
    card: { title: 'name', price: 'priceFen', original: 'originalPriceFen', tags: 'tags' },
    siteWide: false,
    flag: 'status',
    columns: ['price', 'stock'],
    initial: { operatorType: null, packageType: 1, duration: 1, durationUnit: 2, effectTypes: [1], status: 1 },
    fields: [
      promoCode,
      { name: 'name', type: 'text', max: 64, required: true },
      {
        name: 'operatorType',
        type: 'select',
        options: 'operator',
        values: OPERATORS,
        nullable: true,
        help: 'anyOperator',
      },
      { name: 'packageType', type: 'select', options: 'packageType', values: [1, 2, 3], required: true },
      { name: 'flowMb', type: 'int', min: 0, max: 100_000_000, required: true },
      { name: 'isInfiniteFlow', type: 'flag' },
      // A pay-as-you-go package has no term (0); the server refuses 0 for the others.
      { name: 'duration', type: 'int', min: 0, max: 1200, required: true, help: 'payAsYouGoDuration' },
      durationUnit,
      price,
      originalPrice,
      { name: 'gPriceFen', label: 'gPrice', type: 'money', help: 'gPrice' },
      { name: 'tags', type: 'tags', max: 16, maxCount: 5, help: 'tags' },
      {
        name: 'effectTypes',
        type: 'select',
        options: 'effectType',
        values: [1, 2, 3],
        multiple: true,
        required: true,
      },
      stock,
      limitTimes,
      { name: 'renewable', type: 'flag' },
      { name: 'giftIntegral', type: 'int', min: 0, max: 1_000_000 },
      { name: 'remark', type: 'textarea', max: 500 },
      sort,
      flag('status'),
    ],
  },
  {
    kind: 'recharge',
    card: { price: 'amountFen', tags: 'tag' },
    siteWide: false,
    flag: 'enabled',
    columns: ['price'],
    initial: { enabled: 1 },
    fields: [
      promoCode,
      { name: 'amountFen', label: 'amount', type: 'money', required: true },
      { name: 'giftFen', label: 'gift', type: 'money' },
      tag,
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'vip',
    card: { title: 'vipName', price: 'priceFen', original: 'originalPriceFen', tags: 'tag', image: 'logo' },
    siteWide: false,
    flag: 'enabled',
    columns: ['image', 'price'],
    initial: { duration: 1, durationUnit: 2, enabled: 1, privileges: { gi: '', items: [] } },
    fields: [
      promoCode,
      { name: 'vipName', label: 'name', type: 'text', max: 32, required: true },
      { name: 'logo', type: 'image' },
      price,
      originalPrice,
      duration,
      durationUnit,
      { name: 'privileges.gi', label: 'privilegeGi', type: 'text', max: 64 },
      {
        name: 'privileges.items',
        label: 'privileges',
        type: 'list',
        maxCount: 20,
        row: { icon: '', title: '', desc: '' },
        fields: [
          { name: 'title', label: 'privilegeTitle', type: 'text', max: 32, required: true },
          { name: 'desc', label: 'privilegeDesc', type: 'text', max: 100 },
          { name: 'icon', label: 'privilegeIcon', type: 'text', max: 32 },
        ],
      },
      tag,
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'accelerate',
    card: { title: 'accelerateName', price: 'priceFen', original: 'originalPriceFen', tags: 'tag' },
    siteWide: false,
    flag: 'enabled',
    columns: ['price'],
    initial: { operatorType: null, duration: 1, durationUnit: 2, enabled: 1 },
    fields: [
      promoCode,
      { name: 'accelerateName', label: 'name', type: 'text', max: 32, required: true },
      {
        name: 'operatorType',
        type: 'select',
        options: 'operator',
        values: OPERATORS,
        nullable: true,
        help: 'anyOperator',
      },
      { name: 'speedCode', type: 'text', max: 32, required: true, help: 'code' },
      { name: 'speedText', type: 'text', max: 32 },
      price,
      originalPrice,
      duration,
      durationUnit,
      tag,
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'mall',
    siteWide: false,
    flag: 'enabled',
    columns: ['image', 'points', 'stock'],
    initial: { deliveryType: 1, limitPerOrder: 1, enabled: 1, skus: [] },
    fields: [
      promoCode,
      { name: 'name', type: 'text', max: 64, required: true },
      { name: 'image', type: 'image' },
      images,
      { name: 'deliveryType', type: 'select', options: 'deliveryType', values: [1, 2, 3], required: true },
      {
        name: 'skus',
        type: 'list',
        maxCount: 50,
        help: 'skus',
        row: { specText: '', points: 0, cashFen: 0, stock: 0, sort: 0 },
        fields: [
          { name: 'specText', type: 'text', max: 64, required: true },
          { name: 'points', type: 'int', min: 0, max: 100_000_000, required: true },
          { name: 'cashFen', label: 'cash', type: 'money' },
          { name: 'stock', type: 'int', min: 0, max: 100_000_000, required: true },
          { name: 'sort', type: 'int', min: 0, max: 1_000_000 },
        ],
      },
      { name: 'points', type: 'int', min: 0, max: 100_000_000, help: 'withoutSkus' },
      { name: 'cashFen', label: 'cash', type: 'money', help: 'withoutSkus' },
      { name: 'stock', type: 'int', min: 0, max: 100_000_000, help: 'withoutSkus' },
      { name: 'limitPerOrder', type: 'int', min: 1, max: 1000 },
      { name: 'limitPerCard', type: 'int', min: 1, max: 100_000, nullable: true, help: 'unlimited' },
      { name: 'freightFen', label: 'freight', type: 'money' },
      { name: 'categoryId', type: 'mallCategory' },
      detail,
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'task',
    siteWide: false,
    flag: 'enabled',
    columns: ['image', 'points'],
    initial: { taskKind: 'sign', period: 'daily', dailyLimit: 1, enabled: 1 },
    fields: [
      promoCode,
      { name: 'taskCode', type: 'text', max: 32, required: true, help: 'code' },
      { name: 'name', type: 'text', max: 32, required: true },
      {
        name: 'taskKind',
        type: 'select',
        options: 'taskKind',
        values: CATALOGUE_TASK_KINDS,
        required: true,
      },
      { name: 'icon', type: 'image' },
      { name: 'description', type: 'textarea', max: 200 },
      { name: 'points', type: 'int', min: 0, max: 1_000_000, required: true },
      { name: 'period', type: 'select', options: 'period', values: ['once', 'daily', 'monthly'] },
      { name: 'dailyLimit', type: 'int', min: 1, max: 100 },
      { name: 'target', type: 'int', min: 0, max: 1000, help: 'target' },
      { name: 'rewards', type: 'numbers', max: 1_000_000, maxCount: 7, help: 'rewards' },
      { name: 'path', type: 'text', max: 200, help: 'path' },
      { name: 'videoUrl', type: 'text', max: 500 },
      { name: 'watchSeconds', type: 'int', min: 0, max: 3600 },
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'coupon',
    siteWide: false,
    flag: 'enabled',
    columns: ['points', 'stock'],
    initial: { type: 1, scope: 'all', validDays: 30, coinPrice: 0, enabled: 1 },
    fields: [
      promoCode,
      { name: 'name', type: 'text', max: 32, required: true },
      { name: 'type', label: 'couponType', type: 'select', options: 'couponType', values: [1, 2], required: true },
      { name: 'amountFen', label: 'amountOff', type: 'money' },
      { name: 'discount', type: 'decimal', min: 0.1, max: 9.9, precision: 1, nullable: true, help: 'discount' },
      { name: 'thresholdFen', label: 'threshold', type: 'money' },
      { name: 'scope', type: 'select', options: 'couponScope', values: ['all', 'package'] },
      { name: 'packageIds', type: 'numbers', max: 2_147_483_647, maxCount: 100, help: 'ids' },
      { name: 'validDays', type: 'int', min: 1, max: 3650, required: true },
      { name: 'coinPrice', type: 'int', min: 0, max: 100_000_000, required: true },
      stock,
      limitTimes,
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'banner',
    siteWide: false,
    flag: 'enabled',
    columns: ['image'],
    initial: { enabled: 1 },
    fields: [
      promoCode,
      { name: 'image', type: 'image', required: true },
      { name: 'path', label: 'link', type: 'text', max: 300, help: 'path' },
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'faq',
    siteWide: true,
    flag: 'enabled',
    columns: [],
    initial: { category: 'order', scope: 'all', enabled: 1 },
    fields: [
      {
        name: 'category',
        type: 'select',
        options: 'faqCategory',
        values: CATALOGUE_FAQ_CATEGORIES,
        required: true,
      },
      { name: 'scope', label: 'faqScope', type: 'select', options: 'faqScope', values: ['shop', 'iot', 'all'] },
      { name: 'title', type: 'text', max: 100, required: true },
      { name: 'summary', type: 'textarea', max: 200 },
      { name: 'content', type: 'textarea', max: 20_000, rows: 8, required: true, help: 'html' },
      { name: 'hot', type: 'int', min: 0, max: 1_000_000, help: 'hot' },
      sort,
      flag('enabled'),
    ],
  },
  {
    kind: 'page',
    siteWide: false,
    flag: 'enabled',
    columns: ['image'],
    initial: { theme: '#ff6a00', blocks: [], goodsIds: [], popup: { switch: 0, title: '', content: '' }, enabled: 1 },
    fields: [
      promoCode,
      { name: 'pageCode', type: 'text', max: 32, required: true, help: 'code' },
      { name: 'title', type: 'text', max: 64, required: true },
      { name: 'banner', type: 'image' },
      { name: 'theme', type: 'text', max: 7, help: 'theme' },
      { name: 'ctaText', type: 'text', max: 16 },
      { name: 'ctaPath', type: 'text', max: 300, help: 'ctaPath' },
      { name: 'goodsIds', type: 'numbers', max: 2_147_483_647, maxCount: 50, help: 'ids' },
      { name: 'blocks', type: 'json', rows: 8, help: 'blocks' },
      { name: 'popup.switch', label: 'popup', type: 'flag' },
      { name: 'popup.title', label: 'popupTitle', type: 'text', max: 64 },
      { name: 'popup.content', label: 'popupContent', type: 'textarea', max: 2000 },
      flag('enabled'),
    ],
  },
  {
    kind: 'agreement',
    siteWide: true,
    flag: 'enabled',
    columns: [],
    initial: { enabled: 1 },
    fields: [
      { name: 'code', type: 'text', max: 32, required: true, help: 'agreementCode' },
      { name: 'title', type: 'text', max: 100, required: true },
      { name: 'content', type: 'textarea', max: 100_000, rows: 12, required: true, help: 'html' },
      flag('enabled'),
    ],
  },
];

export const KIND_ORDER: readonly CatalogueKind[] = KINDS.map((d) => d.kind);

export function descriptorOf(kind: CatalogueKind): KindDescriptor {
  const found = KINDS.find((d) => d.kind === kind);
  if (!found) throw new Error(`no catalogue descriptor for ${kind}`);
  return found;
}

export function isCatalogueKind(value: string | undefined): value is CatalogueKind {
  return KINDS.some((d) => d.kind === value);
}

/** A new item of `kind` for the form: the kind, its initial values and the promoter filtered on. */
export function newItem(kind: CatalogueKind, promoCode: string): Record<string, unknown> {
  const d = descriptorOf(kind);
  return { kind, ...(d.siteWide ? {} : { promoCode }), ...structuredClone(d.initial) };
}
