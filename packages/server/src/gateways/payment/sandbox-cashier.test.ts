import { describe, expect, it } from 'vitest';
import { cashierLocale, subjectIn } from './sandbox-cashier.js';

describe('the sandbox cashier', () => {
  it.each([
    ['套餐订购：月享30G', 'en', 'Package: 月享30G'],
    ['余额充值：1440312345601', 'en', 'Balance top-up: 1440312345601'],
    ['余额充值：1440312345601', 'fr', 'Recharge du solde: 1440312345601'],
    ['积分商城：品牌保温杯', 'es', 'Tienda de puntos: 品牌保温杯'],
    ['开通会员：月度会员', 'zh-Hant', '開通會員：月度会员'],
    ['靓号 13800138888', 'en', 'Vanity number: 13800138888'],
    ['余额充值：1440312345601', 'zh-Hans', '余额充值：1440312345601'],
    ['移动流量卡 39元 200G', 'en', '移动流量卡 39元 200G'],
  ] as const)('says the subject %s in %s as %s (the shop’s own name as given)', (description, locale, said) => {
    expect(subjectIn(description, locale)).toBe(said);
  });

  it('takes the lang it is given, else the browser’s language, else English', () => {
    expect(cashierLocale('zh-Hant', 'en')).toBe('zh-Hant');
    expect(cashierLocale('klingon', 'fr-FR,en;q=0.5')).toBe('fr');
    expect(cashierLocale(undefined, 'de-DE')).toBe('en');
    expect(cashierLocale(['en'], 'es')).toBe('es');
  });
});
