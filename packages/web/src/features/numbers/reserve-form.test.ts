import { describe, expect, it } from 'vitest';
import { emptyReserveForm, type ReserveForm, validateReserveForm } from './reserve-form';

const VALID: ReserveForm = {
  contactName: '张三',
  idCard: '11010119900307803x',
  contactMobile: '13800138000',
  smsCode: '123456',
  region: {
    provinceCode: '440000',
    provinceName: '广东省',
    cityCode: '440300',
    cityName: '深圳市',
    countyCode: '440305',
    countyName: '南山区',
  },
  addressDetail: '科技园南路88号',
  agree: true,
};

describe('reservation form rules', () => {
  it('a complete form passes, with or without the SMS code', () => {
    expect(validateReserveForm(VALID, true)).toEqual({});
    expect(validateReserveForm({ ...VALID, smsCode: '' }, false)).toEqual({});
  });

  it('an empty form reports every field in order', () => {
    expect(Object.keys(validateReserveForm(emptyReserveForm(), true))).toEqual([
      'contactName',
      'idCard',
      'contactMobile',
      'smsCode',
      'region',
      'addressDetail',
      'agree',
    ]);
    expect(validateReserveForm(emptyReserveForm(true), false).agree).toBeUndefined();
  });

  it.each([
    ['contactName', { contactName: '张' }, 'nameInvalid'],
    ['contactName', { contactName: '张3' }, 'nameInvalid'],
    ['idCard', { idCard: '110101199002307803' }, 'idCardInvalid'],
    ['idCard', { idCard: '11010119900307803' }, 'idCardInvalid'],
    ['idCard', { idCard: '110101199003078031' }, 'idCardInvalid'],
    ['idCard', { idCard: '330106198808081230' }, 'idCardInvalid'],
    ['contactMobile', { contactMobile: '23800138000' }, 'mobileInvalid'],
    ['contactMobile', { contactMobile: '1380013800' }, 'mobileInvalid'],
    ['smsCode', { smsCode: '12345' }, 'smsCodeInvalid'],
    ['region', { region: { ...VALID.region!, countyCode: '' } }, 'regionRequired'],
    ['addressDetail', { addressDetail: '四个字啊' }, 'detailInvalid'],
    ['addressDetail', { addressDetail: 'x'.repeat(101) }, 'detailInvalid'],
    ['agree', { agree: false }, 'agreeRequired'],
  ] as const)('%s %j → %s', (field, patch, error) => {
    expect(validateReserveForm({ ...VALID, ...patch }, true)).toEqual({ [field]: error });
  });

  it('accepts a lower-case x and a middle dot in names', () => {
    expect(validateReserveForm({ ...VALID, contactName: '阿卜杜·热合曼' }, true)).toEqual({});
  });
});
