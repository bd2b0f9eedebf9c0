/**
 * `promoter add|update|show`: a promoter's storefront (front config: title, logo, carousel, service
 * links, template, first group; shop menu; payment types; domain). `add` creates the promoter or, when it
 * exists, applies the given settings like `update`, so it can be rerun; `update` changes only what is
 * given. The shop shows the change once its configuration cache expires (CONFIG_CACHE_SECONDS, 60 s).
 *
 * A logo or image is an http(s) URL, a path this site serves (/shop/static/…), or a local image file
 * (PNG, JPEG, GIF or WebP up to 64 KB), which is stored in the configuration as a data: URL — so it
 * needs no file storage and every instance serves it.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { CONTENT_CODE_RE, type PromoterSettings, promoterSettings } from '@haoka/contract';
import { systemClock } from '../context/app-context.js';
import type { Db } from '../db/database.js';
import { CLI_ACTOR } from '../http/audit.js';
import { firstIssue } from '../lib/records.js';
import { savePromoter } from '../modules/site/promoters.js';
import { findPromoterByCode } from '../modules/site/repository.js';
import { toBaseConfig } from '../modules/site/service.js';
import { type CliContext, type Command, EXIT, errorMessage, parseOptions, UsageError } from './types.js';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};
export const MAX_LOGO_BYTES = 64 * 1024;

/** A URL or site path as is; a local image file as a data: URL. */
export function imageValue(value: string): string {
  if (value === '' || /^https?:\/\//.test(value) || value.startsWith('/shop/') || value.startsWith('data:image/')) {
    return value;
  }
  const mime = IMAGE_TYPES[extname(value).toLowerCase()];
  let size: number;
  try {
    size = statSync(value).size;
  } catch {
    throw new UsageError(`logo: ${value} is neither an http(s) URL, a /shop/ path nor a readable image file`);
  }
  if (!mime) throw new UsageError(`logo: ${value} must be a .png, .jpg, .gif or .webp file`);
  if (size > MAX_LOGO_BYTES) {
    throw new UsageError(
      `logo: ${value} is ${size} bytes; a local logo may be at most ${MAX_LOGO_BYTES} bytes (or give a URL)`,
    );
  }
  return `data:${mime};base64,${readFileSync(value).toString('base64')}`;
}

const OPTIONS = {
  file: { type: 'string' },
  name: { type: 'string' },
  title: { type: 'string' },
  logo: { type: 'string' },
  template: { type: 'string' },
  'first-group': { type: 'string' },
  'kefu-url': { type: 'string' },
  'kefu-mobile': { type: 'string' },
  domain: { type: 'string' },
  default: { type: 'boolean' },
  enable: { type: 'boolean' },
  disable: { type: 'boolean' },
} as const;

function readSettingsFile(file: string): PromoterSettings {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The same schema as the console's promoter form: every field optional, unknown fields refused.
  const parsed = promoterSettings.safeParse(data);
  if (!parsed.success) throw new UsageError(`${file}: ${firstIssue(parsed.error)}`);
  return parsed.data;
}

/** The settings a command line gives: the file first, options over it. */
export function settingsOf(args: string[]): { code: string; settings: PromoterSettings } {
  const { values, positionals } = parseOptions(args, OPTIONS);
  const [code, ...rest] = positionals;
  if (!code || rest.length > 0) throw new UsageError('one promoter code is required');
  if (!CONTENT_CODE_RE.test(code)) throw new UsageError(`promoCode: ${code} must be 1–32 letters, digits, _ or -`);
  const settings: PromoterSettings = values.file ? readSettingsFile(values.file) : {};
  const front: Record<string, unknown> = { ...settings.front };
  const choice = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (value !== '1' && value !== '2') throw new UsageError(`--${name}: 1 or 2`);
    return Number(value) as 1 | 2;
  };
  if (values.title !== undefined) {
    if (values.title.trim() === '' || values.title.length > 64) throw new UsageError('--title: 1–64 characters');
    front.title = values.title;
  }
  if (values.logo !== undefined) front.logo = values.logo;
  if (values.template !== undefined) front.shopTemplate = choice('template', values.template);
  if (values['first-group'] !== undefined) front.indexFirstGroup = choice('first-group', values['first-group']);
  if (values['kefu-url'] !== undefined) {
    if (!/^(|https?:\/\/\S+)$/.test(values['kefu-url'])) throw new UsageError('--kefu-url: an http(s) URL');
    front.kefuUrl = values['kefu-url'];
  }
  if (values['kefu-mobile'] !== undefined) front.kefuMobile = values['kefu-mobile'];
  if (typeof front.logo === 'string') front.logo = imageValue(front.logo);
  if (typeof front.kefuQr === 'string') front.kefuQr = imageValue(front.kefuQr);
  if (typeof front.followQr === 'string') front.followQr = imageValue(front.followQr);
  if (Object.keys(front).length > 0) settings.front = front as PromoterSettings['front'];
  if (values.name !== undefined) settings.name = values.name;
  if (values.domain !== undefined) settings.domain = values.domain;
  if (values.default) settings.isDefault = 1;
  if (values.enable && values.disable) throw new UsageError('--enable and --disable exclude each other');
  if (values.enable) settings.enabled = 1;
  if (values.disable) settings.enabled = 0;
  return { code, settings };
}

async function show(ctx: CliContext, db: Db, code: string): Promise<number> {
  const row = await findPromoterByCode(db, code);
  if (!row) {
    ctx.err(`${code}: no such promoter\n`);
    return EXIT.failure;
  }
  const config = toBaseConfig(row);
  const logo = config.front.logo.startsWith('data:') ? `${config.front.logo.slice(0, 40)}…` : config.front.logo;
  ctx.out(
    `${JSON.stringify({ ...config, front: { ...config.front, logo }, enabled: row.enabled, isDefault: row.is_default }, null, 2)}\n`,
  );
  return EXIT.ok;
}

export const promoter: Command = {
  name: 'promoter',
  summary: "create or change a promoter's storefront (title, logo, carousel, links, template, menu)",
  help: `Usage: haoka promoter add <promoCode> [options]
       haoka promoter update <promoCode> [options]
       haoka promoter show <promoCode>

add creates the promoter (or applies the options to an existing one, so it can be rerun); update changes
only what is given; show prints the shop's configuration as the app receives it (baseConfig).
The shop of a promoter opens at /shop/?promoCode=<promoCode> (or on its bound domain).

Options:
  --name <text>          the promoter's name (default: the code)
  --title <text>         the shop's title (front.title)
  --logo <url|file>      an http(s) URL, a /shop/… path, or a local .png/.jpg/.gif/.webp file up to 64 KB
                         (stored in the configuration as a data: URL)
  --template 1|2         the home page template (front.shopTemplate)
  --first-group 1|2      the goods group the home page opens on: 1 vanity numbers, 2 SIM cards (front.indexFirstGroup)
  --kefu-url <url>       customer service link (front.kefuUrl)
  --kefu-mobile <text>   customer service phone (front.kefuMobile)
  --domain <host>        serve this promoter on its own hostname
  --default              make it the shop of visits without a promoter code
  --enable | --disable   open or close the shop
  --file <config.json>   any of the settings below; command-line options win over the file

The file is one JSON object, every field optional:
  { "name": "…", "isAgent": 0|1, "parentCode": "…", "ownerMobile": "138…", "domain": "…",
    "inviteCode": "…", "enabled": 0|1, "isDefault": 1,
    "front": { "title", "keywords", "description", "logo", "indexCarousel": [{ "image", "path" }],
               "bottomTips", "ipcCode", "kefuUrl", "kefuQr", "kefuMobile", "followQr",
               "shopTemplate": 1|2, "fastNav": [{ "name", "icon", "path" }],
               "suggest": { "title", "goodsIds": [1, 2] } | null, "indexSearch": 0|1,
               "indexFirstGroup": 1|2, "showInviteRegister": 0|1 },
    "shopMenu": [{ "key", "name", "path", "switch": 0|1 }],
    "showPaymentType": ["wxpay", "alipay"] }

Examples:
  npm run cli -- promoter add acme --name "Acme Mobile" --title "Acme Number Shop" --logo ./acme-logo.png
  npm run cli -- promoter update acme --file packages/server/src/cli/fixtures/promoter.json
`,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === 'show') {
      const [code] = rest;
      if (!code || rest.length > 1) throw new UsageError('one promoter code is required');
      return ctx.withDb((db) => show(ctx, db, code));
    }
    if (sub !== 'add' && sub !== 'update') throw new UsageError('add|update|show');
    const { code, settings } = settingsOf(rest);
    return ctx.withDb(async (db) => {
      try {
        const result = await savePromoter({ db, clock: systemClock }, CLI_ACTOR, code, settings, sub);
        ctx.out(`${code}: ${result}\n`);
        return EXIT.ok;
      } catch (error) {
        ctx.err(`${code}: ${errorMessage(error)}\n`);
        return EXIT.failure;
      }
    });
  },
};
