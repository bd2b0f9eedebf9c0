import { describe, expect, it } from 'vitest';
import { getStorage, removeStorage, setStorage } from './storage';

describe('storage', () => {
  it('a missing key reads as an empty string', () => {
    expect(getStorage('never-set')).toBe('');
  });

  it.each([
    ['an object', { a: [1, 'x'], b: null, c: { d: true } }],
    ['an array', [1, 2, 3]],
    ['a string', 'hello'],
    ['a string that looks like a number', '123'],
    ['zero', 0],
    ['false', false],
    ['null', null],
  ])('%s round-trips', (_name, value) => {
    setStorage('k', value);
    expect(getStorage('k')).toEqual(value);
  });

  it('stores JSON text in localStorage', () => {
    setStorage('k', { a: 1 });
    expect(localStorage.getItem('k')).toBe('{"a":1}');
  });

  it('a raw value not written as JSON reads back as its text', () => {
    localStorage.setItem('raw', 'not json {');
    expect(getStorage('raw')).toBe('not json {');
  });

  it('a removed key reads as an empty string again', () => {
    setStorage('k', 'v');
    removeStorage('k');
    expect(getStorage('k')).toBe('');
    expect(localStorage.getItem('k')).toBeNull();
  });
});
