/** What every CLI command is: a name, its help, and `run(args, ctx)` giving the process exit code. */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';

/** Exit codes: 0 done, 1 failed, 2 usage error (nothing done), 3 done but some rows were rejected. */
export const EXIT = { ok: 0, failure: 1, usage: 2, rejected: 3 } as const;

export interface CliContext {
  out(text: string): void;
  err(text: string): void;
  /** Draw progress bars (stderr is a terminal). */
  progress: boolean;
  config(): AppConfig;
  /** The migrated database (migrations run first, never the demo seeders). */
  withDb<T>(fn: (db: Db, handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** The built app over the database, for actions that go through payment providers and gateways. */
  withApp<T>(fn: (app: FastifyInstance) => Promise<T>): Promise<T>;
}

export interface Command {
  name: string;
  /** One line for `haoka --help`. */
  summary: string;
  /** Full help of `haoka <name> --help`: usage lines first. */
  help: string;
  /** Returns the exit code; a negative code keeps the process running (serve). */
  run(args: string[], ctx: CliContext): Promise<number>;
}

/** A mistake in the command line: printed with the command's help, exit code 2, nothing changed. */
export class UsageError extends Error {}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

export type OptionValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' } ? boolean : string;
};

/** Strict option parsing: unknown options and missing values are usage errors. */
export function parseOptions<O extends OptionSpec>(
  args: string[],
  options: O,
): { values: OptionValues<O>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as OptionValues<O>, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function wantsHelp(args: string[]): boolean {
  return args.includes('--help') || args.includes('-h');
}

/** What a failure prints: a service's refusal in English (its reason's text), else the error's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof AppError) return error.english;
  return error instanceof Error ? error.message : String(error);
}
