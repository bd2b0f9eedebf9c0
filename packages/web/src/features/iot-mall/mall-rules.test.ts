import { describe, expect, it } from 'vitest';
import {
  awaitsPickup,
  buyBlock,
  canCancel,
  canConfirm,
  canPay,
  cashierPhase,
  chosenAddress,
  maxQuantity,
  orderTotals,
  tabOf,
} from './mall-rules';
import { addressFixture, apiTime, goodsFixture, mallOrderFixture } from './test-fixtures';

const sku = (id: number, points: number, stock: number, cashPrice = '0.00') => ({
  id,
  specText: `规格${id}`,
  points,
  cashPrice,
  stock,
});

describe('mall rules', () => {
  it('reads the order tab from ?status=', () => {
    expect(tabOf(undefined)).toBeNull();
    expect(tabOf('')).toBeNull();
    expect(tabOf('2')).toBe(2);
    expect(tabOf('5')).toBeNull();
    expect(tabOf('x')).toBeNull();
  });

  it('bounds the quantity by stock, the per-order limit and what the per-card limit leaves', () => {
    expect(maxQuantity(goodsFixture({ stock: 20, limitPerOrder: 5 }), null)).toBe(5);
    expect(maxQuantity(goodsFixture({ stock: 2 }), null)).toBe(2);
    expect(maxQuantity(goodsFixture({ limitPerCard: 3, boughtCount: 2 }), null)).toBe(1);
    expect(maxQuantity(goodsFixture({ limitPerCard: 3, boughtCount: 4 }), null)).toBe(0);
    expect(maxQuantity(goodsFixture({ stock: 20 }), sku(1, 100, 1))).toBe(1);
  });

  it('says why a goods cannot be taken: sold out, limit, points (the cheapest SKU when none is chosen)', () => {
    expect(buyBlock(goodsFixture(), null)).toBeNull();
    expect(buyBlock(goodsFixture({ stock: 0 }), null)).toBe('soldOut');
    expect(buyBlock(goodsFixture({ limitPerCard: 1, boughtCount: 1 }), null)).toBe('limitReached');
    expect(buyBlock(goodsFixture({ integral: 100, points: 300 }), null)).toBe('pointsShort');
    const shirt = goodsFixture({ integral: 650, points: 600, skus: [sku(1, 600, 2), sku(2, 680, 0)] });
    expect(buyBlock(shirt, null)).toBeNull();
    expect(buyBlock(shirt, sku(2, 680, 0))).toBe('soldOut');
    expect(buyBlock({ ...shirt, integral: 500 }, null)).toBe('pointsShort');
  });

  it('totals points, cash and freight (express only)', () => {
    expect(orderTotals(goodsFixture({ points: 500, cashPrice: '9.90', freight: '3.00' }), null, 2)).toEqual({
      points: 1000,
      cashFen: 1980,
      freightFen: 300,
      payFen: 2280,
    });
    expect(orderTotals(goodsFixture({ deliveryType: 2, freight: '3.00' }), sku(1, 200, 5, '1.50'), 1)).toEqual({
      points: 200,
      cashFen: 150,
      freightFen: 0,
      payFen: 150,
    });
  });

  it('sends an order to the picked address, else the default, else none', () => {
    const list = [addressFixture({ id: 1, isDefault: 0 }), addressFixture({ id: 2, isDefault: 1 })];
    expect(chosenAddress(list, 1)?.id).toBe(1);
    expect(chosenAddress(list, 9)?.id).toBe(2);
    expect(chosenAddress([addressFixture({ id: 1, isDefault: 0 })], 0)).toBeUndefined();
  });

  it('what the holder may do with an order', () => {
    const unpaid = mallOrderFixture();
    expect([canCancel(unpaid), canPay(unpaid), canConfirm(unpaid)]).toEqual([true, true, false]);
    expect(canPay(mallOrderFixture({ expireAt: apiTime(-1000) }))).toBe(false);
    expect(canCancel(mallOrderFixture({ status: 1, payStatus: 2, payAmount: '0.00' }))).toBe(true);
    expect(canCancel(mallOrderFixture({ status: 1, payStatus: 2, payAmount: '9.90' }))).toBe(false);
    expect(canConfirm(mallOrderFixture({ status: 2, payStatus: 2 }))).toBe(true);
    expect(canConfirm(mallOrderFixture({ status: 2, payStatus: 2, deliveryType: 2 }))).toBe(false);
    expect(awaitsPickup({ status: 2, deliveryType: 2 })).toBe(true);
    expect(awaitsPickup({ status: 2, deliveryType: 1 })).toBe(false);
    expect(awaitsPickup({ status: 1, deliveryType: 2 })).toBe(false);
  });

  it('the cashier shows the form, the result, or the order closed', () => {
    expect(cashierPhase(mallOrderFixture(), false)).toBe('form');
    expect(cashierPhase(mallOrderFixture(), true)).toBe('checking');
    expect(cashierPhase(mallOrderFixture({ status: 1, payStatus: 2 }), false)).toBe('paid');
    expect(cashierPhase(mallOrderFixture({ status: 4, payStatus: 3 }), true)).toBe('closed');
    expect(cashierPhase(mallOrderFixture({ expireAt: apiTime(-1) }), false)).toBe('closed');
  });
});
