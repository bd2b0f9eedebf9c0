/** A complete packageDetails answer for tests (contract shape), overridable field by field. */
import type { PackageDetails } from './api/get-package-details';

export function packageDetailsFixture(patch: Partial<PackageDetails> = {}): PackageDetails {
  return {
    package: null,
    defaultEffectType: 1,
    currentEndAt: null,
    balance: '0.00',
    payTypes: ['balance', 'wxpay', 'alipay'],
    coupons: [],
    bestCouponId: null,
    existPayPassword: 1,
    ...patch,
  };
}
