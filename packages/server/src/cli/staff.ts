/**
 * `staff add|disable|reset|list`: the console's staff from the command line. The first owner is created
 * here (`staff add <username> --role owner`); `add` and `reset` print a one-time password and the TOTP
 * secret as an `otpauth://` URI, shown once. Each change is audited with the actor `cli`.
 */
import { STAFF_ROLES, type StaffCredentials, type StaffRole } from '@haoka/contract';
import type { Db } from '../db/database.js';
import { CLI_ACTOR } from '../http/audit.js';
import { loadSecrets } from '../lib/keys.js';
import { addStaff, disableStaff, listStaff, resetStaff } from '../modules/staff/service.js';
import { type CliContext, type Command, EXIT, errorMessage, parseOptions, UsageError } from './types.js';

const OPTIONS = { role: { type: 'string' }, json: { type: 'boolean' } } as const;

function printCredentials(ctx: CliContext, credentials: StaffCredentials, json: boolean | undefined): void {
  if (json) {
    const { username, password, totpSecret } = credentials;
    ctx.out(`${JSON.stringify({ username, password, totpSecret })}\n`);
    return;
  }
  ctx.out(
    `username:  ${credentials.username}
password:  ${credentials.password}   (one-time: the first sign-in changes it)
TOTP:      ${credentials.totpUri}
           add it to an authenticator app (as a QR code or pasted); the secret is ${credentials.totpSecret}
These are shown once.
`,
  );
}

/**
 * Runs one subcommand over the migrated database (the first owner is often the first command of a new
 * install) with the data key installed, which seals the TOTP secret; a refusal exits 1.
 */
async function withStaff(ctx: CliContext, label: string, work: (db: Db) => Promise<void>): Promise<number> {
  return ctx.withDb(async (db) => {
    loadSecrets(ctx.config());
    try {
      await work(db);
      return EXIT.ok;
    } catch (error) {
      ctx.err(`${label}: ${errorMessage(error)}\n`);
      return EXIT.failure;
    }
  });
}

export const staffCommand: Command = {
  name: 'staff',
  summary: "the console's staff: add (with a role), disable, reset (new password and TOTP), list",
  help: `Usage: haoka staff add <username> --role owner|operator|finance|support [--json]
       haoka staff disable <username>
       haoka staff reset <username> [--json]
       haoka staff list [--json]

add creates a staff member of the console (/admin/) and prints a one-time password and the TOTP secret as
an otpauth:// URI for an authenticator app; the first sign-in changes the password. The first owner is
created this way. With --json it prints {"username","password","totpSecret"}.
disable ends the member's sessions and refuses their sign-ins. reset gives a new one-time password and
TOTP secret, ends the sessions, lifts a lock and enables the account again.
Usernames: 3–32 lowercase letters, digits, ".", "_" or "-", starting with a letter.

Roles: owner (everything, including staff), operator (orders, inventory, cards, content),
       finance (payments, refunds, ledgers, exports), support (read, plus notes on orders and cards).

Examples:
  npm run cli -- staff add boss --role owner
  npm run cli -- staff reset alice --json
`,
  async run(args, ctx) {
    const [sub, ...rest] = args;
    const { values, positionals } = parseOptions(rest, OPTIONS);
    if (sub === 'list') {
      if (positionals.length > 0 || values.role) throw new UsageError('list takes no username or role');
      return ctx.withDb(async (db) => {
        const list = await listStaff(db);
        if (values.json) {
          ctx.out(`${JSON.stringify(list)}\n`);
          return EXIT.ok;
        }
        if (list.length === 0)
          ctx.out('no staff yet (create the first owner with: staff add <username> --role owner)\n');
        for (const m of list) {
          const state = m.disabled ? 'disabled' : m.lockedUntil ? 'locked' : m.mustChangePassword ? 'new' : 'active';
          ctx.out(`${m.username.padEnd(32)} ${m.role.padEnd(9)} ${state}\n`);
        }
        return EXIT.ok;
      });
    }
    if (sub !== 'add' && sub !== 'disable' && sub !== 'reset') throw new UsageError('add|disable|reset|list');
    const [username, ...extra] = positionals;
    if (!username || extra.length > 0) throw new UsageError('one username is required');
    if (sub === 'add') {
      const role = values.role;
      if (!role || !(STAFF_ROLES as readonly string[]).includes(role)) {
        throw new UsageError(`--role: one of ${STAFF_ROLES.join(', ')}`);
      }
      return withStaff(ctx, username, async (db) =>
        printCredentials(ctx, await addStaff(db, { username, role: role as StaffRole }, CLI_ACTOR), values.json),
      );
    }
    if (values.role) throw new UsageError(`--role: only for add`);
    if (sub === 'disable') {
      return withStaff(ctx, username, async (db) => {
        await disableStaff(db, username, CLI_ACTOR);
        ctx.out(`${username}: disabled\n`);
      });
    }
    return withStaff(ctx, username, async (db) =>
      printCredentials(ctx, await resetStaff(db, username, CLI_ACTOR), values.json),
    );
  },
};
