/**
 * The personal-data scan (issue 8, "Security and abuse suite → Personal data"). It runs after every other
 * journey (the sequencer in vitest.config.ts puts it last) and reads what they left behind:
 *  - the server's SQLite file and its write-ahead log, byte for byte;
 *  - the server's log (info and up, JSON lines);
 *  - every API answer the journeys' pages received (browser.ts records them).
 * None may hold an 18-character ID number in plain text; the answers show the masked form; every stored
 * pay or card password is an argon2 hash. Run it with the journeys: `npx vitest run --project e2e`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const sqliteFile = inject('sqliteFile');

/** An ID number's shape (SPEC §5) standing alone: not part of a longer run of digits or letters. */
const ID_SHAPE =
  /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g;
/** The masked form the API shows (6 + 8 stars + 4). */
const MASKED_ID = /\d{6}\*{8}\d{3}[\dXx]/;

/** Every ID number the journeys type or post, read from their sources, so a scan also finds one glued to
 *  neighbouring bytes where the shape match cannot see its edges. */
function journeyIdNumbers(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(join(ROOT, 'e2e'))) {
    if (!file.endsWith('.ts') || file === 'personal-data.spec.ts') continue;
    for (const match of readFileSync(join(ROOT, 'e2e', file), 'utf8').matchAll(/['"`](\d{17}[\dX])['"`]/g)) {
      found.add(match[1] as string);
    }
  }
  return [...found];
}

function plainIdsIn(text: string, known: string[]): string[] {
  const hits = new Set<string>();
  for (const match of text.matchAll(ID_SHAPE)) hits.add(match[0]);
  for (const id of known) if (text.includes(id)) hits.add(id);
  return [...hits];
}

/** Where a hit sits, for a failure message that says what leaked. */
function contextOf(text: string, hit: string): string {
  const at = text.indexOf(hit);
  return text.slice(Math.max(0, at - 80), at + hit.length + 40).replace(/[^\x20-\x7e\u4e00-\u9fff]/g, '·');
}

const knownIds = journeyIdNumbers();

describe('personal data after the journeys', () => {
  it('the journeys typed ID numbers (so the scan has something to miss)', () => {
    expect(knownIds.length).toBeGreaterThanOrEqual(3);
  });

  it('the database file and its write-ahead log hold no ID number in plain text', () => {
    for (const file of [sqliteFile, `${sqliteFile}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      const hits = plainIdsIn(bytes, knownIds);
      expect(hits.map((hit) => `${file}: ${contextOf(bytes, hit)}`)).toEqual([]);
    }
    // The shoppers' and card holders' ID numbers are there, sealed: the scan looked at rows that exist.
    const db = new Database(sqliteFile, { readonly: true });
    try {
      for (const table of ['shop_orders', 'iot_realname_submissions']) {
        const sealed = db.prepare(`select id_card_enc, id_card_masked from ${table}`).all() as {
          id_card_enc: string;
          id_card_masked: string;
        }[];
        expect(sealed.length, table).toBeGreaterThan(0);
        for (const row of sealed) {
          expect(row.id_card_enc).toMatch(/^v1\./);
          expect(row.id_card_masked).toMatch(MASKED_ID);
        }
      }
    } finally {
      db.close();
    }
  });

  /**
   * Columns named "password" that hold no credential of ours. A Wi-Fi code hands its network key to
   * whoever scans the code (SPEC getWifiCode answers it), so the key is stored as given.
   */
  const NOT_CREDENTIALS = new Set(['wifi_codes.password']);

  it('every stored password is an argon2 hash', () => {
    const db = new Database(sqliteFile, { readonly: true });
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
      let checked = 0;
      for (const { name } of tables) {
        const columns = db.prepare(`pragma table_info("${name}")`).all() as { name: string }[];
        const credentials = columns.filter(
          (c) =>
            /password/i.test(c.name) && !/fails|locked|mode/.test(c.name) && !NOT_CREDENTIALS.has(`${name}.${c.name}`),
        );
        for (const column of credentials) {
          const values = db
            .prepare(`select "${column.name}" as v from "${name}" where "${column.name}" is not null`)
            .all() as { v: string }[];
          for (const { v } of values) {
            expect(`${name}.${column.name} = ${v.slice(0, 12)}…`).toMatch(/= \$argon2id\$/);
            checked += 1;
          }
        }
      }
      // The demo cards' and the journeys' pay passwords were among them.
      expect(checked).toBeGreaterThanOrEqual(3);
    } finally {
      db.close();
    }
  });

  it('the server log holds no ID number and no password in plain text', () => {
    const log = readFileSync(inject('serverLog'), 'utf8');
    expect(log.length).toBeGreaterThan(0);
    const hits = plainIdsIn(log, knownIds);
    expect(hits.map((hit) => contextOf(log, hit))).toEqual([]);
    expect(log).not.toMatch(/"(pay)?[pP]assword"\s*:\s*"\d{6}"/);
  });

  it('the API answers the journeys received show ID numbers only masked', () => {
    const file = inject('apiAnswersLog');
    expect(existsSync(file)).toBe(true);
    const answers = readFileSync(file, 'utf8');
    const hits = plainIdsIn(answers, knownIds);
    expect(hits.map((hit) => contextOf(answers, hit))).toEqual([]);
    // The journeys looked at real-name data and orders: the masked form is what they were shown.
    expect(answers).toMatch(MASKED_ID);
  });
});
