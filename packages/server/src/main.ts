#!/usr/bin/env node
/** The `haoka` command: `serve` (default), the database commands and the operator CLI (cli/commands.ts). */
// First: on an unsupported Node.js, stop with one line before anything else loads.
import './runtime-guard.js';
import { runCli } from './cli/commands.js';
import { processContext } from './cli/context.js';

runCli(process.argv.slice(2), processContext()).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
