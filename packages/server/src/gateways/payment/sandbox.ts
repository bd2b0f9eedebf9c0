/**
 * The built-in payment provider (PAYMENT_PROVIDER=sandbox, the default). It keeps its own books in
 * `sandbox_payments`, as a real provider does on its side, shows a cashier page where the shopper
 * confirms, and then sends a SIGNED notify over real HTTP to the notify URL it was given, which the
 * server verifies exactly like a provider's (HMAC-SHA256 over timestamp, nonce and body; 5-minute window).
 */
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { SandboxPaymentsTable } from '../../db/schema.js';
import type { GatewayLogger as Logger } from '../../lib/logger.js';
import {
  NotifyRejected,
  notifyTimestampIsFresh,
  type PaymentGateway,
  PaymentProviderError,
} from './payment-gateway.js';

export const SANDBOX_CHANNEL = 'sandbox';

export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

export type SandboxPayment = SandboxPaymentsTable;

export interface SandboxOptions {
  db: Db;
  /** The HMAC key shared by the "provider" and the server (PAY_SANDBOX_SECRET). */
  secret: string;
  /** config.publicUrl, read at each launch (tests set it once the server listens). */
  publicUrl: () => string | undefined;
  log: Logger;
}

export type ConfirmOutcome =
  | { outcome: 'missing' }
  | { outcome: 'paid'; payment: SandboxPayment; delivered: boolean }
  | { outcome: 'closed' | 'refunded'; payment: SandboxPayment };

export interface SandboxGateway extends PaymentGateway {
  /** Test switch: when false, a confirmed payment is not notified (a dropped notify). */
  deliverNotifies: boolean;
  find(prepayId: string): Promise<SandboxPayment | undefined>;
  /** The shopper pays: marks the payment paid (once) and delivers the signed notify. */
  confirm(prepayId: string): Promise<ConfirmOutcome>;
}

/** base64 HMAC-SHA256(secret, `${timestamp}\n${nonce}\n${body}\n`), the sandbox's signature. */
export function sandboxSignature(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
}

/** The headers the sandbox sends with a notify body (exported so tests can forge and replay). */
export function signSandboxNotify(
  secret: string,
  body: string,
  at: { timestamp?: string; nonce?: string } = {},
): Record<string, string> {
  const timestamp = at.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = at.nonce ?? randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    [SANDBOX_HEADERS.timestamp]: timestamp,
    [SANDBOX_HEADERS.nonce]: nonce,
    [SANDBOX_HEADERS.signature]: sandboxSignature(secret, timestamp, nonce, body),
  };
}

/** What a notify says of a payment, after its own `id` (exported so tests can forge and replay). */
export function sandboxNotifyFields(payment: SandboxPayment) {
  return {
    out_trade_no: payment.out_trade_no,
    trade_no: payment.trade_no,
    amount_fen: payment.amount_fen,
    paid_at: payment.paid_at,
    prepay_id: payment.prepay_id,
  };
}

const notifyBody = z.object({
  id: z.string().min(1),
  out_trade_no: z.string().min(1).max(32),
  trade_no: z.string().min(1).max(64),
  amount_fen: z.number().int().nonnegative(),
  paid_at: z.number().int().positive(),
  prepay_id: z.string().min(1).max(64),
});

export function createSandboxGateway(options: SandboxOptions): SandboxGateway {
  const { db, secret, log } = options;

  const find = (prepayId: string) =>
    db.selectFrom('sandbox_payments').selectAll().where('prepay_id', '=', prepayId).executeTakeFirst();

  async function deliver(payment: SandboxPayment): Promise<boolean> {
    const body = JSON.stringify({ id: randomUUID(), ...sandboxNotifyFields(payment) });
    try {
      const res = await fetch(payment.notify_url, {
        method: 'POST',
        headers: signSandboxNotify(secret, body),
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      const ok = res.status === 200 && text.includes('"SUCCESS"');
      log.info({ orderSn: payment.out_trade_no, status: res.status, ok }, 'sandbox notify delivered');
      return ok;
    } catch (err) {
      log.warn({ orderSn: payment.out_trade_no, err }, 'sandbox notify could not be delivered');
      return false;
    }
  }

  const gateway: SandboxGateway = {
    channel: SANDBOX_CHANNEL,
    deliverNotifies: true,
    find,

    async createPrepay(req) {
      const base = options.publicUrl() ?? req.origin;
      if (!base) throw new PaymentProviderError('sandbox: no public URL to build the cashier address');
      const prepayId = `sbx${randomBytes(16).toString('hex')}`;
      await db
        .insertInto('sandbox_payments')
        .values({
          prepay_id: prepayId,
          out_trade_no: req.orderSn,
          amount_fen: req.amountFen,
          description: req.description.slice(0, 128),
          notify_url: req.notifyUrl,
          return_url: req.returnUrl,
          state: 'created',
          trade_no: null,
          expire_at: req.expireAt,
          paid_at: null,
          created_at: Date.now(),
        })
        .execute();
      return { prepayId, payUrl: `${base}/api/pay/sandbox/cashier?prepayId=${prepayId}` };
    },

    async confirm(prepayId: string): Promise<ConfirmOutcome> {
      const now = Date.now();
      const payment = await find(prepayId);
      if (!payment) return { outcome: 'missing' };
      if (payment.state === 'created') {
        if (payment.expire_at <= now) {
          await db
            .updateTable('sandbox_payments')
            .set({ state: 'closed' })
            .where('prepay_id', '=', prepayId)
            .where('state', '=', 'created')
            .execute();
        } else {
          // One out_trade_no is paid at most once, as at a real provider.
          await db
            .updateTable('sandbox_payments')
            .set({
              state: 'paid',
              trade_no: `SBX${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
              paid_at: now,
            })
            .where('prepay_id', '=', prepayId)
            .where('state', '=', 'created')
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('sandbox_payments as other')
                    .select('other.prepay_id')
                    .where('other.out_trade_no', '=', payment.out_trade_no)
                    .where('other.state', 'in', ['paid', 'refunded']),
                ),
              ),
            )
            .execute();
        }
      }
      const current = (await find(prepayId)) ?? payment;
      if (current.state === 'paid') {
        // A repeated confirm delivers again, as providers retry their notifies.
        const delivered = gateway.deliverNotifies ? await deliver(current) : false;
        return { outcome: 'paid', payment: current, delivered };
      }
      return { outcome: current.state === 'refunded' ? 'refunded' : 'closed', payment: current };
    },

    async verifyNotify(headers, rawBody) {
      const timestamp = headers[SANDBOX_HEADERS.timestamp];
      const nonce = headers[SANDBOX_HEADERS.nonce];
      const signature = headers[SANDBOX_HEADERS.signature];
      if (!timestamp || !nonce || !signature) throw new NotifyRejected('missing signature headers');
      const expected = Buffer.from(sandboxSignature(secret, timestamp, nonce, rawBody), 'base64');
      const given = Buffer.from(signature, 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new NotifyRejected('bad signature');
      }
      if (!notifyTimestampIsFresh(timestamp, Date.now())) {
        throw new NotifyRejected('stale timestamp');
      }
      let parsed: z.infer<typeof notifyBody>;
      try {
        parsed = notifyBody.parse(JSON.parse(rawBody));
      } catch {
        throw new NotifyRejected('malformed body');
      }
      return {
        orderSn: parsed.out_trade_no,
        tradeNo: parsed.trade_no,
        amountFen: parsed.amount_fen,
        paidAt: parsed.paid_at,
        prepayId: parsed.prepay_id,
      };
    },

    async query(orderSn) {
      const rows = await db.selectFrom('sandbox_payments').selectAll().where('out_trade_no', '=', orderSn).execute();
      const paid = rows.find((r) => r.state === 'paid');
      if (paid) {
        return {
          state: 'paid',
          tradeNo: paid.trade_no ?? undefined,
          amountFen: paid.amount_fen,
          paidAt: paid.paid_at ?? undefined,
        };
      }
      const refunded = rows.find((r) => r.state === 'refunded');
      if (refunded)
        return { state: 'refunded', tradeNo: refunded.trade_no ?? undefined, amountFen: refunded.amount_fen };
      const now = Date.now();
      return { state: rows.some((r) => r.state === 'created' && r.expire_at > now) ? 'unpaid' : 'closed' };
    },

    async close(orderSn: string): Promise<void> {
      await db
        .updateTable('sandbox_payments')
        .set({ state: 'closed' })
        .where('out_trade_no', '=', orderSn)
        .where('state', '=', 'created')
        .execute();
    },

    async refund(req) {
      const rows = await db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('out_trade_no', '=', req.orderSn)
        .where('state', 'in', ['paid', 'refunded'])
        .execute();
      const paid = rows.find((r) => r.state === 'paid');
      if (!paid) {
        if (rows.length > 0) return; // already refunded: a repeated refund is the same refund
        throw new PaymentProviderError(`sandbox: ${req.orderSn} has no payment to refund`);
      }
      if (req.amountFen > paid.amount_fen) throw new PaymentProviderError('sandbox: refund exceeds the payment');
      await db
        .updateTable('sandbox_payments')
        .set({ state: 'refunded' })
        .where('prepay_id', '=', paid.prepay_id)
        .where('state', '=', 'paid')
        .execute();
    },

    ackNotify(ok) {
      return ok
        ? { status: 200, body: JSON.stringify({ code: 'SUCCESS' }), contentType: 'application/json; charset=utf-8' }
        : {
            status: 400,
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
            contentType: 'application/json; charset=utf-8',
          };
    },
  };
  return gateway;
}
