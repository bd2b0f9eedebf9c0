/**
 * The operator CLI (`npm run cli -- <command>`, or `haoka <command>`): the registry of commands,
 * `--help` for all of them and for each, and the exit codes (cli/types.ts EXIT).
 */
import { authorizeTicket, card, mallOrder, memberRefund, order, simAuth } from './back-office.js';
import { accelerateCommand, layout, mallCommand, packageCommand, taskCommand, vipCommand } from './catalogue.js';
import { importCommand } from './import.js';
import { jobs } from './jobs.js';
import { promoter } from './promoter.js';
import { providers } from './providers.js';
import { migrate, seed, serve } from './server.js';
import { staffCommand } from './staff.js';
import { type CliContext, type Command, EXIT, UsageError, wantsHelp } from './types.js';

export const COMMANDS: readonly Command[] = [
  serve,
  migrate,
  seed,
  importCommand,
  promoter,
  layout,
  packageCommand,
  vipCommand,
  accelerateCommand,
  mallCommand,
  taskCommand,
  order,
  mallOrder,
  card,
  simAuth,
  memberRefund,
  authorizeTicket,
  jobs,
  providers,
  staffCommand,
];

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return `Usage: haoka <command> [arguments]      (from a clone: npm run cli -- <command> [arguments])

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

"haoka <command> --help" describes a command. Settings (database, keys) come from the environment, as
for the server. Exit codes: 0 done, 1 failed, 2 usage error (nothing done), 3 some rows rejected.
Guide: docs/operations.md
`;
}

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** Runs one command line; returns the exit code (negative: keep running, the server is up). */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const [name = 'serve', ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? args[0] : undefined;
    const command = topic ? findCommand(topic) : undefined;
    ctx.out(command ? command.help : usage());
    return EXIT.ok;
  }
  const command = findCommand(name);
  if (!command) {
    ctx.err(`Unknown command: ${name}\n\n${usage()}`);
    return EXIT.usage;
  }
  if (wantsHelp(args)) {
    ctx.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(args, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.err(`${name}: ${error.message}\n\n${command.help}`);
      return EXIT.usage;
    }
    throw error;
  }
}
