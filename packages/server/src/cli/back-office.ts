/**
 * Back-office actions on orders and cards: `order`, `mall-order`, `sim-auth`, `member-refund`,
 * `authorize-ticket` and `card adjust-balance`. Each acts on one order or card and prints its new state.
 */

import { CLI_ACTOR } from '../http/audit.js';
import { adjustBalance } from '../modules/iot-buy/index.js';
import { type MallBackOfficeStep, runMallBackOffice } from '../modules/iot-mall/back-office.js';
import { refundMemberOrder } from '../modules/iot-member/lifecycle.js';
import { reviewPlatformAuth } from '../modules/iot-realname/review.js';
import { type BackOfficeStep, runBackOffice } from '../modules/orders/back-office.js';
import { issueTicket } from '../modules/platform/service.js';
import { type Command, EXIT, errorMessage, UsageError } from './types.js';

/** Runs one action on one subject, printing `subject: result` or `subject: reason` (exit 1). */
async function act(ctx: Parameters<Command['run']>[1], subject: string, fn: () => Promise<string>): Promise<number> {
  try {
    ctx.out(`${subject}: ${await fn()}\n`);
    return EXIT.ok;
  } catch (error) {
    ctx.err(`${subject}: ${errorMessage(error)}\n`);
    return EXIT.failure;
  }
}

const ORDER_ACTIONS = ['audit', 'reject', 'ship', 'complete', 'refund'] as const;

/** The step an `order` command line asks for; a usage error when its arguments are missing. */
function orderStep(action: string, rest: string[]): BackOfficeStep {
  switch (action) {
    case 'audit':
    case 'complete':
      return { action };
    case 'ship': {
      const [company, trackingNo] = rest;
      if (!company || !trackingNo) throw new UsageError('ship needs the courier and the tracking number');
      return { action, company, trackingNo };
    }
    case 'reject':
    case 'refund': {
      const reason = (rest[0] ?? '').trim();
      if (reason === '' || reason.length > 100) throw new UsageError(`${action} needs a reason of 1–100 characters`);
      return { action, reason };
    }
    default:
      throw new UsageError('an order number and an action are required');
  }
}

export const order: Command = {
  name: 'order',
  summary: 'back-office step of a shop order: audit|reject|ship|complete|refund',
  help: `Usage: haoka order <orderSn> audit|complete
       haoka order <orderSn> ship <courier> <trackingNo>
       haoka order <orderSn> reject|refund <reason>

Back-office step of a shop order, the same service as the console's, audited as "cli":
  audit     pending review (1) → pending shipment (2)
  reject    pending review (1) → review failed (6); a paid order is refunded (7). The reason is shown to the shopper
  ship      pending shipment (2) → shipped (3) with the courier and its tracking number (6–32 letters, digits or -)
  complete  shipped (3) → completed (4)
  refund    pending review or shipment (1, 2) → refunded (7), money back through the payment provider; the
            reason (1–100 characters) is shown to the shopper
A step the order is not in is refused (exit 1) and changes nothing, so a repeated command is harmless.

Examples:
  npm run cli -- order SO2026010112000001 ship "SF Express" SF1234567890
  npm run cli -- order SO2026010112000001 refund "Out of stock"
`,
  async run(args, ctx) {
    const [orderSn, action, ...rest] = args;
    if (!orderSn || !action || !(ORDER_ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError('an order number and an action are required');
    }
    const step = orderStep(action, rest);
    return ctx.withApp((app) =>
      act(ctx, orderSn, async () => {
        const after = await runBackOffice(app.ctx, CLI_ACTOR, orderSn, step);
        return `order status ${after.orderStatus}, pay status ${after.payStatus}`;
      }),
    );
  },
};

export const mallOrder: Command = {
  name: 'mall-order',
  summary: 'back-office step of a points-mall order: ship|collect',
  help: `Usage: haoka mall-order <orderSn> ship <courier> <trackingNo>
       haoka mall-order <orderSn> collect [pickCode]

  ship      waiting for shipment (1) → on its way (2) with the courier and its tracking number (6–32 letters,
            digits or -)
  collect   a pickup handed over at the store: waiting for pickup → completed; the holder's pick code is
            checked when given
Audited as "cli".

Example: npm run cli -- mall-order MO2026010112000001 ship "SF Express" SF1234567890
`,
  async run(args, ctx) {
    const [orderSn, action, first, second] = args;
    if (!orderSn || (action !== 'ship' && action !== 'collect'))
      throw new UsageError('an order number and ship|collect are required');
    let step: MallBackOfficeStep;
    if (action === 'ship') {
      if (!first || !second) throw new UsageError('ship needs the courier and the tracking number');
      step = { action, company: first, trackingNo: second };
    } else {
      step = first ? { action, pickCode: first } : { action };
    }
    return ctx.withDb((db) =>
      act(ctx, orderSn, async () => `order status ${await runMallBackOffice(db, CLI_ACTOR, orderSn, step)}`),
    );
  },
};

export const simAuth: Command = {
  name: 'sim-auth',
  summary: "review a card's pending platform real-name: approve|reject",
  help: `Usage: haoka sim-auth <simNo> approve|reject [remark]

Back-office review of a card's pending platform real-name verification (under review): approve (→ verified)
or reject (→ failed; the remark is shown to the card holder).
`,
  async run(args, ctx) {
    const [simNo, action, remark] = args;
    if (!simNo || (action !== 'approve' && action !== 'reject'))
      throw new UsageError('a card number and approve|reject are required');
    return ctx.withDb((db) =>
      act(
        ctx,
        simNo,
        async () => `platform real-name status ${await reviewPlatformAuth(db, simNo, action, CLI_ACTOR, remark ?? '')}`,
      ),
    );
  },
};

export const memberRefund: Command = {
  name: 'member-refund',
  summary: 'refund a VIP (VP…) or acceleration (AC…) order: 1 to the original payment | 2 to the balance',
  help: `Usage: haoka member-refund <orderSn> 1|2 [remark]

Back-office refund of a VIP (VP…) or acceleration (AC…) order that is active or queued:
  1  to the original payment (online payments back through the provider)
  2  to the balance (credited to the card's balance)
A balance payment always goes back to the balance.
`,
  async run(args, ctx) {
    const [orderSn, type, remark] = args;
    if (!orderSn || (type !== '1' && type !== '2')) throw new UsageError('an order number and 1|2 are required');
    return ctx.withApp((app) =>
      act(ctx, orderSn, async () => {
        const row = await refundMemberOrder(app.ctx, orderSn, {
          refundType: type === '1' ? 1 : 2,
          remark: remark ?? '后台退款',
        });
        return `order status ${row.status}, refund type ${row.refund_type}`;
      }),
    );
  },
};

export const authorizeTicket: Command = {
  name: 'authorize-ticket',
  summary: 'issue a scan-to-authorise ticket; prints its scene',
  help: `Usage: haoka authorize-ticket [appName] [ttlSeconds]

Issues a scan-to-authorise ticket for a requesting app (default: the shop's back-office app name, 300 s;
0 makes an already expired one) and prints its scene, to open /pages/authorize/index?scene=<scene>.
`,
  async run(args, ctx) {
    const [appName = '好卡商城后台', ttl = '300'] = args;
    const ttlSeconds = Number(ttl);
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 0 || ttlSeconds > 300)
      throw new UsageError('ttlSeconds must be 0..300');
    return ctx.withDb(async (db) => {
      const ticket = await issueTicket(db, { appName, ttlMs: ttlSeconds * 1000 });
      ctx.out(`${ticket.scene}\n`);
      return EXIT.ok;
    });
  },
};

const AMOUNT_RE = /^[+-]?\d{1,9}(\.\d{1,2})?$/;

export const card: Command = {
  name: 'card',
  summary: "adjust a card's balance with a remark, written to its ledger",
  help: `Usage: haoka card adjust-balance <simNo> <±yuan> <remark> [--ref <id>]

Adds (+) or takes (-) an amount in yuan from the card's balance in one transaction and writes the ledger
line (type 4, back-office adjustment) with the remark and the balance after. A debit the balance cannot cover is refused
(exit 1) and changes nothing. With --ref, the adjustment is recorded under that reference and running the
same command again does nothing (use a ticket or voucher number).

Examples:
  npm run cli -- card adjust-balance 1440777700001 +20 "Compensation: two days offline"
  npm run cli -- card adjust-balance 1440777700001 -5.50 "Correction" --ref ADJ-2026-0042
`,
  async run(args, ctx) {
    const positional: string[] = [];
    let ref = '';
    for (let i = 0; i < args.length; i++) {
      const a = args[i] as string;
      if (a === '--ref') ref = args[++i] ?? '';
      else if (a.startsWith('--ref=')) ref = a.slice(6);
      else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`);
      else positional.push(a);
    }
    const [sub, simNo, amount, remark] = positional;
    if (sub !== 'adjust-balance') throw new UsageError('the only card command is adjust-balance');
    if (!simNo || !amount || !remark) throw new UsageError('a card number, an amount and a remark are required');
    if (!AMOUNT_RE.test(amount))
      throw new UsageError(`amount: ${amount} is not yuan with at most two decimals (e.g. +20, -5.50)`);
    const fen = Math.round(Number(amount) * 100);
    if (fen === 0) throw new UsageError('amount: must not be zero');
    if (remark.trim() === '' || remark.length > 100) throw new UsageError('remark: 1–100 characters');
    if (ref.length > 32) throw new UsageError('--ref: at most 32 characters');
    return ctx.withDb((db) =>
      act(ctx, simNo, async () => {
        const { balanceFen, applied } = await adjustBalance(db, simNo, fen, remark.trim(), ref);
        const balance = (balanceFen / 100).toFixed(2);
        if (!applied) return `already adjusted under ${ref}; balance ${balance} yuan`;
        return `balance ${balance} yuan (${fen > 0 ? '+' : ''}${(fen / 100).toFixed(2)}, ${remark.trim()})`;
      }),
    );
  },
};
