import { describe, expect, it } from 'vitest';
import { fenToYuan, MONEY_RE, yuanToFen } from './money.js';

describe('fenToYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [2990, '29.90'],
    [123456789, '1234567.89'],
    [-1, '-0.01'],
    [-99, '-0.99'],
    [-100, '-1.00'],
    [-2990, '-29.90'],
  ])('%i fen → %s', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
    expect(MONEY_RE.test(fenToYuan(fen))).toBe(true);
  });

  it('truncates a fractional fen toward zero', () => {
    expect(fenToYuan(2990.9)).toBe('29.90');
    expect(fenToYuan(-2990.9)).toBe('-29.90');
  });
});

describe('yuanToFen', () => {
  it.each([
    ['0.00', 0],
    ['0.01', 1],
    ['29.90', 2990],
    ['29.9', 2990],
    ['29', 2900],
    ['1234567.89', 123456789],
    ['-0.01', -1],
    ['-29.90', -2990],
    ['-5', -500],
  ])('%s → %i fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each(['', 'abc', '1.234', '1.', '.5', '1e3', ' 1.00', '1.00 ', '--1', '-', '1,000.00', '0x10', '+1.00'])(
    'rejects %j',
    (yuan) => {
      expect(() => yuanToFen(yuan)).toThrow(/not a money value/);
    },
  );
});

describe('fen ↔ yuan round trips', () => {
  const samples = [0, 1, 5, 9, 10, 11, 99, 100, 101, 109, 110, 999, 1000, 2990, 100_000_00, 987_654_321];
  it.each([...samples, ...samples.filter((n) => n > 0).map((n) => -n)])('%i', (fen) => {
    expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('every fen from -1000 to 1000 survives the round trip', () => {
    for (let fen = -1000; fen <= 1000; fen += 1) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it.each(['0.00', '0.05', '1.00', '29.90', '-0.05', '-1.10'])('yuan %s survives the round trip', (yuan) => {
    expect(fenToYuan(yuanToFen(yuan))).toBe(yuan);
  });
});
