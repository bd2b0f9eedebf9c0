/**
 * The reservation form of 号码预约 (SCREENS §1; API.md order/create fields) and its rules, from the
 * contract's shared validators: name 2–20, 18-character ID, 11-digit mobile starting with 1, a 6-digit
 * SMS code when the shop asks for one, a region down to the county, address 5–100, agreement ticked.
 */
import { isIdCard, isMobile, PERSON_NAME_RE, SMS_CODE_RE } from '@haoka/contract';
import type { RegionValue } from '../regions/region-value';

export interface ReserveForm {
  contactName: string;
  idCard: string;
  contactMobile: string;
  smsCode: string;
  region: RegionValue | null;
  addressDetail: string;
  agree: boolean;
}

export type ReserveError =
  | 'nameInvalid'
  | 'idCardInvalid'
  | 'mobileInvalid'
  | 'smsCodeInvalid'
  | 'regionRequired'
  | 'detailInvalid'
  | 'agreeRequired';

export type ReserveField = keyof ReserveForm;

export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 100;

/** The error of one field, or null. */
export function reserveFieldError(field: ReserveField, form: ReserveForm, needSmsCode: boolean): ReserveError | null {
  switch (field) {
    case 'contactName':
      return PERSON_NAME_RE.test(form.contactName.trim()) ? null : 'nameInvalid';
    case 'idCard':
      return isIdCard(form.idCard.trim().toUpperCase()) ? null : 'idCardInvalid';
    case 'contactMobile':
      return isMobile(form.contactMobile.trim()) ? null : 'mobileInvalid';
    case 'smsCode':
      return !needSmsCode || SMS_CODE_RE.test(form.smsCode.trim()) ? null : 'smsCodeInvalid';
    case 'region':
      return form.region?.provinceCode && form.region.cityCode && form.region.countyCode ? null : 'regionRequired';
    case 'addressDetail': {
      const length = [...form.addressDetail.trim()].length;
      return length >= ADDRESS_MIN && length <= ADDRESS_MAX ? null : 'detailInvalid';
    }
    case 'agree':
      return form.agree ? null : 'agreeRequired';
  }
}

export const RESERVE_FIELDS: readonly ReserveField[] = [
  'contactName',
  'idCard',
  'contactMobile',
  'smsCode',
  'region',
  'addressDetail',
  'agree',
];

/** Every field's error, in form order. */
export function validateReserveForm(
  form: ReserveForm,
  needSmsCode: boolean,
): Partial<Record<ReserveField, ReserveError>> {
  const errors: Partial<Record<ReserveField, ReserveError>> = {};
  for (const field of RESERVE_FIELDS) {
    const error = reserveFieldError(field, form, needSmsCode);
    if (error) errors[field] = error;
  }
  return errors;
}

export const emptyReserveForm = (agree = false): ReserveForm => ({
  contactName: '',
  idCard: '',
  contactMobile: '',
  smsCode: '',
  region: null,
  addressDetail: '',
  agree,
});
