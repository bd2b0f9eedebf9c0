import { describe, expect, it } from 'vitest';
import { isReason } from '../reasons.js';
import { CATALOGUE_KINDS, catalogueItem } from './admin-catalogue.js';

function firstMessage(value: unknown): { path: string; message: string } | undefined {
  const result = catalogueItem.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : undefined;
}

describe('catalogueItem', () => {
  it('has one item shape per kind', () => {
    expect(catalogueItem.options.map((o) => o.shape.kind.value)).toEqual([...CATALOGUE_KINDS]);
  });

  it('fills the defaults of a package and keeps money in fen', () => {
    const item = catalogueItem.parse({
      kind: 'package',
      name: 'Monthly 50 GB',
      packageType: 1,
      flowMb: 51200,
      duration: 1,
      durationUnit: 2,
      priceFen: 3900,
    });
    expect(item).toMatchObject({ promoCode: '', priceFen: 3900, effectTypes: [1], status: 1, stock: null });
  });

  it('refuses with reasons the console can localize', () => {
    const base = { kind: 'package', name: 'x', packageType: 1, flowMb: 1, duration: 1, durationUnit: 2 };
    expect(firstMessage({ ...base, priceFen: 100, originalPriceFen: 50 })).toEqual({
      path: 'originalPriceFen',
      message: 'catalogueOriginalBelowPrice',
    });
    expect(firstMessage({ ...base, priceFen: 100, promoCode: 'a b' })?.message).toBe('cataloguePromoCodeInvalid');
    expect(firstMessage({ kind: 'banner', image: 'javascript:alert(1)' })?.message).toBe('catalogueImageInvalid');
    const repeated = firstMessage({
      kind: 'mall',
      name: 'Flask',
      deliveryType: 1,
      skus: [
        { specText: 'White', points: 1, stock: 1 },
        { specText: 'White', points: 2, stock: 1 },
      ],
    });
    expect(repeated).toEqual({ path: 'skus', message: 'catalogueSkuRepeated' });
    for (const message of ['catalogueOriginalBelowPrice', 'catalogueSkuRepeated']) expect(isReason(message)).toBe(true);
  });

  it('refuses fields a kind does not have', () => {
    expect(
      catalogueItem.safeParse({ kind: 'faq', category: 'order', title: 't', content: 'c', colour: 'red' }).success,
    ).toBe(false);
  });

  it('needs the amount of an amount-off coupon and the packages of a package coupon', () => {
    const coupon = { kind: 'coupon', name: 'c', type: 1, validDays: 30, coinPrice: 10 };
    expect(firstMessage(coupon)?.path).toBe('amountFen');
    expect(firstMessage({ ...coupon, amountFen: 500, scope: 'package' })?.path).toBe('packageIds');
    expect(firstMessage({ ...coupon, amountFen: 500 })).toBeUndefined();
  });
});
