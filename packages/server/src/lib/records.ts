/**
 * Records of an operator's import file, each with the line it starts on: CSV with a header row (streamed,
 * so a million rows fit in memory) or a JSON array of objects (`.json`). Values come out as strings, as
 * they would from CSV, so one row schema validates both; `importRecords` validates, reports every bad row
 * as `line N: field: reason`, and writes the good ones in batches, each batch in one transaction.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { isReason, reasonText } from '@haoka/contract/reasons';
import { z } from 'zod';
import type { Db, Tx } from '../db/database.js';
import { splitCsvLine } from './csv.js';

export interface SourceRecord {
  line: number;
  record: Record<string, string>;
}

export interface RowError {
  line: number;
  message: string;
}

export interface ImportReport {
  /** Rows written (inserted or updated). */
  imported: number;
  rejected: RowError[];
  /** Lines (CSV) or elements (JSON) read so far. */
  lines: number;
}

export class RecordFileError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export function isJsonFile(file: string): boolean {
  return /\.json$/i.test(file);
}

/** CSV records keyed by the header row; `required` columns missing from it fail on line 1. */
export async function* readCsvRecords(file: string, required: readonly string[] = []): AsyncGenerator<SourceRecord> {
  const input = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  let header: string[] | null = null;
  let line = 0;
  for await (const raw of input) {
    line += 1;
    const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    const cells = splitCsvLine(text);
    if (!header) {
      header = cells;
      const missing = required.filter((c) => !header?.includes(c));
      if (missing.length > 0) throw new RecordFileError(line, `missing columns: ${missing.join(', ')}`);
      continue;
    }
    const record: Record<string, string> = {};
    header.forEach((name, i) => {
      record[name] = cells[i] ?? '';
    });
    yield { line, record };
  }
}

/** Start offsets of the top-level elements of a JSON array text (the text is already known to parse). */
function elementOffsets(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 1 && expectValue) {
      out.push(i);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth === 1) expectValue = true;
    } else if (c === ']' || c === '}') depth -= 1;
    else if (c === ',' && depth === 1) expectValue = true;
  }
  return out;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** A JSON value as the string a CSV cell would hold (objects and arrays stay JSON). */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The elements of a JSON array text (or the one object it holds), each with the line it starts on. */
export function jsonItems(text: string, options: { allowObject?: boolean } = {}): { line: number; value: unknown }[] {
  const clean = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(clean);
  } catch (error) {
    throw new RecordFileError(1, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (options.allowObject && data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const at = clean.search(/\S/);
    return [{ line: lineAt(clean, Math.max(at, 0)), value: data }];
  }
  if (!Array.isArray(data))
    throw new RecordFileError(
      1,
      options.allowObject
        ? 'a JSON file must hold an object or an array of objects'
        : 'a JSON file must hold an array of objects',
    );
  const offsets = elementOffsets(clean);
  const out: { line: number; value: unknown }[] = [];
  let line = 1;
  let from = 0;
  for (let i = 0; i < data.length; i++) {
    const at = offsets[i] ?? from;
    line += lineAt(clean.slice(from, at), at - from) - 1;
    from = at;
    out.push({ line, value: data[i] });
  }
  return out;
}

/** Elements of a JSON array file as records of strings, each with the line it starts on. */
export async function* readJsonRecords(file: string): AsyncGenerator<SourceRecord> {
  for (const { line, value } of jsonItems(await readFile(file, 'utf8'))) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      yield { line, record: { __invalid: cell(value) } };
      continue;
    }
    yield { line, record: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cell(v)])) };
  }
}

export function readRecords(file: string, required: readonly string[] = []): AsyncGenerator<SourceRecord> {
  return isJsonFile(file) ? readJsonRecords(file) : readCsvRecords(file, required);
}

/** The first problem of a failed parse, as `field: reason`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.join('.') || 'row';
  // A contract schema names a refusal reason (reasonIssue): the CLI says its English text.
  const message = isReason(issue?.message) ? reasonText(issue.message, null, 'en') : (issue?.message ?? 'invalid');
  return `${path}: ${message}`;
}

export interface ImportSpec<T> {
  /** Columns a CSV header must have. */
  required: readonly string[];
  /** The row to write, or why it is refused (`field: reason`). */
  parse(record: Record<string, string>): T | { error: string } | Promise<T | { error: string }>;
  /** Writes a batch inside one transaction; returns per-row refusals found only against the database. */
  write(tx: Tx, rows: { line: number; row: T }[]): Promise<RowError[] | undefined>;
  /** Natural key of a row: a file naming one key twice keeps the first and refuses the rest. */
  key(row: T): string;
  batchSize?: number;
}

/**
 * Reads, validates and writes a file. Bad rows are reported and skipped; the good ones are written in
 * batches (one transaction each). A file-level problem (missing column, not JSON) is one rejection on
 * its line and nothing is written.
 */
export async function importRecords<T>(
  db: Db,
  file: string,
  spec: ImportSpec<T>,
  onProgress?: (report: ImportReport) => void,
): Promise<ImportReport> {
  const report: ImportReport = { imported: 0, rejected: [], lines: 0 };
  const batchSize = spec.batchSize ?? 1000;
  const seen = new Map<string, number>();
  let batch: { line: number; row: T }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const refused = (await db.transaction().execute((tx) => spec.write(tx, rows))) ?? [];
    report.rejected.push(...refused);
    report.imported += rows.length - refused.length;
    onProgress?.(report);
  };
  try {
    for await (const { line, record } of readRecords(file, spec.required)) {
      report.lines = line;
      if ('__invalid' in record) {
        report.rejected.push({ line, message: 'row: must be an object' });
        continue;
      }
      const row = await spec.parse(record);
      if (row && typeof row === 'object' && 'error' in row) {
        report.rejected.push({ line, message: row.error });
        continue;
      }
      const key = spec.key(row as T);
      const first = seen.get(key);
      if (first !== undefined) {
        report.rejected.push({ line, message: `row: repeats line ${first} (${key})` });
        continue;
      }
      seen.set(key, line);
      batch.push({ line, row: row as T });
      if (batch.length >= batchSize) await flush();
    }
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    report.rejected.push({ line: error.line, message: error.message });
    return report;
  }
  await flush();
  report.rejected.sort((a, b) => a.line - b.line);
  return report;
}

/** Field parsers of import rows: every value arrives as a string (CSV cell or JSON value as text). */
export const fields = {
  /** Yuan with at most two decimals, as integer fen. */
  yuan: () =>
    z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be an amount in yuan with at most 2 decimals' })
      .transform((v) => Math.round(Number(v) * 100)),
  int: (min: number, max: number, fallback?: number) =>
    z.string().transform((v, ctx) => {
      if (v === '' && fallback !== undefined) return fallback;
      const n = Number(v);
      if (v === '' || !Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    }),
  /** Empty means none (null); otherwise a whole number ≥ 0. */
  optionalCount: () =>
    z.string().transform((v, ctx) => {
      if (v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'must be empty (no limit) or a whole number of 0 or more' });
        return z.NEVER;
      }
      return n;
    }),
  flag: (fallback: 0 | 1) =>
    z
      .enum(['', '0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
      .transform((v) => (v === '' ? fallback : v === '1' || v === 'true' ? 1 : 0)),
  text: (max: number, fallback = '') =>
    z
      .string()
      .max(max, { error: `at most ${max} characters` })
      .transform((v) => (v === '' ? fallback : v)),
  required: (max: number) =>
    z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(max, { error: `at most ${max} characters` }),
  promoCode: () =>
    z
      .string()
      .regex(/^[0-9A-Za-z_-]{0,32}$/, { error: 'must be a promoter code: letters, digits, _ or -, at most 32' }),
  /** A list: a JSON array of strings, or values separated by `|`. */
  list: () =>
    z.string().transform((v, ctx) => {
      if (v === '') return [] as string[];
      if (v.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(v);
          if (Array.isArray(parsed) && parsed.every((s) => typeof s === 'string')) return parsed as string[];
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: 'must be an array of strings or values separated by |' });
        return z.NEVER;
      }
      return v
        .split('|')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    }),
  /** An image or link: an http(s) URL or a path of this site (starting with /); empty allowed. */
  link: () =>
    z
      .string()
      .regex(/^(|https?:\/\/\S+|\/\S*)$/, { error: 'must be an http(s) address or a site path starting with /' }),
};

/** Parses a record with defaults for absent columns; returns the value or the first problem. */
export function parseRecord<S extends z.ZodObject>(
  schema: S,
  record: Record<string, string>,
  defaults: Record<string, string> = {},
): z.output<S> | { error: string } {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) input[key] = record[key] ?? defaults[key] ?? '';
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : { error: firstIssue(parsed.error) };
}

/**
 * Splits numbered rows by their promoter: those whose promoter exists ('' is every promoter's shared
 * catalogue) and a refusal per row naming a promoter that does not. `existing` answers which of the
 * named codes exist (the site repository's `findPromoterCodes`).
 */
export async function byKnownPromoter<R extends { line: number }>(
  rows: R[],
  promoCodeOf: (row: R) => string,
  existing: (codes: string[]) => Promise<string[]>,
): Promise<{ known: R[]; refused: RowError[] }> {
  const wanted = [...new Set(rows.map(promoCodeOf))].filter((c) => c !== '');
  const found = wanted.length === 0 ? [] : await existing(wanted);
  const known: R[] = [];
  const refused: RowError[] = [];
  const codes = new Set(['', ...found]);
  for (const row of rows) {
    const code = promoCodeOf(row);
    if (codes.has(code)) known.push(row);
    else refused.push({ line: row.line, message: `promoCode: no promoter ${code}` });
  }
  return { known, refused };
}
