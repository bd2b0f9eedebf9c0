/**
 * The audit log is append-only in the code, not just at its endpoints (issue 22 item 4): `recordAudit`
 * is its one writer and only inserts, and no server code updates, deletes or truncates a line. The
 * staff API test proves the endpoint side (the audit log has one endpoint, a GET); this proves that no
 * other endpoint or command reaches a line to change it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = join(import.meta.dirname, '..');

function sources(): string[] {
  return readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.split('/').includes('test'))
    .map((f) => f.split('\\').join('/'));
}

describe('the audit log in the server code', () => {
  const text = (f: string) => readFileSync(join(SERVER_SRC, f), 'utf8');

  it('is inserted into by recordAudit, and nothing updates, deletes or truncates a line', () => {
    const writes =
      /(updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'audit_log'|\b(update|delete\s+from|truncate(\s+table)?)\s+"?audit_log\b/i;
    for (const f of sources()) expect(writes.test(text(f)), f).toBe(false);
    expect(text('http/audit.ts')).toContain(".insertInto('audit_log')");
  });
});
