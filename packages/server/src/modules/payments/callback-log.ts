/**
 * The payment callback log (issue 23 item 4): every notify that reaches `POST /api/pay/notify/:channel` and
 * every settlement a provider query found (reconciliation job, status poll, pay-type switch) is written to
 * `payment_callbacks` for the console. Writing it never fails the notify or the settlement: a failed write
 * is logged and dropped.
 */
import type { CallbackOutcome, CallbackSource } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import * as repo from './repository.js';

/** What the notify path learned of one callback as it went; filled in step by step. */
export interface CallbackNote {
  verified: boolean;
  outcome: CallbackOutcome;
  reason: string | null;
  orderSn: string | null;
  amountFen: number | null;
  tradeNo: string | null;
}

export function newCallbackNote(): CallbackNote {
  return { verified: false, outcome: 'refused', reason: null, orderSn: null, amountFen: null, tradeNo: null };
}

/** Headers whose value is a credential of the caller or of this app: never stored. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|token|secret|password|api-?key/i;
export const REDACTED = '[redacted]';

/** The request headers as stored: names lowercased, credentials replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = SECRET_HEADER.test(name) ? REDACTED : value;
  }
  return out;
}

/** The body kept of a callback: at most this many characters (the notify route takes at most 64 KiB). */
const BODY_MAX = 65_536;

export async function logCallback(
  ctx: AppContext,
  entry: {
    source: CallbackSource;
    channel: string;
    note: CallbackNote;
    headers?: Record<string, string | undefined> | undefined;
    body?: string | undefined;
  },
): Promise<void> {
  const { note } = entry;
  try {
    await repo.insertPaymentCallback(ctx.db, {
      source: entry.source,
      channel: entry.channel.slice(0, 32),
      order_sn: note.orderSn ? note.orderSn.slice(0, 64) : null,
      verified: note.verified ? 1 : 0,
      outcome: note.outcome,
      reason: note.reason ? note.reason.slice(0, 200) : null,
      amount_fen: note.amountFen,
      trade_no: note.tradeNo ? note.tradeNo.slice(0, 128) : null,
      headers_json: entry.headers ? JSON.stringify(redactHeaders(entry.headers)) : null,
      body: entry.body === undefined ? null : entry.body.slice(0, BODY_MAX),
      created_at: ctx.clock.now(),
    });
  } catch (err) {
    ctx.log.error({ err, channel: entry.channel, source: entry.source }, 'payment callback log write failed');
  }
}
