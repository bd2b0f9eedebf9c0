/**
 * Cards of their own for the card API tests: a demo-shaped card row, opening ledger lines (期初) for the
 * balance, points and coupon coins it starts with (so every ledger sums to its figure), and a login over
 * the real app. Each test file makes its cards through one `testCards` and calls the app through `callApp`.
 */
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { SimsTable } from '../db/schema.js';
import { demoSimRow } from '../seed/demo-iot-cards.js';
import { clientHeaders, type TestApp } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked field by field
export type Body = { code: number; message: string; reason?: string; data: any };
export type SimValues = Partial<Omit<Insertable<SimsTable>, 'id'>>;

export interface CardValues extends SimValues {
  /** Fen. */
  balance?: number;
  integral?: number;
  coins?: number;
  /** Give the card the file's pay password (default true). */
  password?: boolean;
}

export interface TestCard {
  id: number;
  simNo: string;
  headers: Record<string, string>;
}

export interface TestCardsOptions {
  /** The second octet of the login addresses, one per file, so per-IP limits never meet. */
  subnet: number;
  /** The pay password hash the cards get (unless `password: false`). */
  payPasswordHash?: () => string | null;
}

export function testCards(app: () => TestApp, options: TestCardsOptions) {
  let seq = 0;
  return async function newCard(values: CardValues = {}): Promise<TestCard> {
    const n = String(++seq).padStart(4, '0');
    const { balance = 0, integral = 0, coins = 0, password = true, ...rest } = values;
    const t = app();
    const db = t.database.handle.db;
    const now = Date.now();
    const row = demoSimRow(now, {
      sim_no: `144077770${n}`,
      iccid: `898604201777770${n}0`,
      operator_type: 1,
      balance_fen: balance,
      integral,
      coupon_coin: coins,
      pay_password_hash: password ? (options.payPasswordHash?.() ?? null) : null,
      ...rest,
    });
    const { id } = await db.insertInto('sims').values(row).returning('id').executeTakeFirstOrThrow();
    const opening = { sim_id: id, order_sn: '', remark: '期初', created_at: now };
    if (balance !== 0) {
      await db
        .insertInto('iot_balance_logs')
        .values({ ...opening, type: 4, amount_fen: balance, balance_after_fen: balance })
        .execute();
    }
    if (integral !== 0) {
      await db
        .insertInto('iot_integral_logs')
        .values({ ...opening, type: 7, points: integral, integral_after: integral })
        .execute();
    }
    if (coins !== 0) {
      await db
        .insertInto('iot_coin_logs')
        .values({ ...opening, type: 4, coin: coins, coin_after: coins })
        .execute();
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/simLogin',
      headers: clientHeaders(),
      remoteAddress: `10.${options.subnet}.${Math.floor(seq / 250)}.${(seq % 250) + 1}`,
      payload: { simNo: row.sim_no, agreeProtocol: 1 },
    });
    expect(login.json().code).toBe(0);
    const headers = clientHeaders({ 'session-id': login.json().data.sessionId, 'sim-no': row.sim_no });
    return { id: Number(id), simNo: row.sim_no, headers };
  };
}

/** One call over the app as a card (or with bare headers); the envelope always comes with HTTP 200. */
export async function callApp(
  t: TestApp,
  card: TestCard | Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<Body> {
  const headers =
    'headers' in card && typeof card.headers === 'object' ? card.headers : (card as Record<string, string>);
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}\n${t.serverErrors().join('')}`).toBe(200);
  return res.json() as Body;
}
