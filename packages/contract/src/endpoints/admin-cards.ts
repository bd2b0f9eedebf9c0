/**
 * The console's IoT cards (BACKOFFICE.md module 5, issue 23 item 2): search, a card's page, balance
 * adjustment (owner and finance, once per idempotency key), suspend / resume through the operator,
 * re-sync, and batch actions on pasted ICCIDs run as a job the page polls. Part of `adminApi`.
 */
import { z } from 'zod';
import { adminPageQuery, idempotencyKey } from '../schemas/admin.js';
import {
  adminCard,
  adminCardBatchJob,
  adminCardDetail,
  adminCardState,
  CARD_BATCH_KINDS,
} from '../schemas/admin-cards.js';
import { pageOf } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

const simNo = z.string().trim().min(1).max(32);
/** At most this many ICCIDs in one batch. */
export const CARD_BATCH_MAX = 1000;

/**
 * The cards, newest first. `q` is a card number, ICCID, device number or bound mobile, matched whole;
 * `simStatus` filters by state.
 */
export const listCards = defineEndpoint({
  method: 'GET',
  path: '/api/admin/cards/list',
  input: z.object({
    ...adminPageQuery,
    q: z.string().trim().max(32).optional(),
    simStatus: z.coerce.number().int().min(1).max(4).optional(),
  }),
  data: pageOf(adminCard),
  auth: 'staff',
  permission: 'cards.read',
});

export const cardDetail = defineEndpoint({
  method: 'GET',
  path: '/api/admin/cards/detail',
  input: z.object({ simNo }),
  data: adminCardDetail,
  auth: 'staff',
  permission: 'cards.read',
});

/**
 * Adds yuan (negative: takes) to the card's balance with a remark, written to the ledger as 后台调整.
 * Once per idempotency key: the same key answers the first result and changes nothing more.
 */
export const adjustCardBalance = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/adjustBalance',
  input: z.object({
    simNo,
    /** Yuan, at most two decimals, signed: "20", "-5.50". */
    amount: z
      .string()
      .trim()
      .regex(/^[+-]?\d{1,7}(\.\d{1,2})?$/),
    remark: z.string().trim().min(1).max(100),
    idempotencyKey,
  }),
  data: z.object({ balance: z.string(), applied: z.boolean() }),
  auth: 'staff',
  permission: 'cards.balance',
});

/** Running (2) → stopped (3) at the reseller's request, through the operator. */
export const suspendCard = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/suspend',
  input: z.object({ simNo }),
  data: adminCardState,
  auth: 'staff',
  permission: 'cards.write',
});

/** Asks the operator to run a stopped (3) card again, then syncs it. */
export const resumeCard = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/resume',
  input: z.object({ simNo }),
  data: adminCardState,
  auth: 'staff',
  permission: 'cards.write',
});

/** Syncs the card with its operator now (usage, real-name, state). */
export const resyncCard = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/resync',
  input: z.object({ simNo }),
  data: adminCardState,
  auth: 'staff',
  permission: 'cards.write',
});

/**
 * Starts a batch job on pasted ICCIDs (separated by lines, commas, tabs or spaces; at most
 * CARD_BATCH_MAX): each card is suspended, resumed, re-synced or given the package `packageId` (free of
 * charge; a card that may not buy that package is refused with `packageGone`) on its own, and the job keeps
 * one result per card. `addPackage` without `packageId` is refused with `paramMissing`. Answers the job;
 * `cardJob` follows it.
 */
export const startCardBatch = defineEndpoint({
  method: 'POST',
  path: '/api/admin/cards/batch',
  input: z.object({
    kind: z.enum(CARD_BATCH_KINDS),
    text: z.string().min(1).max(40_000),
    /** `addPackage`: the package every card gets. */
    packageId: z.coerce.number().int().min(1).optional(),
  }),
  data: adminCardBatchJob,
  auth: 'staff',
  permission: 'cards.write',
});

export const cardJob = defineEndpoint({
  method: 'GET',
  path: '/api/admin/cards/job',
  input: z.object({ id: z.coerce.number().int().min(1) }),
  data: adminCardBatchJob,
  auth: 'staff',
  permission: 'cards.read',
});
