import { describe, expect, it } from 'vitest';
import { narrowPayTypes, offeredPayTypes, payTypeProviders } from './payment-gateway.js';

describe('pay types by listed provider (PAYMENT_PROVIDER)', () => {
  it('the sandbox alone takes both pay types', () => {
    expect(payTypeProviders(['sandbox'])).toEqual({ wxpay: 'sandbox', alipay: 'sandbox' });
    expect(offeredPayTypes(['sandbox'])).toEqual(['wxpay', 'alipay']);
  });

  it('a real provider takes its own pay type and the sandbox keeps the rest, whatever the order listed', () => {
    expect(payTypeProviders(['sandbox', 'wechat'])).toEqual({ wxpay: 'wechat', alipay: 'sandbox' });
    expect(payTypeProviders(['wechat', 'sandbox'])).toEqual({ wxpay: 'wechat', alipay: 'sandbox' });
  });

  it('without the sandbox, a pay type no provider takes is not offered', () => {
    expect(payTypeProviders(['wechat'])).toEqual({ wxpay: 'wechat' });
    expect(offeredPayTypes(['wechat'])).toEqual(['wxpay']);
  });

  it("a promoter's choice is narrowed to what is offered, and never to nothing", () => {
    expect(narrowPayTypes(['alipay', 'wxpay'], ['wxpay'])).toEqual(['wxpay']);
    expect(narrowPayTypes(['wxpay', 'alipay'], ['wxpay', 'alipay'])).toEqual(['wxpay', 'alipay']);
    expect(narrowPayTypes(['alipay'], ['wxpay'])).toEqual(['wxpay']);
  });
});
