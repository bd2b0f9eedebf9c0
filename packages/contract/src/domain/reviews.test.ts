import { describe, expect, it } from 'vitest';
import { reviewStateOf } from './reviews.js';

describe('whether an order can be reviewed', () => {
  it('only a completed number order is open, and a reviewed one is done', () => {
    expect(reviewStateOf({ orderType: 1, orderStatus: 4 }, false)).toBe('open');
    expect(reviewStateOf({ orderType: 1, orderStatus: 4 }, true)).toBe('done');
    for (const orderStatus of [0, 1, 2, 3, 5, 6, 7]) {
      expect(reviewStateOf({ orderType: 1, orderStatus }, false), String(orderStatus)).toBe('none');
    }
    expect(reviewStateOf({ orderType: 2, orderStatus: 4 }, false)).toBe('none');
  });
});
