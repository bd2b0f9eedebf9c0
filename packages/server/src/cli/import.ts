/**
 * `import numbers|goods|cards|faq <file.csv|json>`: validates every row, reports each bad one as
 * `line N: field: reason` and skips it, upserts the good ones by their natural key (so running the same
 * file again changes nothing), and ends with a summary and the rate. Exit 3 when rows were rejected.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { Db } from '../db/database.js';
import { type ImportReport, isJsonFile } from '../lib/records.js';
import { importFaq } from '../modules/content/import.js';
import { importGoods } from '../modules/goods/import.js';
import { importCards } from '../modules/iot-core/import.js';
import { importNumbers } from '../modules/numbers/import.js';
import { type CliContext, type Command, EXIT, UsageError } from './types.js';

type Importer = (db: Db, file: string, onProgress?: (r: ImportReport) => void) => Promise<ImportReport>;

const IMPORTERS: Record<string, Importer> = {
  numbers: importNumbers,
  goods: importGoods,
  cards: importCards,
  faq: importFaq,
};

/** Lines of a CSV file (the progress bar's 100 %), counted by streaming. */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
  }
  return last === 10 ? lines : lines + 1;
}

/** `[#######-------]  45.0%  450000/1000000 lines  52,000 rows/s` on one redrawn terminal line. */
export function progressLine(done: number, total: number, rate: number, width = 30): string {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(1).padStart(5)}%  ${done}/${total} lines  ${Math.round(rate)} rows/s`;
}

export async function runImport(ctx: CliContext, kind: string, file: string): Promise<number> {
  const importer = IMPORTERS[kind];
  if (!importer) throw new UsageError(`unknown kind ${kind}: numbers|goods|cards|faq`);
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`no such file: ${file}`);
  const total = ctx.progress && !isJsonFile(file) ? await countLines(file) : 0;
  const started = Date.now();
  let drawn = 0;
  const onProgress = (r: ImportReport) => {
    const now = Date.now();
    if (!ctx.progress || now - drawn < 200) return;
    drawn = now;
    const rate = r.imported / Math.max((now - started) / 1000, 0.001);
    ctx.err(
      `\r${total > 0 ? progressLine(r.lines, total, rate) : `${r.imported} imported  ${Math.round(rate)} rows/s`}`,
    );
  };
  const report = await ctx.withDb((db) => importer(db, file, onProgress));
  const seconds = Math.max((Date.now() - started) / 1000, 0.001);
  if (ctx.progress && drawn > 0) {
    ctx.err(`\r${total > 0 ? progressLine(total, total, report.imported / seconds) : ''}\n`);
  }
  for (const { line, message } of report.rejected) ctx.out(`line ${line}: ${message}\n`);
  ctx.out(
    `${kind}: ${report.imported} imported, ${report.rejected.length} rejected in ${seconds.toFixed(1)} s (${Math.round(report.imported / seconds)} rows/s)\n`,
  );
  return report.rejected.length > 0 ? EXIT.rejected : EXIT.ok;
}

export const importCommand: Command = {
  name: 'import',
  summary: 'import numbers|goods|cards|faq from a CSV (header row) or JSON (array) file',
  help: `Usage: haoka import numbers|goods|cards|faq <file.csv|file.json>

CSV files have a header row naming the columns (any order, extra columns ignored); JSON files hold an
array of objects with the same names. Every row is validated: a bad row is reported as
"line N: <column>: <reason>" and skipped, good rows are written in batches. Rows are upserted by their
natural key, so importing the same file again changes nothing. Money is in yuan (two decimals at most);
lists are JSON arrays or values separated by "|"; flags are 0|1.

numbers  key: number
  required  number, provinceCode, cityCode (6-digit region codes), price, originalPrice, minConsume,
            contractMonths
  optional  status (1 on sale, default | 0 off sale), promoCode (the promoter it is listed for; empty:
            every shop), operatorType (1 China Mobile 2 China Unicom 3 China Telecom 4 China Broadnet; default: from the number's prefix)
  A locked or sold number keeps its status. A terminal shows a progress bar; the summary gives the rate.

goods    key: promoCode + name
  required  name, group (1 vanity-number plans | 2 SIM cards), category (card|flow|broadband|accessory), operatorType, price
  optional  promoCode (empty: every shop), image, images, monthlyFee, flowText, voiceText, originalPrice
            (default price), tags, sales, stock (empty: unlimited), needSmsCode, needAddress, detail
            (HTML), sort, status

cards    key: simNo
  required  simNo, iccid, operatorType
  optional  imsi, imei, promoCode, layoutCode, sourceType (1 card | 2 device), deviceNo, apn, simStatus
            (1 awaiting activation 2 active 3 suspended 4 cancelled), needAuth, totalFlowMb, endDate (YYYY-MM-DD), balance (yuan),
            integral
  balance and integral are opening figures of a new card, written to its ledgers as opening lines; importing a
  known card again updates its assignment only (use "card adjust-balance" for money). Real-name data
  is not imported: holders complete real-name in the app.

faq      key: scope + title
  required  category (order|pay|delivery|card|iot), title, content (HTML)
  optional  scope (shop|iot|all, default all), summary, hot, sort, enabled

Exit codes: 0 every row imported, 3 some rows rejected (the others were imported), 2 usage error,
1 failure. Examples (files in packages/server/src/cli/fixtures/):
  npm run cli -- import numbers packages/server/src/cli/fixtures/numbers.csv
  npm run cli -- import goods packages/server/src/cli/fixtures/goods.json
`,
  async run(args, ctx) {
    const [kind, file, ...rest] = args;
    if (!kind || !file || rest.length > 0) throw new UsageError('a kind and one file are required');
    return runImport(ctx, kind, file);
  },
};
