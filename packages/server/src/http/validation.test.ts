import { queryInt, reasonIssue } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './validation.js';

describe('parseInput', () => {
  it('returns the parsed value on success', () => {
    const schema = z.object({ name: z.string().trim(), page: z.coerce.number().default(1) });
    expect(parseInput(schema, { name: ' x ' })).toEqual({ ok: true, value: { name: 'x', page: 1 } });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('treats a %s input as an empty object', (_label, input) => {
    expect(parseInput(z.object({ a: z.string().optional() }), input)).toEqual({ ok: true, value: {} });
    expect(parseInput(z.object({ a: z.string() }), input)).toEqual({
      ok: false,
      field: 'a',
      reason: 'paramMissing',
      message: '缺少参数：a',
    });
  });

  it.each([
    ['a string', z.object({ s: z.string() })],
    ['a number', z.object({ s: z.number() })],
    ['an enum', z.object({ s: z.enum(['a', 'b']) })],
    ['a literal', z.object({ s: z.literal(1) })],
    ['a union', z.object({ s: z.union([z.literal(1), z.literal(2)]) })],
    ['an array', z.object({ s: z.array(z.string()) })],
    ['a coerced number', z.object({ s: z.coerce.number() })],
    ['a query integer', z.object({ s: queryInt(1, 10) })],
  ])('a missing %s field gives 缺少参数：<field>', (_label, schema) => {
    expect(parseInput(schema, {})).toEqual({ ok: false, field: 's', reason: 'paramMissing', message: '缺少参数：s' });
  });

  it('joins a nested path with "."', () => {
    const schema = z.object({ address: z.object({ city: z.object({ code: z.string() }) }) });
    expect(parseInput(schema, { address: { city: {} } })).toEqual({
      ok: false,
      field: 'address.city.code',
      reason: 'paramMissing',
      message: '缺少参数：address.city.code',
    });
    expect(parseInput(schema, { address: { city: { code: 5 } } })).toEqual({
      ok: false,
      field: 'address.city.code',
      reason: 'paramType',
      message: '参数类型不正确：address.city.code',
    });
  });

  it('a missing parent names the parent', () => {
    const schema = z.object({ address: z.object({ city: z.string() }) });
    expect(parseInput(schema, {})).toEqual({
      ok: false,
      field: 'address',
      reason: 'paramMissing',
      message: '缺少参数：address',
    });
  });

  it('names array items by index', () => {
    const schema = z.object({ types: z.array(z.string().max(3)) });
    expect(parseInput(schema, { types: ['ok', 'toolong'] })).toEqual({
      ok: false,
      field: 'types.1',
      reason: 'paramRange',
      message: '参数超出范围：types.1',
    });
  });

  it("answers the reason the schema names, with the reason's text", () => {
    const schema = z.object({ mobile: z.string().regex(/^1\d{10}$/, { error: reasonIssue('mobileInvalid') }) });
    expect(parseInput(schema, { mobile: 'x' })).toEqual({
      ok: false,
      field: 'mobile',
      reason: 'mobileInvalid',
      message: '手机号格式不正确',
    });
  });

  it("answers the schema's reason on a nested field", () => {
    const schema = z.object({
      a: z.object({ b: z.array(z.string()).min(1, { error: reasonIssue('dictTypesRequired') }) }),
    });
    expect(parseInput(schema, { a: { b: [] } })).toEqual({
      ok: false,
      field: 'a.b',
      reason: 'dictTypesRequired',
      message: '请指定字典类型',
    });
  });

  it('a schema message written without a reason is answered as it is, without a reason', () => {
    const schema = z.object({ code: z.string().regex(/^\d+$/, { error: '编码格式不正确' }) });
    expect(parseInput(schema, { code: 'x' })).toEqual({
      ok: false,
      field: 'code',
      reason: undefined,
      message: '编码格式不正确',
    });
  });

  it.each([
    ['a present null', { s: null }, z.object({ s: z.string() }), '参数类型不正确：s'],
    ['a wrong type', { s: 1 }, z.object({ s: z.string() }), '参数类型不正确：s'],
    ['a non-numeric query integer', { s: 'abc' }, z.object({ s: queryInt(1, 10) }), '参数类型不正确：s'],
    ['too small', { s: '' }, z.object({ s: z.string().min(1) }), '参数超出范围：s'],
    ['too big', { s: 'abcd' }, z.object({ s: z.string().max(3) }), '参数超出范围：s'],
    ['a query integer out of range', { s: '11' }, z.object({ s: queryInt(1, 10) }), '参数超出范围：s'],
    ['a bad format', { s: 'x' }, z.object({ s: z.string().regex(/^\d$/) }), '参数格式不正确：s'],
    ['a bad enum value', { s: 'c' }, z.object({ s: z.enum(['a', 'b']) }), '参数格式不正确：s'],
  ])('%s gives a generic message naming the field', (_label, input, schema, message) => {
    const reason = message.startsWith('参数类型')
      ? 'paramType'
      : message.startsWith('参数超出')
        ? 'paramRange'
        : 'paramFormat';
    expect(parseInput(schema, input)).toEqual({ ok: false, field: 's', reason, message });
  });

  it('a non-object body is reported on "body"', () => {
    const schema = z.object({ a: z.string().optional() });
    expect(parseInput(schema, 'text')).toEqual({
      ok: false,
      field: 'body',
      reason: 'paramType',
      message: '参数类型不正确：body',
    });
    expect(parseInput(schema, [1, 2])).toEqual({
      ok: false,
      field: 'body',
      reason: 'paramType',
      message: '参数类型不正确：body',
    });
  });

  it('reports the first issue only', () => {
    const schema = z.object({ a: z.string(), b: z.string() });
    const result = parseInput(schema, {});
    expect(result).toEqual({ ok: false, field: 'a', reason: 'paramMissing', message: '缺少参数：a' });
  });

  it('does not leak the internal generic marker', () => {
    const schemas = [z.object({ s: z.string() }), z.object({ s: z.number().int() }), z.object({ s: z.email() })];
    for (const schema of schemas) {
      for (const input of [{}, { s: 'x' }, { s: 1.5 }, { s: null }]) {
        const result = parseInput(schema, input);
        if (!result.ok) {
          expect(result.message).not.toContain('\u0000');
          expect(result.message).not.toContain('generic');
        }
      }
    }
  });
});
