/**
 * Input validation against contract schemas. A failure becomes `{code:-1, message, data:{field}}` with a
 * Chinese message: the schema's own message where it set one, else a generic one naming the field.
 */
import type { z } from 'zod';

const GENERIC = '\u0000generic:';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

function genericMessage(code: string, field: string, missing: boolean): string {
  if (missing) return `缺少参数：${field}`;
  switch (code) {
    case 'too_small':
    case 'too_big':
      return `参数超出范围：${field}`;
    case 'invalid_type':
      return `参数类型不正确：${field}`;
    default:
      return `参数格式不正确：${field}`;
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
  let message = issue?.message ?? '参数错误';
  if (message.startsWith(GENERIC)) {
    const code = message.slice(GENERIC.length) || 'custom';
    message = genericMessage(code, field, rawValueAt(raw, issue?.path ?? []) === undefined);
  }
  return { ok: false, field, message };
}
