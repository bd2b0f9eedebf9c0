/** Tables of the console's payments and SMS pages (issue 23, migration 0022), joined into `Database` in schema.ts. */
import type { Generated } from 'kysely';

/**
 * One line of the payment callback log: a provider notify as it arrived (headers with secrets redacted, raw
 * body) and what came of it, or a settlement a provider query found (source `reconcile`, `query`, `launch`).
 */
export interface PaymentCallbacksTable {
  id: Generated<number>;
  /** 'notify' | 'reconcile' | 'query' | 'launch' (contract CALLBACK_SOURCES). */
  source: string;
  channel: string;
  order_sn: string | null;
  /** 1 when the provider's signature (or its query answer) was verified. */
  verified: number;
  /** contract CALLBACK_OUTCOMES. */
  outcome: string;
  reason: string | null;
  amount_fen: number | null;
  trade_no: string | null;
  /** JSON object of the request headers, secrets redacted; null for a query. */
  headers_json: string | null;
  body: string | null;
  created_at: number;
}

/** One message an SMS gateway was asked to send, with the provider's answer. The mobile is kept masked. */
export interface SmsLogTable {
  id: Generated<number>;
  mobile_masked: string;
  /** lookupHash('sms-log', mobile). */
  mobile_hash: string;
  purpose: string;
  template: string;
  provider: string;
  ok: number;
  answer: string;
  cost: number;
  created_at: number;
}

export interface PaymentsConsoleTables {
  payment_callbacks: PaymentCallbacksTable;
  sms_log: SmsLogTable;
}
