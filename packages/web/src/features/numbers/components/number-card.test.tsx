import type { NumberListItem } from '@haoka/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatNumber, numberRuns, regionLabel } from '../number-format';
import { NumberCard } from './number-card';

const ITEM: NumberListItem = {
  id: 42,
  number: '13888886666',
  operatorType: 1,
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  price: '1888.00',
  originalPrice: '2888.00',
  minConsume: '199.00',
  contractMonths: 48,
  patterns: ['LUCKY8', 'A4', 'NO4'],
  level: 4,
  status: 1,
  highlight: [[3, 7]],
};

describe('number formatting', () => {
  it('groups 3-4-4', () => {
    expect(formatNumber('13888886666')).toBe('138 8888 6666');
    expect(formatNumber('123')).toBe('123');
  });

  it('splits highlighted runs inside the groups', () => {
    expect(numberRuns('13812345888', [[8, 11]])).toEqual([
      [{ text: '138', hl: false }],
      [{ text: '1234', hl: false }],
      [
        { text: '5', hl: false },
        { text: '888', hl: true },
      ],
    ]);
    // A match across a group boundary is marked in both groups.
    expect(numberRuns('13812345888', [[2, 5]])).toEqual([
      [
        { text: '13', hl: false },
        { text: '8', hl: true },
      ],
      [
        { text: '12', hl: true },
        { text: '34', hl: false },
      ],
      [{ text: '5888', hl: false }],
    ]);
    expect(numberRuns('13812345888')).toEqual([
      [{ text: '138', hl: false }],
      [{ text: '1234', hl: false }],
      [{ text: '5888', hl: false }],
    ]);
  });

  it('shows a municipality once', () => {
    expect(regionLabel('北京市', '北京市')).toBe('北京市');
    expect(regionLabel('广东省', '深圳市')).toBe('广东省 深圳市');
    expect(regionLabel('广东省', '')).toBe('广东省');
  });
});

describe('NumberCard', () => {
  it('renders the grouped number with the matched digits highlighted', () => {
    render(<NumberCard item={ITEM} />);
    const digits = screen.getByTestId('number-digits');
    expect(digits.textContent).toBe('13888886666');
    expect(Array.from(digits.children, (g) => g.textContent)).toEqual(['138', '8888', '6666']);
    expect(Array.from(digits.querySelectorAll('.hl'), (h) => h.textContent)).toEqual(['8888']);
  });

  it('shows operator, region, price, minimum spend and pattern tags by level', () => {
    render(<NumberCard item={ITEM} />);
    const logo = screen.getByTestId('number-operator') as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/static/operator/1.png');
    expect(logo.alt).toBe('中国移动');
    expect(screen.getByTestId('number-region').textContent).toBe('广东省 深圳市');
    expect(screen.getByTestId('number-price').textContent).toBe('预存¥1888.00');
    expect(screen.getByText('最低消费¥199.00/月')).toBeTruthy();
    expect(screen.getAllByTestId('number-tag').map((t) => t.textContent)).toEqual(['四连号', '尾号8', '不含4']);
  });

  it('a NumberItem without highlight, grid arrangement, no minimum spend', () => {
    const { highlight: _h, ...plain } = ITEM;
    render(<NumberCard item={{ ...plain, minConsume: '0.00' }} arrange={2} />);
    const card = screen.getByTestId('number-card');
    expect(card.className).toContain('numbers-card--grid');
    expect(card.querySelectorAll('.hl')).toHaveLength(0);
    expect(screen.getAllByTestId('number-tag')).toHaveLength(2);
    expect(screen.getByText('无最低消费')).toBeTruthy();
  });

  it('calls onClick', () => {
    const onClick = vi.fn();
    render(<NumberCard item={ITEM} onClick={onClick} />);
    fireEvent.click(screen.getByTestId('number-card'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
