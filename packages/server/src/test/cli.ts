/** CLI tests: a context over a test app's database that captures what a command prints, and input files. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../cli/commands.js';
import type { CliContext } from '../cli/types.js';
import { type TestApp, testConfig } from './harness.js';
import { scratchDir } from './scratch.js';

export interface CliRun {
  code: number;
  out: string;
  err: string;
  /** The `line N:` numbers reported, in order. */
  lines: number[];
}

export function testContext(t: TestApp, sink: { out: string; err: string }): CliContext {
  return {
    out: (text) => {
      sink.out += text;
    },
    err: (text) => {
      sink.err += text;
    },
    progress: false,
    config: () => testConfig(t.database.config),
    withDb: (fn) => fn(t.database.handle.db, t.database.handle),
    withApp: (fn) => fn(t.app),
  };
}

/** Runs a command line in-process against the test app's database. */
export async function cli(t: TestApp, ...argv: string[]): Promise<CliRun> {
  const sink = { out: '', err: '' };
  const code = await runCli(argv, testContext(t, sink));
  const lines = [...sink.out.matchAll(/^line (\d+): /gm)].map((m) => Number(m[1]));
  return { code, ...sink, lines };
}

const FIXTURES = join(import.meta.dirname, '../cli/fixtures');

/** A file of `cli/fixtures/` (the good and bad example files of the operator's guide). */
export function fixture(name: string): string {
  return join(FIXTURES, name);
}

/** Writes a scratch input file into a temporary folder of this test file (removed after it); its path. */
export function inputFiles(label: string): (name: string, content: string | Buffer) => string {
  const dir = scratchDir(`cli-${label}`);
  return (name, content) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
}
