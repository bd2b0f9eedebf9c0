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

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => `${GENERIC}${issue.code}${issue.input === undefined ? ':missing' : ''}`,
  });
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  let message = issue?.message ?? '参数错误';
  if (message.startsWith(GENERIC)) {
    const [code = 'custom', missing] = message.slice(GENERIC.length).split(':');
    message = genericMessage(code, field, missing === 'missing');
  }
  return { ok: false, field, message };
}
