/**
 * The card catalogue from JSON files: `layout set` (SimLayouts), `package`, `vip`, `accelerate`, `mall`
 * and `task` `add|update`. A file holds one object or an array of them; every item is validated and a bad
 * one is reported as `line N: field: reason` and skipped. Items are matched by their natural key
 * (promoCode + name, or + taskCode): `add` creates new items and updates known ones, so a file can be
 * applied again and again; `update` only changes known items and refuses unknown ones. Money is in yuan:
 * each item is converted to fen and validated by the contract's catalogue item, then written by the
 * console's catalogue service (modules/catalogue/console.ts), audited as the CLI.
 */
import { readFileSync } from 'node:fs';
import { CATALOGUE_FEN_MAX, type CatalogueItem, catalogueItem, iotMemberApi, simLayout } from '@haoka/contract';
import { z } from 'zod';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { CLI_ACTOR } from '../http/audit.js';
import { byKnownPromoter, firstIssue, jsonItems, RecordFileError, type RowError } from '../lib/records.js';
import { findItemByKey, saveCatalogueItem } from '../modules/catalogue/console.js';
import { kindSpec } from '../modules/catalogue/kinds.js';
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
    if (v < 0 || Math.abs(fen - v * 100) > 1e-6 || fen > CATALOGUE_FEN_MAX) {
      ctx.addIssue({ code: 'custom', message: 'must be an amount of 0 yuan or more, with at most 2 decimals' });
      return z.NEVER;
    }
    return fen;
  });

type FileKind = 'package' | 'vip' | 'accelerate' | 'mall' | 'task';

interface Kind {
  name: FileKind;
  /** What the items are, for the help. */
  what: string;
  /** The file's money fields (yuan) and the item's (fen). */
  money: Record<string, string>;
  /** The file's other fields named otherwise in the item. */
  renamed?: Record<string, string>;
  example: string;
}

const PRICES = { price: 'priceFen', originalPrice: 'originalPriceFen' };

const KINDS: Record<FileKind, Kind> = {
  package: {
    name: 'package',
    what: 'card packages (iot_packages), key promoCode + name',
    money: { ...PRICES, gPrice: 'gPriceFen' },
    example:
      '{ "name": "Monthly 50 GB", "packageType": 1, "flowMb": 51200, "duration": 1, "durationUnit": 2, "price": 39, "originalPrice": 49, "effectTypes": [1, 2] }',
  },
  vip: {
    name: 'vip',
    what: 'VIP memberships (iot_vip_products), key promoCode + vipName',
    money: PRICES,
    example:
      '{ "vipName": "Monthly member", "price": 9.9, "duration": 1, "durationUnit": 2, "privileges": { "gi": "Member benefits", "items": [{ "icon": "points", "title": "Double points", "desc": "Sign-in points doubled" }] } }',
  },
  accelerate: {
    name: 'accelerate',
    what: 'acceleration passes (iot_accelerate_products), key promoCode + accelerateName',
    money: PRICES,
    example:
      '{ "accelerateName": "1-day boost", "speedCode": "S100M", "speedText": "100Mbps", "price": 3, "duration": 1, "durationUnit": 1 }',
  },
  mall: {
    name: 'mall',
    what: 'points-mall goods (iot_mall_goods with their SKUs), key promoCode + name; SKUs by specText, those not in the file are removed',
    money: { cash: 'cashFen', freight: 'freightFen' },
    example:
      '{ "name": "Branded flask", "image": "/shop/static/mall/cup.png", "deliveryType": 1, "skus": [{ "specText": "White", "points": 800, "stock": 50 }] }',
  },
  task: {
    name: 'task',
    what: 'task-center tasks and the daily sign-in (iot_tasks), key promoCode + taskCode',
    money: {},
    renamed: { kind: 'taskKind' },
    example:
      '{ "taskCode": "watch-ad", "name": "Watch a video", "kind": "video", "points": 5, "period": "daily", "dailyLimit": 3, "videoUrl": "https://cdn.example.com/ad.mp4", "watchSeconds": 15 }',
  },
};

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The contract item of one file object: money from yuan to fen and the file's own names to the item's, then
 * the contract's schema (catalogueItem, the console's too). A refusal is `field: reason`, named as in the file.
 */
export function fileItem(kind: Kind, value: unknown): { item: CatalogueItem } | { error: string } {
  const fileName = new Map<string, string>();
  const convert = (
    source: Record<string, unknown>,
    fields: Record<string, string>,
    at: string,
  ): Record<string, unknown> | string => {
    const out: Record<string, unknown> = {};
    const renames = at === '' ? (kind.renamed ?? {}) : {};
    // The item's own names are not the file's: refused as unknown fields, like any other.
    const itemOnly = new Set([...Object.values(fields), ...Object.values(renames), 'kind']);
    for (const [key, v] of Object.entries(source)) {
      if (itemOnly.has(key) && !(key in renames)) return `${at ? at.slice(0, -1) : 'row'}: unknown field ${key}`;
      const money = fields[key];
      const renamed = renames[key];
      if (money !== undefined) {
        const fen = yuan.safeParse(v);
        if (!fen.success) return `${at}${firstIssue(fen.error).replace(/^row: /, `${key}: `)}`;
        out[money] = fen.data;
        fileName.set(money, key);
      } else if (renamed !== undefined) {
        out[renamed] = v;
        fileName.set(renamed, key);
      } else out[key] = v;
    }
    return out;
  };
  if (!isRecord(value)) return itemOf(kind.name, value, fileName);
  const top = convert(value, kind.money, '');
  if (typeof top === 'string') return { error: top };
  if (kind.name === 'mall' && Array.isArray(top.skus)) {
    const skus: unknown[] = [];
    for (const [i, sku] of top.skus.entries()) {
      if (!isRecord(sku)) {
        skus.push(sku);
        continue;
      }
      const converted = convert(sku, { cash: 'cashFen' }, `skus.${i}.`);
      if (typeof converted === 'string') return { error: converted };
      skus.push(converted);
    }
    top.skus = skus;
  }
  return itemOf(kind.name, top, fileName);
}

/** What a coded field takes, said where the schema's own message would only list the codes. */
const HINTS: Record<string, string> = {
  durationUnit: 'duration unit: 1 day, 2 month, 3 year',
  packageType: 'package type: 1 base, 2 top-up, 3 pay-as-you-go',
  deliveryType: 'delivery: 1 courier, 2 pickup, 3 virtual',
  speedCode: `speed code: one of ${iotMemberApi.SPEED_CODES.join(', ')}`,
};

function itemOf(
  kind: FileKind,
  value: unknown,
  fileName: Map<string, string>,
): { item: CatalogueItem } | { error: string } {
  const parsed = catalogueItem.safeParse(isRecord(value) ? { ...value, kind } : value);
  if (parsed.success) return { item: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue) return { error: firstIssue(parsed.error) };
  const field = issue.path.at(-1);
  const hint = issue.code === 'invalid_value' && typeof field === 'string' ? HINTS[field] : undefined;
  const first = issue.path[0];
  if (typeof first === 'string' && fileName.has(first)) issue.path[0] = fileName.get(first) as string;
  if (issue.path[0] === 'skus' && issue.path[2] === 'cashFen') issue.path[2] = 'cash';
  return { error: hint ? `${issue.path.join('.')}: ${hint}` : firstIssue(parsed.error) };
}

/** The promoter code of an item ('' for the site-wide kinds, which the CLI does not write). */
const promoOf = (item: CatalogueItem) => ('promoCode' in item ? item.promoCode : '');

/** Validates and writes the items of a file through the console's service; returns the counts and refusals. */
export async function applyCatalogue(
  tx: Tx,
  kind: Kind,
  text: string,
  mode: 'add' | 'update',
): Promise<{ created: number; updated: number; rejected: RowError[] }> {
  const out = { created: 0, updated: 0, rejected: [] as RowError[] };
  const valid: { line: number; item: CatalogueItem }[] = [];
  const seen = new Map<string, number>();
  for (const { line, value } of jsonItems(text, { allowObject: true })) {
    const parsed = fileItem(kind, value);
    if ('error' in parsed) {
      out.rejected.push({ line, message: parsed.error });
      continue;
    }
    const key = JSON.stringify(kindSpec(parsed.item.kind).key?.columns(parsed.item as never) ?? line);
    const first = seen.get(key);
    if (first !== undefined) {
      out.rejected.push({ line, message: `row: repeats line ${first}` });
      continue;
    }
    seen.set(key, line);
    valid.push({ line, item: parsed.item });
  }
  const { known, refused } = await byKnownPromoter(
    valid,
    (v) => promoOf(v.item),
    (codes) => findPromoterCodes(tx, codes),
  );
  out.rejected.push(...refused);
  const now = Date.now();
  for (const { line, item } of known) {
    const id = await findItemByKey(tx, item);
    if (id === undefined && mode === 'update') {
      const key = kindSpec(item.kind).key?.columns(item as never) ?? {};
      out.rejected.push({
        line,
        message: `row: ${Object.values(key).filter(Boolean).join(' / ')} does not exist (create it with add)`,
      });
      continue;
    }
    try {
      const saved = await saveCatalogueItem(tx, CLI_ACTOR, { id, item }, now);
      if (saved.created) out.created += 1;
      else out.updated += 1;
    } catch (error) {
      // Refusals come before any write of the item (console.ts), so the others still go in.
      if (!(error instanceof AppError)) throw error;
      const field = (error.data as { field?: string } | null)?.field ?? 'row';
      out.rejected.push({ line, message: `${field}: ${error.english}` });
    }
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

async function runCatalogue(ctx: CliContext, kind: Kind, args: string[]): Promise<number> {
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

function catalogueCommand(kind: Kind): Command {
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

export const packageCommand = catalogueCommand(KINDS.package);
export const vipCommand = catalogueCommand(KINDS.vip);
export const accelerateCommand = catalogueCommand(KINDS.accelerate);
export const mallCommand = catalogueCommand(KINDS.mall);
export const taskCommand = catalogueCommand(KINDS.task);

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
      const now = Date.now();
      for (const { line, value } of items) {
        const parsed = item.safeParse(value);
        if (!parsed.success) {
          rejected.push({ line, message: firstIssue(parsed.error) });
          continue;
        }
        const json = JSON.stringify(parsed.data.layout);
        await db
          .insertInto('sim_layouts')
          .values({ code: parsed.data.code, layout_json: json, updated_at: now })
          .onConflict((oc) => oc.column('code').doUpdateSet({ layout_json: json, updated_at: now }))
          .execute();
        written += 1;
      }
      for (const { line, message } of rejected) ctx.out(`line ${line}: ${message}\n`);
      ctx.out(`layout: ${written} set, ${rejected.length} rejected\n`);
      return rejected.length > 0 ? EXIT.rejected : EXIT.ok;
    });
  },
};
