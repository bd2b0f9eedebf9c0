import { describe, expect, it } from 'vitest';
import { silenceWarnings } from '../test/persisted';
import { field, group, isAnswer, isMatch, isNumber, isText, isWhole, listOf, orNull, recordOf } from './stored';

describe('stored fields', () => {
  it('a field keeps a stored value that passes its check', () => {
    expect(field(isText, '')('小王')).toBe('小王');
    expect(field(isWhole, 0)(3)).toBe(3);
    expect(field(orNull(isAnswer<{ a: number }>()), null)({ a: 1 })).toEqual({ a: 1 });
  });

  it('a field reads nothing stored as its default, without a warning', () => {
    const warn = silenceWarnings();
    expect(field(isText, 'x')(undefined)).toBe('x');
    expect(warn).not.toHaveBeenCalled();
  });

  it('a field drops a stored value that fails its check, with a warning', () => {
    const warn = silenceWarnings();
    expect(field(isText, '')(42)).toBe('');
    expect(field(isWhole, 0)(1.5)).toBe(0);
    expect(field(isNumber, 0)('7')).toBe(0);
    expect(field(isMatch(/^[0-9a-f]{4}$/), 'none')('ABCD')).toBe('none');
    expect(field(orNull(isAnswer()), null)(['not', 'an', 'object'])).toBeNull();
    expect(warn).toHaveBeenCalledTimes(5);
  });

  it('a default given as a function is made anew for each read', () => {
    let made = 0;
    const id = field(isText, () => `id${++made}`);
    expect([id(undefined), id(undefined), id('kept')]).toEqual(['id1', 'id2', 'kept']);
  });

  it('a list or record passes only when every item does, and a list only up to its length', () => {
    silenceWarnings();
    const recent = field(listOf(isText, 2), []);
    expect(recent(['a', 'b'])).toEqual(['a', 'b']);
    expect(recent(['a', 'b', 'c'])).toEqual([]);
    expect(recent(['a', 1])).toEqual([]);
    const days = field(recordOf(isText), {});
    expect(days({ s1: '2026-11-27' })).toEqual({ s1: '2026-11-27' });
    expect(days({ s1: 7 })).toEqual({});
    expect(days(['2026-11-27'])).toEqual({});
  });

  it('a group reads each field on its own and leaves out keys it does not know', () => {
    silenceWarnings();
    const user = group({ name: field(isText, ''), age: field(isWhole, 0) });
    expect(user({ name: '小王', age: 'old', extra: true })).toEqual({ name: '小王', age: 0 });
    expect(user.keys).toEqual(['name', 'age']);
  });

  it('a group reads a stored value that is not an object as nothing stored', () => {
    const warn = silenceWarnings();
    const nested = group({ options: group({ path: field(isText, '/') }) });
    expect(nested(undefined)).toEqual({ options: { path: '/' } });
    expect(warn).not.toHaveBeenCalled();
    expect(nested('garbage')).toEqual({ options: { path: '/' } });
    expect(nested({ options: [1] })).toEqual({ options: { path: '/' } });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
