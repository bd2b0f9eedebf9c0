import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../order/browser';
import { followLaunchHere, openPayUrl, withShopLanguage } from './launch';

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('zh-Hans');
});

describe('withShopLanguage', () => {
  it('tells a page of this shop (the sandbox cashier) the shopper’s language', () => {
    const cashier = `${window.location.origin}/api/pay/sandbox/cashier?prepayId=sbx1`;
    expect(new URL(withShopLanguage(cashier, 'en')).searchParams.get('lang')).toBe('en');
    expect(new URL(withShopLanguage('/api/pay/sandbox/cashier?prepayId=sbx1', 'fr')).searchParams.get('lang')).toBe(
      'fr',
    );
    const again = new URL(withShopLanguage(`${cashier}&lang=es`, 'zh-Hant'));
    expect(again.searchParams.getAll('lang')).toEqual(['zh-Hant']);
    expect(again.searchParams.get('prepayId')).toBe('sbx1');
  });

  it('leaves a provider’s own page as the provider made it', () => {
    const provider = 'https://pay.example.com/h5?trade=1&sign=abc';
    expect(withShopLanguage(provider, 'en')).toBe(provider);
  });
});

describe('openPayUrl', () => {
  it('leaves for the cashier in the current language', async () => {
    await i18next.changeLanguage('es');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    openPayUrl('/api/pay/sandbox/cashier?prepayId=sbx2');
    expect(new URL(go.mock.calls[0]?.[0] ?? '').searchParams.get('lang')).toBe('es');
  });

  it('is how a launch with a payUrl leaves the cashier', async () => {
    await i18next.changeLanguage('en');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const onCheck = vi.fn();
    await followLaunchHere({ paid: false, payStatus: 1, payUrl: '/api/pay/sandbox/cashier?prepayId=sbx3' }, onCheck);
    expect(new URL(go.mock.calls[0]?.[0] ?? '').searchParams.get('lang')).toBe('en');
    expect(onCheck).not.toHaveBeenCalled();
  });
});
