/**
 * What the console's IoT cards module answers (BACKOFFICE.md module 5, issue 23 item 2): the cards table,
 * a card's page (state and stop reason, usage, packages, ledgers, orders, real-name, device), the state
 * after a staff action, and batch jobs with their per-card results.
 */
import { z } from 'zod';
import { adminCardOrder } from './admin.js';
import { money } from './common.js';

/** A row of the cards table. Mobiles are masked. */
export const adminCard = z.object({
  simNo: z.string(),
  iccid: z.string(),
  deviceNo: z.string().nullable(),
  mobileMasked: z.string().nullable(),
  /** 1 China Mobile, 2 China Unicom, 3 China Telecom (operator_type). */
  operatorType: z.number().int(),
  /** SimStatus: 1 inactive, 2 running, 3 stopped, 4 closed. */
  simStatus: z.number().int(),
  /** domain/card-state.ts SIM_STOP_REASONS; '' = none. */
  stopReason: z.string(),
  /** Operator real-name: 0 none, 1 done, 2 reviewing, 3 failed. */
  authStatus: z.number().int(),
  /** Platform real-name: 0 none, 1 done, 2 under review, 3 rejected. */
  authPlatformStatus: z.number().int(),
  balance: money,
  promoCode: z.string(),
  /** The last sync with the operator, epoch ms; null = never. */
  syncedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type AdminCard = z.infer<typeof adminCard>;

/** One line of a card's balance, points or coin ledger; `amount` is yuan for the balance, a count otherwise. */
export const adminLedgerLine = z.object({
  type: z.number().int(),
  amount: z.string(),
  after: z.string(),
  orderSn: z.string(),
  remark: z.string(),
  at: z.number().int(),
});
export type AdminLedgerLine = z.infer<typeof adminLedgerLine>;

/** A package order on the card (iot_package_orders). */
export const adminCardPackage = z.object({
  orderSn: z.string(),
  name: z.string(),
  /** 0 unpaid, 1 waiting, 2 in use, 3 ended, 4 refunded, 5 closed. */
  status: z.number().int(),
  flowMb: z.number(),
  useFlowMb: z.number(),
  infinite: z.boolean(),
  startAt: z.number().int().nullable(),
  endAt: z.number().int().nullable(),
});
export type AdminCardPackage = z.infer<typeof adminCardPackage>;

export const adminCardDetail = z.object({
  card: adminCard,
  usage: z.object({
    totalFlowMb: z.number(),
    useFlowMb: z.number(),
    infinite: z.boolean(),
    endAt: z.number().int().nullable(),
    internetStatus: z.number().int(),
    onlineStatus: z.number().int(),
  }),
  integral: z.number().int(),
  coins: z.number().int(),
  arrears: money,
  packages: z.array(adminCardPackage),
  balanceLog: z.array(adminLedgerLine),
  pointsLog: z.array(adminLedgerLine),
  coinLog: z.array(adminLedgerLine),
  orders: z.array(adminCardOrder),
  device: z
    .object({
      model: z.string(),
      connCount: z.number().int(),
      maxConnCount: z.number().int(),
      signal: z.number().int(),
      battery: z.number().int().nullable(),
    })
    .nullable(),
});
export type AdminCardDetail = z.infer<typeof adminCardDetail>;

/** A card's state after a staff action. */
export const adminCardState = z.object({
  simNo: z.string(),
  simStatus: z.number().int(),
  stopReason: z.string(),
  /** Re-sync: false when the operator could not be reached (the stored state is answered). */
  synced: z.boolean(),
});
export type AdminCardState = z.infer<typeof adminCardState>;

/** `addPackage` gives each card a package free of charge (an order paid by `staff`, amount 0). */
export const CARD_BATCH_KINDS = ['suspend', 'resume', 'resync', 'addPackage'] as const;
export type CardBatchKind = (typeof CARD_BATCH_KINDS)[number];

/** One card's line of a batch job's result. */
export const cardBatchResult = z.object({
  iccid: z.string(),
  /** The card's number; '' when no card has that ICCID. */
  simNo: z.string(),
  ok: z.boolean(),
  /** The refusal's reason when not ok. */
  reason: z.string(),
  /** The refusal in zh-Hans when not ok. */
  message: z.string(),
});
export type CardBatchResult = z.infer<typeof cardBatchResult>;

export const adminCardBatchJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** running → done; failed when the server stopped while it ran (`reason` jobInterrupted). */
  status: z.enum(['running', 'done', 'failed']),
  /** Why it failed as a whole; null otherwise. */
  reason: z.string().nullable(),
  progress: z.number().int(),
  total: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  staff: z.string(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** Per card, in the pasted order; empty while running. */
  results: z.array(cardBatchResult),
});
export type AdminCardBatchJob = z.infer<typeof adminCardBatchJob>;
