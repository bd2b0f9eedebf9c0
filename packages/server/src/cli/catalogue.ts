/**
 * The card catalogue from JSON files: `layout set` (SimLayouts), `package`, `vip`, `accelerate`, `mall`
 * and `task` `add|update`. A file holds one object or an array of them; every item is validated and a bad
 * one is reported as `line N: field: reason` and skipped. Items are matched by their natural key
 * (promoCode + name, or + taskCode): `add` creates new items and updates known ones, so a file can be
 * applied again and again; `update` only changes known items and refuses unknown ones. Money is in yuan.
 */
import { readFileSync } from 'node:fs';
import { simLayout } from '@haoka/contract';
import { z } from 'zod';
import { systemClock } from '../context/app-context.js';
import type { Tx } from '../db/database.js';
import { CLI_ACTOR } from '../http/audit.js';
import { byKnownPromoter, firstIssue, jsonItems, RecordFileError, type RowError } from '../lib/records.js';
import { saveSimLayout } from '../modules/iot-core/layouts.js';
import { findPromoterCodes } from '../modules/site/repository.js';
import { type CliContext, type Command, EXIT, UsageError } from './types.js';

/** Yuan (a JSON number or numeric string, two decimals at most) to fen. */
const yuan = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .transform((v, ctx) => {
    const fen = Math.round(v * 100);
    if (v < 0 || Math.abs(fen - v * 100) > 1e-6 || fen > 99_999_999_999) {
      ctx.addIssue({ code: 'custom', message: 'must be an amount of 0 yuan or more, with at most 2 decimals' });
      return z.NEVER;
    }
    return fen;
  });
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const flag = z.union([z.literal(0), z.literal(1)]);
const promoCode = z
  .string()
  .regex(/^[0-9A-Za-z_-]{0,32}$/, { error: 'must be a promoter code: letters, digits, _ or -, at most 32' })
  .default('');
const image = z
  .string()
  .regex(/^(|https?:\/\/\S+|\/\S*)$/, { error: 'must be an http(s) address or a site path starting with /' });
const operatorType = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .nullable()
  .default(null);
const durationUnit = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'duration unit: 1 day, 2 month, 3 year',
});

interface Kind<S extends z.ZodType> {
  name: string;
  table: 'iot_packages' | 'iot_vip_products' | 'iot_accelerate_products' | 'iot_mall_goods' | 'iot_tasks';
  /** What the items are, for the help. */
  what: string;
  schema: S;
  /** The key columns and their values. */
  key(item: z.output<S>): Record<string, string>;
  columns(item: z.output<S>): Record<string, unknown>;
  /** Runs after the row is written (mall SKUs). */
  after?(tx: Tx, id: number, item: z.output<S>): Promise<void>;
  example: string;
}

const packageSchema = z.strictObject({
  promoCode,
  operatorType,
  name: z.string().min(1).max(64),
  packageType: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'package type: 1 base, 2 top-up, 3 pay-as-you-go',
  }),
  flowMb: int(0, 100_000_000),
  isInfiniteFlow: flag.default(0),
  duration: int(1, 1200),
  durationUnit,
  price: yuan,
  originalPrice: yuan.optional(),
  gPrice: yuan.default(0),
  tags: z.array(z.string().max(16)).max(5).default([]),
  effectTypes: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .min(1)
    .default([1]),
  stock: int(0, 100_000_000).nullable().default(null),
  limitTimes: int(1, 10_000).nullable().default(null),
  renewable: flag.default(0),
  giftIntegral: int(0, 1_000_000).default(0),
  remark: z.string().max(500).default(''),
  sort: int(0, 1_000_000).default(0),
  status: flag.default(1),
});

const vipSchema = z.strictObject({
  promoCode,
  vipName: z.string().min(1).max(32),
  logo: image.default(''),
  price: yuan,
  originalPrice: yuan.optional(),
  duration: int(1, 1200),
  durationUnit,
  privileges: z
    .strictObject({
      gi: z.string().max(64).default(''),
      items: z.array(
        z.strictObject({ icon: z.string().max(32), title: z.string().max(32), desc: z.string().max(100) }),
      ),
    })
    .default({ gi: '', items: [] }),
  tag: z.string().max(16).default(''),
  sort: int(0, 1_000_000).default(0),
  enabled: flag.default(1),
});

const accelerateSchema = z.strictObject({
  promoCode,
  operatorType,
  accelerateName: z.string().min(1).max(32),
  speedCode: z.string().regex(/^[0-9A-Za-z_-]{1,32}$/, { error: 'speed code: letters, digits, _ or -' }),
  speedText: z.string().max(32).default(''),
  price: yuan,
  originalPrice: yuan.optional(),
  duration: int(1, 1200),
  durationUnit,
  tag: z.string().max(16).default(''),
  sort: int(0, 1_000_000).default(0),
  enabled: flag.default(1),
});

const skuSchema = z.strictObject({
  specText: z.string().min(1).max(64),
  points: int(0, 100_000_000),
  cash: yuan.default(0),
  stock: int(0, 100_000_000),
  sort: int(0, 1_000_000).default(0),
});

const mallSchema = z
  .strictObject({
    promoCode,
    categoryId: z.number().int().positive().nullable().default(null),
    name: z.string().min(1).max(64),
    image: image.default(''),
    images: z.array(image).max(9).default([]),
    points: int(0, 100_000_000).default(0),
    cash: yuan.default(0),
    stock: int(0, 100_000_000).default(0),
    deliveryType: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'delivery: 1 courier, 2 pickup, 3 virtual',
    }),
    limitPerOrder: int(1, 1000).default(1),
    limitPerCard: int(1, 100_000).nullable().default(null),
    freight: yuan.default(0),
    detail: z.string().max(20_000).default(''),
    sort: int(0, 1_000_000).default(0),
    enabled: flag.default(1),
    skus: z.array(skuSchema).max(50).default([]),
  })
  .check((ctx) => {
    const specs = ctx.value.skus.map((s) => s.specText);
    if (new Set(specs).size !== specs.length)
      ctx.issues.push({ code: 'custom', path: ['skus'], message: 'an option name is repeated', input: ctx.value });
  });

const taskSchema = z.strictObject({
  promoCode,
  taskCode: z.string().regex(/^[0-9A-Za-z_-]{1,32}$/, { error: 'task code: letters, digits, _ or -' }),
  name: z.string().min(1).max(32),
  icon: image.default(''),
  description: z.string().max(200).default(''),
  points: int(0, 1_000_000),
  kind: z.enum(['sign', 'bindPhone', 'realname', 'buyPackage', 'video']),
  target: int(0, 1000).default(0),
  period: z.enum(['once', 'daily', 'monthly']).default('daily'),
  dailyLimit: int(1, 100).default(1),
  path: z.string().max(200).default(''),
  videoUrl: z
    .string()
    .regex(/^(|https?:\/\/\S+|\/\S*)$/)
    .default(''),
  watchSeconds: int(0, 3600).default(0),
  rewards: z.array(int(0, 1_000_000)).max(7).default([]),
  sort: int(0, 1_000_000).default(0),
  enabled: flag.default(1),
});

const KINDS = {
  package: {
    name: 'package',
    table: 'iot_packages',
    what: 'card packages (iot_packages), key promoCode + name',
    schema: packageSchema,
    key: (p) => ({ promo_code: p.promoCode, name: p.name }),
    columns: (p) => ({
      operator_type: p.operatorType,
      package_type: p.packageType,
      flow_mb: p.flowMb,
      is_infinite_flow: p.isInfiniteFlow,
      duration: p.duration,
      duration_unit: p.durationUnit,
      price_fen: p.price,
      original_price_fen: p.originalPrice ?? p.price,
      g_price_fen: p.gPrice,
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
    example:
      '{ "name": "Monthly 50 GB", "packageType": 1, "flowMb": 51200, "duration": 1, "durationUnit": 2, "price": 39, "originalPrice": 49, "effectTypes": [1, 2] }',
  } satisfies Kind<typeof packageSchema>,
  vip: {
    name: 'vip',
    table: 'iot_vip_products',
    what: 'VIP memberships (iot_vip_products), key promoCode + vipName',
    schema: vipSchema,
    key: (v) => ({ promo_code: v.promoCode, vip_name: v.vipName }),
    columns: (v) => ({
      logo: v.logo,
      price_fen: v.price,
      original_price_fen: v.originalPrice ?? v.price,
      duration: v.duration,
      duration_unit: v.durationUnit,
      privileges_json: JSON.stringify(v.privileges),
      tag: v.tag,
      sort: v.sort,
      enabled: v.enabled,
    }),
    example:
      '{ "vipName": "Monthly member", "price": 9.9, "duration": 1, "durationUnit": 2, "privileges": { "gi": "Member benefits", "items": [{ "icon": "points", "title": "Double points", "desc": "Sign-in points doubled" }] } }',
  } satisfies Kind<typeof vipSchema>,
  accelerate: {
    name: 'accelerate',
    table: 'iot_accelerate_products',
    what: 'acceleration passes (iot_accelerate_products), key promoCode + accelerateName',
    schema: accelerateSchema,
    key: (a) => ({ promo_code: a.promoCode, accelerate_name: a.accelerateName }),
    columns: (a) => ({
      operator_type: a.operatorType,
      speed_code: a.speedCode,
      speed_text: a.speedText,
      price_fen: a.price,
      original_price_fen: a.originalPrice ?? a.price,
      duration: a.duration,
      duration_unit: a.durationUnit,
      tag: a.tag,
      sort: a.sort,
      enabled: a.enabled,
    }),
    example:
      '{ "accelerateName": "1-day boost", "speedCode": "S100M", "speedText": "100Mbps", "price": 3, "duration": 1, "durationUnit": 1 }',
  } satisfies Kind<typeof accelerateSchema>,
  mall: {
    name: 'mall',
    table: 'iot_mall_goods',
    what: 'points-mall goods (iot_mall_goods with their SKUs), key promoCode + name; SKUs by specText',
    schema: mallSchema,
    key: (m) => ({ promo_code: m.promoCode, name: m.name }),
    columns: (m) => ({
      category_id: m.categoryId,
      image: m.image || (m.images[0] ?? ''),
      images_json: JSON.stringify(m.images.length > 0 ? m.images : m.image ? [m.image] : []),
      points: m.skus.length > 0 ? Math.min(...m.skus.map((s) => s.points)) : m.points,
      cash_fen: m.skus.length > 0 ? Math.min(...m.skus.map((s) => s.cash)) : m.cash,
      stock: m.skus.length > 0 ? m.skus.reduce((n, s) => n + s.stock, 0) : m.stock,
      delivery_type: m.deliveryType,
      limit_per_order: m.limitPerOrder,
      limit_per_card: m.limitPerCard,
      freight_fen: m.freight,
      detail: m.detail,
      sort: m.sort,
      enabled: m.enabled,
    }),
    async after(tx, id, m) {
      for (const s of m.skus) {
        const values = { points: s.points, cash_fen: s.cash, stock: s.stock, sort: s.sort };
        const found = await tx
          .selectFrom('iot_mall_skus')
          .select('id')
          .where('goods_id', '=', id)
          .where('spec_text', '=', s.specText)
          .executeTakeFirst();
        if (found) await tx.updateTable('iot_mall_skus').set(values).where('id', '=', found.id).execute();
        else
          await tx
            .insertInto('iot_mall_skus')
            .values({ ...values, goods_id: id, spec_text: s.specText })
            .execute();
      }
    },
    example:
      '{ "name": "Branded flask", "image": "/shop/static/mall/cup.png", "deliveryType": 1, "skus": [{ "specText": "White", "points": 800, "stock": 50 }] }',
  } satisfies Kind<typeof mallSchema>,
  task: {
    name: 'task',
    table: 'iot_tasks',
    what: 'task-center tasks and the daily sign-in (iot_tasks), key promoCode + taskCode',
    schema: taskSchema,
    key: (t) => ({ promo_code: t.promoCode, task_code: t.taskCode }),
    columns: (t) => ({
      name: t.name,
      icon: t.icon,
      description: t.description,
      points: t.points,
      kind: t.kind,
      target: t.target,
      period: t.kind === 'bindPhone' || t.kind === 'realname' ? 'once' : t.period,
      daily_limit: t.dailyLimit,
      path: t.path,
      video_url: t.videoUrl,
      watch_seconds: t.watchSeconds,
      rewards_json: JSON.stringify(t.rewards),
      sort: t.sort,
      enabled: t.enabled,
    }),
    example:
      '{ "taskCode": "watch-ad", "name": "Watch a video", "kind": "video", "points": 5, "period": "daily", "dailyLimit": 3, "videoUrl": "https://cdn.example.com/ad.mp4", "watchSeconds": 15 }',
  } satisfies Kind<typeof taskSchema>,
} as const;

type AnyKind = Kind<z.ZodType>;

/** Validates and writes the items of a file; returns the count written and the refusals. */
export async function applyCatalogue(
  tx: Tx,
  kind: AnyKind,
  text: string,
  mode: 'add' | 'update',
): Promise<{ created: number; updated: number; rejected: RowError[] }> {
  const out = { created: 0, updated: 0, rejected: [] as RowError[] };
  const valid: { line: number; item: unknown }[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of jsonItems(text, { allowObject: true })) {
    const parsed = kind.schema.safeParse(value);
    if (!parsed.success) {
      out.rejected.push({ line, message: firstIssue(parsed.error) });
      continue;
    }
    const key = JSON.stringify(kind.key(parsed.data));
    const first = seen.get(key);
    if (first !== undefined) {
      out.rejected.push({ line, message: `row: repeats line ${first}` });
      continue;
    }
    seen.set(key, line);
    valid.push({ line, item: parsed.data });
  }
  const { known, refused } = await byKnownPromoter(
    valid,
    (v) => kind.key(v.item).promo_code ?? '',
    (codes) => findPromoterCodes(tx, codes),
  );
  out.rejected.push(...refused);
  const now = Date.now();
  for (const { line, item } of known) {
    const key = kind.key(item);
    // biome-ignore lint/suspicious/noExplicitAny: one code path over five tables of the same shape
    const db = tx as any;
    let query = db.selectFrom(kind.table).select('id');
    for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
    const found = (await query.executeTakeFirst()) as { id: number } | undefined;
    let id: number;
    if (found) {
      id = found.id;
      await db
        .updateTable(kind.table)
        .set({ ...kind.columns(item), updated_at: now })
        .where('id', '=', id)
        .execute();
      out.updated += 1;
    } else if (mode === 'update') {
      out.rejected.push({
        line,
        message: `row: ${Object.values(key).filter(Boolean).join(' / ')} does not exist (create it with add)`,
      });
      continue;
    } else {
      const row = await db
        .insertInto(kind.table)
        .values({ ...key, ...kind.columns(item), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      out.created += 1;
    }
    await kind.after?.(tx, id, item);
  }
  out.rejected.sort((a, b) => a.line - b.line);
  return out;
}

function readText(file: string | undefined): string {
  if (!file) throw new UsageError('a JSON file is required');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`no such file: ${file}`);
  }
}

async function runCatalogue(ctx: CliContext, kind: AnyKind, args: string[]): Promise<number> {
  const [mode, file, ...rest] = args;
  if ((mode !== 'add' && mode !== 'update') || rest.length > 0) throw new UsageError('add|update <file.json>');
  const text = readText(file);
  return ctx.withDb(async (db) => {
    let result: Awaited<ReturnType<typeof applyCatalogue>>;
    try {
      result = await db.transaction().execute((tx) => applyCatalogue(tx, kind, text, mode));
    } catch (error) {
      if (!(error instanceof RecordFileError)) throw error;
      ctx.out(`line ${error.line}: ${error.message}\n`);
      return EXIT.rejected;
    }
    for (const { line, message } of result.rejected) ctx.out(`line ${line}: ${message}\n`);
    ctx.out(`${kind.name}: ${result.created} created, ${result.updated} updated, ${result.rejected.length} rejected\n`);
    return result.rejected.length > 0 ? EXIT.rejected : EXIT.ok;
  });
}

function catalogueCommand(kind: AnyKind): Command {
  return {
    name: kind.name,
    summary: `add|update ${kind.what.split(' (')[0]} from a JSON file`,
    help: `Usage: haoka ${kind.name} add|update <file.json>

Writes ${kind.what}. The file holds one object or an array of objects; unknown fields are refused.
add creates new items and updates known ones (the same file can be applied again); update refuses items
that do not exist. promoCode "" (the default) is the catalogue every promoter shows. Money is in yuan;
durationUnit is 1 day, 2 month, 3 year. Bad items are reported as "line N: field: reason" and skipped.
Exit codes: 0 all written, 3 some rejected, 2 usage error, 1 failure.

Example item:
  ${kind.example}
`,
    run: (args, ctx) => runCatalogue(ctx, kind, args),
  };
}

export const packageCommand = catalogueCommand(KINDS.package as unknown as AnyKind);
export const vipCommand = catalogueCommand(KINDS.vip as unknown as AnyKind);
export const accelerateCommand = catalogueCommand(KINDS.accelerate as unknown as AnyKind);
export const mallCommand = catalogueCommand(KINDS.mall as unknown as AnyKind);
export const taskCommand = catalogueCommand(KINDS.task as unknown as AnyKind);

export const layout: Command = {
  name: 'layout',
  summary: 'set a card-page layout (SimLayout) from a JSON file',
  help: `Usage: haoka layout set <file.json>

Stores card-page layouts (SPEC §3 SimLayout). The file holds one object or an array of objects
{ "code": "<layoutCode>", "layout": { …SimLayout… } }; a layout may give only some fields, the others
keep the built-in defaults. Cards use the layout named by their layoutCode (see "import cards").
Setting the same file again changes nothing.

Example: npm run cli -- layout set packages/server/src/cli/fixtures/layout.json
`,
  async run(args, ctx) {
    const [sub, file, ...rest] = args;
    if (sub !== 'set' || rest.length > 0) throw new UsageError('set <file.json>');
    const text = readText(file);
    const item = z.strictObject({
      code: z.string().regex(/^[0-9A-Za-z_-]{1,32}$/, { error: 'layout code: letters, digits, _ or -' }),
      layout: simLayout.partial().strict(),
    });
    return ctx.withDb(async (db) => {
      let items: { line: number; value: unknown }[];
      try {
        items = jsonItems(text, { allowObject: true });
      } catch (error) {
        if (!(error instanceof RecordFileError)) throw error;
        ctx.out(`line ${error.line}: ${error.message}\n`);
        return EXIT.rejected;
      }
      const rejected: RowError[] = [];
      let written = 0;
      for (const { line, value } of items) {
        const parsed = item.safeParse(value);
        if (!parsed.success) {
          rejected.push({ line, message: firstIssue(parsed.error) });
          continue;
        }
        await saveSimLayout({ db, clock: systemClock }, CLI_ACTOR, parsed.data.code, parsed.data.layout);
        written += 1;
      }
      for (const { line, message } of rejected) ctx.out(`line ${line}: ${message}\n`);
      ctx.out(`layout: ${written} set, ${rejected.length} rejected\n`);
      return rejected.length > 0 ? EXIT.rejected : EXIT.ok;
    });
  },
};
