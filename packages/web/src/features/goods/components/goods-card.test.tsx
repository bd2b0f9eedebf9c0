import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { goodsFixture } from '../test-goods';
import { GoodsCard } from './goods-card';

describe('GoodsCard', () => {
  it('shows the image, name, tags, monthly fee, flow, calls, price and sales', () => {
    const { container } = render(<GoodsCard item={goodsFixture()} />);
    const text = container.textContent ?? '';
    expect(text).toContain('移动花卡·宝藏版 29元套餐');
    expect(text).toContain('首月免费');
    expect(text).toContain('长期套餐');
    expect(text).toContain('月租¥29.00/月');
    expect(text).toContain('通用流量135G通用流量');
    expect(text).toContain('通话100分钟国内通话');
    expect(screen.getByTestId('goods-card-price').textContent).toBe('¥0.00');
    expect(text).toContain('¥50.00');
    expect(text).toContain('已售12860件');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/shop/static/goods/sim-1.png');
    expect(text).not.toContain('已售罄');
  });

  it('an item in stock is not greyed', () => {
    render(<GoodsCard item={goodsFixture({ stock: 5 })} />);
    const card = screen.getByTestId('goods-card');
    expect(card.className).not.toContain('goods-card--sold-out');
    expect(card.dataset.soldOut).toBe('0');
    expect(screen.queryByTestId('goods-sold-out-tag')).toBeNull();
  });

  it('a sold-out item (stock 0) is greyed with the 已售罄 tag and still tappable', () => {
    const onClick = vi.fn();
    render(<GoodsCard item={goodsFixture({ stock: 0 })} onClick={onClick} />);
    const card = screen.getByTestId('goods-card');
    expect(card.className).toContain('goods-card--sold-out');
    expect(card.dataset.soldOut).toBe('1');
    expect(screen.getByTestId('goods-sold-out-tag').textContent).toBe('已售罄');
    fireEvent.click(card);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('no struck-through original price when it is not higher than the price', () => {
    const { container } = render(<GoodsCard item={goodsFixture({ price: '49.00', originalPrice: '49.00' })} />);
    expect(container.querySelector('s')).toBeNull();
  });
});
