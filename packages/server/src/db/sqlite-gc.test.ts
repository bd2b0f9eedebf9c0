/**
 * No prepared statement may take the process down when V8 collects it (issue 19). better-sqlite3 ≤ 12
 * wraps statements in node::ObjectWrap, whose destructor on Node.js 24 asserts that a Node environment is
 * current; V8 finishes collections from its own tasks between event-loop turns, where none is, and the
 * process aborts (`Assertion failed: (env) != nullptr … Statement::~Statement()`). The SQLite statement
 * cache (database.ts) drops statements all the time past its size, so a busy server hits it. This runs the
 * pattern in a child process on the Node running the tests: statements prepared, evicted and left to the
 * collector while the program allocates. With better-sqlite3 12 on Node 24 it aborts within a second.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

const run = promisify(execFile);

const CHILD = `
  import { createRequire } from 'node:module';
  const require = createRequire(process.argv[1]);
  const Database = require('better-sqlite3');
  const db = new Database(':memory:');
  db.exec('create table t (id integer primary key, v text)');
  let junk = [];
  for (let turn = 0; turn < 400; turn += 1) {
    for (let i = 0; i < 50; i += 1) db.prepare('select v, ' + (turn * 50 + i) + ' as k from t where id = ?').all(i);
    junk.push(Array.from({ length: 20000 }, (_, i) => ({ i, s: 'x' + i })));
    if (junk.length > 20) junk = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
  db.close();
  process.stdout.write('20000 statements collected');
`;

describe('the SQLite driver on this Node.js', () => {
  it('survives the collection of statements nobody finalized, between event-loop turns', async () => {
    const anchor = join(REPO_ROOT, 'packages/server/package.json'); // resolve the server's better-sqlite3
    const result = await run(process.execPath, ['--input-type=module', '-e', CHILD, anchor], {
      timeout: 60_000,
    }).catch((error: { code?: number; signal?: string; stderr?: string }) => ({
      stdout: `exit ${error.code ?? error.signal}`,
      stderr: error.stderr ?? '',
    }));
    expect(`${result.stdout}\n${result.stderr.split('\n').slice(0, 4).join('\n')}`.trim()).toBe(
      '20000 statements collected',
    );
  }, 90_000);
});
