/**
 * Input validation against contract schemas. A failure becomes `{code:-1, message, reason, data:{field}}`:
 * the reason the schema named (`reasonIssue`) where it named one, else a generic one naming the field;
 * the message is the reason's zh-Hans text.
 */
import type { Reason } from '@haoka/contract';
import { isReason, reasonText } from '@haoka/contract/reasons';
import type { z } from 'zod';

const GENERIC = '\u0000generic:';

export type ParseResult<T> =
  | { ok: true; value: T }
  | { ok: false; field: string; reason: Reason | undefined; message: string };

function genericReason(code: string, missing: boolean): Reason {
  if (missing) return 'paramMissing';
  switch (code) {
    case 'too_small':
    case 'too_big':
      return 'paramRange';
    case 'invalid_type':
      return 'paramType';
    default:
      return 'paramFormat';
  }
}

/**
 * The raw value at `path`, read from the input as sent: a coerced schema (z.coerce, queryInt) reports
 * the coerced value (NaN) as the issue's input, so the issue alone cannot tell a missing field.
 */
function rawValueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const raw = input ?? {};
  const result = schema.safeParse(raw, { error: (issue) => `${GENERIC}${issue.code}` });
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  const named = issue?.message ?? `${GENERIC}custom`;
  // A schema message that is neither a reason nor generic was written without a reason: it is answered
  // as it is, without one, and the test-mode envelope check (http/reason-check.ts) refuses that answer.
  if (!isReason(named) && !named.startsWith(GENERIC)) return { ok: false, field, reason: undefined, message: named };
  const reason = isReason(named)
    ? named
    : genericReason(named.slice(GENERIC.length) || 'custom', rawValueAt(raw, issue?.path ?? []) === undefined);
  return { ok: false, field, reason, message: reasonText(reason, { field }) };
}
