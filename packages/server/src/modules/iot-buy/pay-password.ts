/**
 * The card's 6-digit pay password (API.md §4 simUpdatePayPass, §0 rate limits): argon2id hashes; five
 * wrong tries lock it for 24 hours, answered with 41001 and the tries left; a reset goes through an SMS
 * code to the bound mobile, which yields a single-use ticket valid for 10 minutes.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  isSimplePayPassword,
  PAY_PASSWORD_MAX_FAILS,
  type Reason,
  type VerifyRequiredData,
} from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail, preconditionRequired } from '../../http/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/argon2.js';
import { lookupHash } from '../../lib/personal-data.js';
import { formatDateTime } from '../../lib/time.js';
import type { SimRow } from '../iot-core/repository.js';
import { verifySmsCode } from '../sms/service.js';
import * as repo from './repository.js';

export const PAY_PASSWORD_LOCK_MS = 24 * 3600_000;
export const RESET_TICKET_TTL_MS = 10 * 60_000;

export function hashPayPassword(password: string): Promise<string> {
  return hashPassword(password);
}

function payPasswordRefused(reason: Reason, remainTimes: number, lockedUntil?: number): AppError {
  const data: VerifyRequiredData = {
    field: 'payPassword',
    remainTimes,
    ...(lockedUntil ? { lockedUntil: formatDateTime(lockedUntil) } : {}),
  };
  return new AppError(ErrorCode.VERIFY_REQUIRED, reason, data);
}

/** 41002 {action:'payPassword'}: balance pay needs a pay password first. */
export function payPasswordMissing(): AppError {
  return preconditionRequired('payPassword', 'payPasswordFirst');
}

/**
 * Checks the card's pay password. Each wrong try is counted with a conditional update (concurrent
 * guesses cannot pass the limit); the fifth locks the password for 24 h. A right one clears the count.
 * Runs outside the buying transaction, so a wrong try stays counted when that transaction fails.
 */
export async function checkPayPassword(
  db: DbOrTx,
  sim: SimRow,
  password: string | undefined,
  now = Date.now(),
): Promise<void> {
  if (!sim.pay_password_hash) throw payPasswordMissing();
  if (sim.pay_password_locked_until && sim.pay_password_locked_until > now) {
    throw payPasswordRefused('payPasswordLocked', 0, sim.pay_password_locked_until);
  }
  if (!password) throw payPasswordRefused('payPasswordRequired', PAY_PASSWORD_MAX_FAILS - sim.pay_password_fails);
  if (await verifyPassword(password, sim.pay_password_hash)) {
    if (sim.pay_password_fails > 0 || sim.pay_password_locked_until) {
      await repo.updateSim(db, sim.id, { pay_password_fails: 0, pay_password_locked_until: null });
    }
    return;
  }
  const fails = (await repo.countPayPasswordFail(db, sim.id, PAY_PASSWORD_MAX_FAILS)) ?? PAY_PASSWORD_MAX_FAILS;
  if (fails >= PAY_PASSWORD_MAX_FAILS) {
    const lockedUntil = now + PAY_PASSWORD_LOCK_MS;
    await repo.updateSim(db, sim.id, { pay_password_fails: 0, pay_password_locked_until: lockedUntil });
    throw payPasswordRefused('payPasswordLocked', 0, lockedUntil);
  }
  throw payPasswordRefused('payPasswordWrong', PAY_PASSWORD_MAX_FAILS - fails);
}

function checkStrength(password: string): void {
  if (isSimplePayPassword(password)) throw fail('payPasswordTooSimple', { field: 'password' });
}

async function storePassword(db: DbOrTx, simId: number, password: string, now: number) {
  await repo.updateSim(db, simId, {
    pay_password_hash: await hashPayPassword(password),
    pay_password_fails: 0,
    pay_password_locked_until: null,
    pay_reset_ticket_hash: null,
    pay_reset_ticket_expires_at: null,
    updated_at: now,
  });
}

const ticketHash = (simId: number, ticket: string) => lookupHash('pay-reset', `${simId}:${ticket}`);

export type PayPassInput =
  | { type: 'set'; password: string }
  | { type: 'update'; password: string; oldPassword: string }
  | { type: 'verify'; code: string }
  | { type: 'reset'; password: string; ticket: string };

/** POST /api/iot/simUpdatePayPass. */
export async function updatePayPassword(
  db: DbOrTx,
  sim: SimRow,
  input: PayPassInput,
  now = Date.now(),
): Promise<{ existPayPassword: 1 } | { ticket: string }> {
  switch (input.type) {
    case 'set':
      if (sim.pay_password_hash) throw fail('payPasswordExists');
      checkStrength(input.password);
      await storePassword(db, sim.id, input.password, now);
      return { existPayPassword: 1 };
    case 'update':
      await checkPayPassword(db, sim, input.oldPassword, now);
      checkStrength(input.password);
      if (input.password === input.oldPassword) throw fail('payPasswordSame', { field: 'password' });
      await storePassword(db, sim.id, input.password, now);
      return { existPayPassword: 1 };
    case 'verify': {
      if (!sim.mobile) throw preconditionRequired('bindPhone', 'bindPhoneFirst');
      await verifySmsCode(db, { mobile: sim.mobile, scene: 'payPassword', code: input.code }, now);
      const ticket = randomBytes(24).toString('base64url');
      await repo.updateSim(db, sim.id, {
        pay_reset_ticket_hash: ticketHash(sim.id, ticket),
        pay_reset_ticket_expires_at: now + RESET_TICKET_TTL_MS,
      });
      return { ticket };
    }
    case 'reset': {
      checkStrength(input.password);
      // Single use: the ticket is taken by this conditional update, so a second reset with it fails.
      if (!(await repo.takeResetTicket(db, sim.id, ticketHash(sim.id, input.ticket), now))) {
        throw fail('verifyTicketExpired', { field: 'ticket' });
      }
      await storePassword(db, sim.id, input.password, now);
      return { existPayPassword: 1 };
    }
  }
}
