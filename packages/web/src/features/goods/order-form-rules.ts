/**
 * The order form's rules (SCREENS §1 goods/general): 姓名 2–20, 身份证号 18-character pattern, 联系电话
 * 11 digits from 1, 验证码 6 digits when the goods needs one, 收货地区 and 详细地址 5–100 when it ships,
 * and the ticked agreement. The patterns are the contract's, so the server accepts what passes here.
 */
import { isIdCard, isMobile, PERSON_NAME_RE, SMS_CODE_RE } from '@haoka/contract';
import type { RegionValue } from '../regions/region-value';

export type { RegionValue };

export interface OrderFormValues {
  name: string;
  idCard: string;
  mobile: string;
  smsCode: string;
  region: RegionValue | null;
  address: string;
  agree: boolean;
}

/** The form before the buyer types anything. */
export const EMPTY_ORDER_FORM: OrderFormValues = {
  name: '',
  idCard: '',
  mobile: '',
  smsCode: '',
  region: null,
  address: '',
  agree: false,
};

export interface OrderFormOptions {
  needSmsCode: boolean;
  needAddress: boolean;
}

/** Catalogue keys of the field errors. */
export type OrderFormErrorKey =
  | 'goods.form.nameInvalid'
  | 'goods.form.idCardInvalid'
  | 'goods.form.mobileInvalid'
  | 'goods.form.smsCodeInvalid'
  | 'goods.form.regionRequired'
  | 'goods.form.addressInvalid'
  | 'goods.form.agreeRequired';

export type OrderFormErrors = Partial<Record<keyof OrderFormValues, OrderFormErrorKey>>;

export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 100;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function checkName(value: unknown): OrderFormErrorKey | null {
  return PERSON_NAME_RE.test(text(value)) ? null : 'goods.form.nameInvalid';
}

export function checkIdCard(value: unknown): OrderFormErrorKey | null {
  return isIdCard(text(value)) ? null : 'goods.form.idCardInvalid';
}

export function checkMobile(value: unknown): OrderFormErrorKey | null {
  return isMobile(text(value)) ? null : 'goods.form.mobileInvalid';
}

export function checkSmsCode(value: unknown): OrderFormErrorKey | null {
  return SMS_CODE_RE.test(text(value)) ? null : 'goods.form.smsCodeInvalid';
}

export function checkRegion(value: RegionValue | null | undefined): OrderFormErrorKey | null {
  return value?.provinceCode && value.cityCode && value.countyCode ? null : 'goods.form.regionRequired';
}

export function checkAddress(value: unknown): OrderFormErrorKey | null {
  // Characters, not UTF-16 units: a Chinese address counts each character once.
  const length = [...text(value)].length;
  return length >= ADDRESS_MIN && length <= ADDRESS_MAX ? null : 'goods.form.addressInvalid';
}

export function checkAgree(value: unknown): OrderFormErrorKey | null {
  return value === true ? null : 'goods.form.agreeRequired';
}

/** Every failing field with its error; empty when the form may be submitted. */
export function validateOrderForm(values: OrderFormValues, options: OrderFormOptions): OrderFormErrors {
  const errors: OrderFormErrors = {};
  const put = (field: keyof OrderFormValues, error: OrderFormErrorKey | null) => {
    if (error) errors[field] = error;
  };
  put('name', checkName(values.name));
  put('idCard', checkIdCard(values.idCard));
  put('mobile', checkMobile(values.mobile));
  if (options.needSmsCode) put('smsCode', checkSmsCode(values.smsCode));
  if (options.needAddress) {
    put('region', checkRegion(values.region));
    put('address', checkAddress(values.address));
  }
  put('agree', checkAgree(values.agree));
  return errors;
}
