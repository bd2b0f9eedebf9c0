import { describe, expect, it } from 'vitest';
import { orderActions, tabOfQuery } from './order-status';

describe('order card actions per status', () => {
  it.each([
    [0, ['contact', 'cancel', 'pay']],
    [1, ['contact']],
    [2, ['contact']],
    [3, ['contact', 'logistics']],
    [4, ['contact']],
    [5, ['contact']],
    [6, ['contact']],
    [7, ['contact']],
  ])('status %i → %j', (status, actions) => {
    expect(orderActions(status)).toEqual(actions);
  });

  it('adds 评价 to a completed order its buyer may review, and only then', () => {
    expect(orderActions(4, 'open')).toEqual(['contact', 'review']);
    expect(orderActions(4, 'done')).toEqual(['contact']);
    expect(orderActions(4, 'none')).toEqual(['contact']);
  });
});

describe('tab of ?status=', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['0', 0],
    ['3', 3],
    ['4', 4],
    ['5', null],
    ['x', null],
    ['-1', null],
  ])('%s → %s', (value, tab) => {
    expect(tabOfQuery(value)).toBe(tab);
  });
});
