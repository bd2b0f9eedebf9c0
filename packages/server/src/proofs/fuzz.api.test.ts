/**
 * Security proof — fuzz (issue 8): every contract endpoint gets at least 200 generated bad inputs (wrong
 * types, huge strings, unicode, negative money, SQL and HTML payloads, missing and extra fields, bodies
 * that are not objects or not JSON). The endpoint's own zod schema decides which inputs are bad; every
 * bad input must be answered with an envelope carrying a non-zero code (HTTP 200) or a 4xx, never a 500
 * and never a stack trace, and the database must not change (every row of every table, compared by digest
 * around each endpoint; only the attempt counters and the sessions a refusal may rightly write are left
 * out). Calls go out with a logged-in card and a
 * logged-in shopper, so a rejection comes from validation, not from a missing session.
 *
 * Endpoints whose input has no fields (GET with an empty schema) cannot be given a bad input: their
 * generated queries are accepted and stripped, so for them only "no 500, no stack trace, an envelope, no
 * database change" is asserted.
 */
import { createHash } from 'node:crypto';

import type { Endpoint } from '@haoka/contract';
import * as contract from '@haoka/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../http/sessions.js';
import { hashPayPassword } from '../modules/iot-buy/pay-password.js';
import { type TestCard, testCards } from '../test/cards.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const INPUTS_PER_ENDPOINT = 200;
const BATCH = 25;

let t: TestApp;
let card: TestCard;
let shopperHeaders: Record<string, string>;
let passwordHash: string;
const db = () => t.database.handle.db;
const newCard = testCards(() => t, { subnet: 81, payPasswordHash: () => passwordHash });

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPayPassword('258036');
  card = await newCard({ balance: 10_000, integral: 1_000, coins: 500 });
  const sessionId = await createSession(db(), { mobile: '13900008101' });
  shopperHeaders = clientHeaders({ 'session-id': sessionId });
});
afterAll(() => t?.close());

/** Every endpoint the contract exports: each value with method, path and input in an `*Api` namespace. */
function contractEndpoints(): { name: string; endpoint: Endpoint }[] {
  const found: { name: string; endpoint: Endpoint }[] = [];
  for (const [ns, mod] of Object.entries(contract)) {
    if (!ns.endsWith('Api') || typeof mod !== 'object' || mod === null) continue;
    for (const [name, value] of Object.entries(mod)) {
      if (value && typeof value === 'object' && 'method' in value && 'path' in value && 'input' in value) {
        found.push({ name: `${ns}.${name}`, endpoint: value as Endpoint });
      }
    }
  }
  return found;
}

const ENDPOINTS = contractEndpoints();

function fieldsOf(endpoint: Endpoint): string[] {
  const shape = (endpoint.input as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const HUGE = 'x'.repeat(70_000);
const PAYLOADS: unknown[] = [
  "' OR '1'='1",
  '1; DROP TABLE sims; --',
  "1' UNION SELECT password FROM sessions --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u200b\ud83d\ude00𠜎',
  'ＳＥＬＥＣＴ',
  '-0.01',
  '-1',
  '-100.00',
  '-99999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  ' ',
  '',
  '{}',
  '[]',
  'null',
  'true',
  -1,
  -0.01,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  0,
  true,
  false,
  null,
  [],
  [1, 2],
  ['a', { b: 1 }],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
  HUGE,
];

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5000 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }) },
);

const EXTRA_KEYS = ['__proto__', 'constructor', 'sim_id', 'simId', 'balance', 'status', 'admin', 'id', '$where'];

/** An input object: some of the schema's fields (each maybe missing) and maybe extra fields, all with bad values. */
function objectArb(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = fields.length > 0 ? fields : ['x'];
  return fc
    .tuple(
      fc.dictionary(fc.constantFrom(...keys), valueArb, { maxKeys: keys.length }),
      fc.dictionary(fc.constantFrom(...EXTRA_KEYS), valueArb, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));
}

/** A POST body as sent: JSON text (any JSON value, not only objects) or broken JSON. */
function bodyArb(fields: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: objectArb(fields).map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: valueArb.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":', '{', "{'a':1}", 'nul', '[1,', '{"__proto__":{"x":1}}', '\u0000'),
    },
  );
}

/** The query object Fastify hands the handler for these values (strings, repeated keys as arrays). */
function asQuery(input: Record<string, unknown>): { qs: string; parsed: Record<string, unknown> } {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list)
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  // fromEntries makes own properties, so a `__proto__` key stays a plain field as in Fastify's parser.
  const parsed = Object.fromEntries(
    [...new Set(params.keys())].map((key) => {
      const all = params.getAll(key);
      return [key, all.length === 1 ? all[0] : all];
    }),
  );
  return { qs: params.toString(), parsed };
}

function isRejected(endpoint: Endpoint, raw: unknown): boolean {
  return !endpoint.input.safeParse(raw ?? {}).success;
}

function jsonOrUndefined(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

interface Case {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** The schema rejects it (else: a GET without fields, accepted and stripped). */
  bad: boolean;
}

/** At least INPUTS_PER_ENDPOINT cases the schema rejects (or, for field-less GETs, junk queries). */
function casesFor(endpoint: Endpoint, seed: number): Case[] {
  const fields = fieldsOf(endpoint);
  const cases: Case[] = [];
  const tries = INPUTS_PER_ENDPOINT * 20;
  if (endpoint.method === 'GET') {
    const samples = fc.sample(objectArb(fields), { numRuns: tries, seed });
    const acceptsAll = fields.length === 0;
    for (const input of samples) {
      const { qs, parsed } = asQuery(input);
      const bad = isRejected(endpoint, parsed);
      if (!bad && !acceptsAll) continue;
      cases.push({ method: 'GET', url: `${endpoint.path}${qs ? `?${qs}` : ''}`, bad });
      if (cases.length >= INPUTS_PER_ENDPOINT) break;
    }
  } else {
    for (const body of fc.sample(bodyArb(fields), { numRuns: tries, seed })) {
      const parsed = jsonOrUndefined(body);
      if (parsed && !isRejected(endpoint, parsed.value)) continue;
      cases.push({ method: 'POST', url: endpoint.path, body, bad: true });
      if (cases.length >= INPUTS_PER_ENDPOINT) break;
    }
  }
  return cases;
}

/**
 * Tables that a refused request may rightly write: the attempt counters behind the rate limits and
 * lockouts, and the sessions a request touches. Everything else must stay byte for byte as it was.
 */
const WRITTEN_BY_REFUSALS = new Set(['counters', 'sessions', 'job_leases']);

/** Every table's row count and a digest of all its rows: any write by a bad input shows here. */
async function snapshot(): Promise<Record<string, string>> {
  const tables =
    TEST_DB === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db())
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          db(),
        );
  const out: Record<string, string> = {};
  for (const name of tables.rows.map((r) => r.name).sort()) {
    if (WRITTEN_BY_REFUSALS.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`${sql.raw(`select * from "${name}"`)}`.execute(db());
    const lines = rows.rows.map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
    lines.sort();
    const digest = createHash('sha256');
    for (const line of lines) digest.update(line).update('\n');
    out[name] = `${lines.length} rows ${digest.digest('hex').slice(0, 16)}`;
  }
  return out;
}

const STACK = /\bat .+:\d+:\d+|node_modules|\.ts:\d+|Error:\s|\n\s+at\s/;

describe(`fuzz: every contract endpoint on ${TEST_DB}`, () => {
  it('enumerates the contract endpoints', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(90);
  });

  ENDPOINTS.forEach(({ name, endpoint }, index) => {
    it(`${name} (${endpoint.method} ${endpoint.path}) rejects ${INPUTS_PER_ENDPOINT} bad inputs`, async () => {
      const cases = casesFor(endpoint, 8_000 + index);
      expect(cases.length, 'generated inputs').toBeGreaterThanOrEqual(INPUTS_PER_ENDPOINT);
      const headers = endpoint.auth === 'card' ? card.headers : shopperHeaders;
      const before = await snapshot();
      const failures: string[] = [];
      for (let i = 0; i < cases.length; i += BATCH) {
        await Promise.all(
          cases.slice(i, i + BATCH).map(async (c) => {
            const res = await t.app.inject({
              method: c.method,
              url: c.url,
              headers: c.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              remoteAddress: '10.81.200.1',
              ...(c.body === undefined ? {} : { payload: c.body }),
            });
            const what = `${c.method} ${c.url.slice(0, 200)} ${c.body?.slice(0, 200) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            const body = jsonOrUndefined(res.body)?.value as { code?: unknown; message?: unknown } | undefined;
            const envelope =
              !!body && typeof body.code === 'number' && typeof body.message === 'string' && 'data' in body;
            if (res.statusCode >= 500) failures.push(`5xx: ${what}`);
            else if (!envelope) failures.push(`not an envelope: ${what}`);
            else if (STACK.test(res.body)) failures.push(`stack trace: ${what}`);
            else if (c.bad && !(res.statusCode >= 400 || body.code !== 0)) failures.push(`accepted: ${what}`);
            else if (res.statusCode !== 200 && (res.statusCode < 400 || res.statusCode >= 500)) {
              failures.push(`status: ${what}`);
            }
          }),
        );
      }
      expect(failures.slice(0, 5)).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  });
});
