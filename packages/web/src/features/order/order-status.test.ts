import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { orderActions, statusTag, tabOfQuery } from './order-status';

const t = i18next.t.bind(i18next);

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

describe('status tag', () => {
  it('takes label and colour from the dictionary', () => {
    const options = [{ label: '待审核(字典)', value: '1', key: 'auditing', listClass: 'info' as const }];
    expect(statusTag(t, options, 1)).toEqual({ label: '待审核(字典)', color: 'var(--hk-color-info)' });
  });

  it('falls back to the built-in names and colours without a dictionary', () => {
    expect(statusTag(t, [], 0)).toEqual({ label: '待支付', color: 'warning' });
    expect(statusTag(t, [], 4)).toEqual({ label: '已完成', color: 'success' });
    expect(statusTag(t, [], 6)).toEqual({ label: '审核失败', color: 'danger' });
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
