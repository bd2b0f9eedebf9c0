import type { PayType } from '@haoka/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18next from '../i18n/translator';
import { PayTypeIcon } from './pay-type-icon';

afterEach(async () => {
  await i18next.changeLanguage('zh-Hans');
});

const TYPES: PayType[] = ['balance', 'wxpay', 'alipay'];

describe('PayTypeIcon', () => {
  it('is an image named by the method, drawn, with no glyph text', () => {
    render(
      <div>
        {TYPES.map((type) => (
          <PayTypeIcon key={type} type={type} />
        ))}
      </div>,
    );
    const names = { balance: '余额支付', wxpay: '微信支付', alipay: '支付宝' };
    const drawings = new Set<string>();
    for (const type of TYPES) {
      const icon = screen.getByRole('img', { name: names[type] });
      expect(icon.dataset.payType).toBe(type);
      expect(icon.textContent).toBe('');
      const svg = icon.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      drawings.add(svg?.innerHTML ?? '');
    }
    expect(drawings.size).toBe(3);
  });

  it('speaks the shopper language', async () => {
    await i18next.changeLanguage('en');
    render(<PayTypeIcon type="wxpay" />);
    expect(screen.getByRole('img', { name: 'WeChat Pay' })).toBeTruthy();
  });
});

/** Every source file of the app (tests and catalogues excluded), as text. */
const SOURCES = import.meta.glob(
  ['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../i18n/**', '!./pay-type-icon.tsx'],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

describe('pay methods everywhere', () => {
  it('no screen draws a pay method as the glyph 余, 微 or 支', () => {
    const glyphs = Object.entries(SOURCES)
      .filter(([, text]) => /['"`>]\s*(余|微|支)\s*['"`<]/.test(text))
      .map(([path]) => path);
    expect(glyphs).toEqual([]);
  });

  it('every pay-method list is the one list, and only it draws the icon', () => {
    const list = '../features/payment/pay-type-list.tsx';
    expect(SOURCES[list], list).toContain('<PayTypeIcon');
    for (const file of [
      '../features/payment/cashier.tsx',
      '../features/iot-buy/components/balance-recharge.tsx',
      '../features/iot-buy/components/coupon-pay.tsx',
      '../features/iot-member/components/member-checkout.tsx',
      '../features/iot-buy/components/package-details.tsx',
    ]) {
      expect(SOURCES[file], file).toContain('<PayTypeList');
    }
    const others = Object.entries(SOURCES)
      .filter(([path, text]) => path !== list && text.includes('<PayTypeIcon'))
      .map(([path]) => path);
    expect(others).toEqual([]);
  });
});
