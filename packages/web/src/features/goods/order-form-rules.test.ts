import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkIdCard,
  checkMobile,
  checkName,
  EMPTY_ORDER_FORM,
  type OrderFormValues,
  validateOrderForm,
} from './order-form-rules';

const REGION = {
  provinceCode: '110000',
  provinceName: '北京市',
  cityCode: '110100',
  cityName: '市辖区',
  countyCode: '110101',
  countyName: '东城区',
};

const VALID: OrderFormValues = {
  name: '张三',
  idCard: '11010119900307803X',
  mobile: '13800138000',
  smsCode: '123456',
  region: REGION,
  address: '东长安街1号院',
  agree: true,
};

const ALL = { needSmsCode: true, needAddress: true };

describe('order form rules', () => {
  it('a complete form has no errors', () => {
    expect(validateOrderForm(VALID, ALL)).toEqual({});
  });

  it('an empty form names every field', () => {
    expect(validateOrderForm(EMPTY_ORDER_FORM, ALL)).toEqual({
      name: 'goods.form.nameInvalid',
      idCard: 'goods.form.idCardInvalid',
      mobile: 'goods.form.mobileInvalid',
      smsCode: 'goods.form.smsCodeInvalid',
      region: 'goods.form.regionRequired',
      address: 'goods.form.addressInvalid',
      agree: 'goods.form.agreeRequired',
    });
  });

  it('a region pre-filled down to the city only still needs its county', () => {
    const region = { ...REGION, countyCode: '', countyName: '' };
    expect(validateOrderForm({ ...VALID, region }, ALL)).toEqual({ region: 'goods.form.regionRequired' });
  });

  it('the code is required only when the goods needs one, region and address only when it ships', () => {
    const values = { ...VALID, smsCode: '', region: null, address: '' };
    expect(validateOrderForm(values, { needSmsCode: false, needAddress: false })).toEqual({});
    expect(Object.keys(validateOrderForm(values, { needSmsCode: true, needAddress: false }))).toEqual(['smsCode']);
  });

  it.each([
    ['张', false],
    ['张三', true],
    ['欧阳·娜娜', true],
    ['John Smith', true],
    ['张三1', false],
    ['一二三四五六七八九十一二三四五六七八九十', true],
    ['一二三四五六七八九十一二三四五六七八九十一', false],
  ])('name %s valid: %s', (name, ok) => {
    expect(checkName(name) === null).toBe(ok);
  });

  it.each([
    ['11010119900307803X', true],
    ['11010119900307803x', true],
    ['110101199003071233', true],
    ['330106198808081234', true],
    // GB 11643: the check character (the newcomer's 330106198808081230 should end in 4).
    ['330106198808081230', false],
    ['110101199003071234', false],
    ['11010119900307123X', false],
    // a birth date after today
    [`110101${new Date().getFullYear() + 1}01010010`, false],
    ['11010119900230123X', false],
    ['01010119900307123X', false],
    ['1101011990030712', false],
  ])('ID number %s valid: %s', (id, ok) => {
    expect(checkIdCard(id) === null).toBe(ok);
  });

  it.each([
    ['13800138000', true],
    [' 13800138000 ', true],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380001', false],
  ])('mobile %s valid: %s', (mobile, ok) => {
    expect(checkMobile(mobile) === null).toBe(ok);
  });

  it('the address has 5 to 100 characters, counted as characters', () => {
    expect(checkAddress('东城区1')).toBe('goods.form.addressInvalid');
    expect(checkAddress('东城区1号')).toBeNull();
    expect(checkAddress('号'.repeat(100))).toBeNull();
    expect(checkAddress('号'.repeat(101))).toBe('goods.form.addressInvalid');
    expect(checkAddress('    a    ')).toBe('goods.form.addressInvalid');
  });

  it('the agreement must be ticked', () => {
    expect(validateOrderForm({ ...VALID, agree: false }, ALL)).toEqual({ agree: 'goods.form.agreeRequired' });
  });
});
