/**
 * The reservation form of 号码预约 (SCREENS §1): 机主姓名, 身份证号, 联系电话 (+ 验证码 when the shop
 * asks, sent by 获取验证码 with its 60 s countdown), 收货地址 (pre-filled from the IP location with
 * autoFilterDelivery=1) and the agreement. 立即预约 checks every field with the contract's validators and
 * hands the contact to the page, which places the order.
 */
import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import type { OrderContact } from '../../order/submit-order';
import { useRegionPrefill } from '../../order/use-region-prefill';
import { RegionField } from '../../regions/components/region-field';
import { SendCodeButton } from '../../sms/components/send-code-button';
import {
  ADDRESS_MAX,
  emptyReserveForm,
  type ReserveError,
  type ReserveField,
  type ReserveForm,
  reserveFieldError,
  validateReserveForm,
} from '../reserve-form';
import './link.css';
import '../i18n';

export interface ReserveFormViewProps {
  needSmsCode: boolean;
  /** agreeAgreement=1 pre-ticks the agreement (SPEC §2 kept query). */
  preAgreed: boolean;
  /** The bottom bar's price text. */
  priceText: string;
  /** Called with the checked contact when 立即预约 passes. */
  onSubmit: (contact: OrderContact) => void;
}

export function contactOf(form: ReserveForm, needSmsCode: boolean): OrderContact {
  return {
    contactName: form.contactName,
    idCard: form.idCard,
    contactMobile: form.contactMobile,
    smsCode: needSmsCode ? form.smsCode : undefined,
    provinceCode: form.region?.provinceCode ?? '',
    cityCode: form.region?.cityCode ?? '',
    countyCode: form.region?.countyCode ?? '',
    addressDetail: form.addressDetail,
  };
}

export function ReserveFormView({ needSmsCode, preAgreed, priceText, onSubmit }: ReserveFormViewProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ReserveForm>(() => emptyReserveForm(preAgreed));
  const [shown, setShown] = useState<Partial<Record<ReserveField, ReserveError>>>({});
  useRegionPrefill(
    () => form.region === null,
    (region) => setForm((f) => (f.region === null ? { ...f, region } : f)),
  );

  const set = <K extends ReserveField>(field: K, value: ReserveForm[K]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (shown[field]) setShown({ ...shown, [field]: reserveFieldError(field, next, needSmsCode) ?? undefined });
  };
  /** Leaving a filled field marks it at once (a wrong ID check digit, say), before anything is sent. */
  const leave = (field: 'contactName' | 'idCard' | 'contactMobile' | 'smsCode' | 'addressDetail') => {
    if (!form[field].trim()) return;
    setShown((was) => ({ ...was, [field]: reserveFieldError(field, form, needSmsCode) ?? undefined }));
  };
  const errorOf = (field: ReserveField) => {
    const error = shown[field];
    return error ? (
      <span className="numbers-reserve__error" role="alert" data-testid={`reserve-error-${field}`}>
        {t(`pretty.form.errors.${error}`)}
      </span>
    ) : undefined;
  };

  const submit = () => {
    const errors = validateReserveForm(form, needSmsCode);
    setShown(errors);
    const first = Object.values(errors)[0];
    if (first) {
      showToast(t(`pretty.form.errors.${first}`));
      return;
    }
    onSubmit(contactOf(form, needSmsCode));
  };

  const codeMobile = () => {
    const error = reserveFieldError('contactMobile', form, needSmsCode);
    if (error) {
      setShown({ ...shown, contactMobile: error });
      showToast(t(`pretty.form.errors.${error}`));
      return null;
    }
    return form.contactMobile.trim();
  };

  return (
    <section className="numbers-reserve" data-testid="reserve-form">
      <List header={t('pretty.form.title')}>
        <List.Item prefix={t('pretty.form.name')} description={errorOf('contactName')}>
          <Input
            value={form.contactName}
            onChange={(v) => set('contactName', v)}
            placeholder={t('pretty.form.namePlaceholder')}
            maxLength={20}
            aria-label={t('pretty.form.name')}
            onBlur={() => leave('contactName')}
            data-testid="reserve-name"
          />
        </List.Item>
        <List.Item prefix={t('pretty.form.idCard')} description={errorOf('idCard')}>
          <Input
            value={form.idCard}
            onChange={(v) => set('idCard', v.replace(/[^\dXx]/g, '').toUpperCase())}
            placeholder={t('pretty.form.idCardPlaceholder')}
            maxLength={18}
            aria-label={t('pretty.form.idCard')}
            onBlur={() => leave('idCard')}
            data-testid="reserve-idcard"
          />
        </List.Item>
        <List.Item prefix={t('pretty.form.mobile')} description={errorOf('contactMobile')}>
          <Input
            value={form.contactMobile}
            onChange={(v) => set('contactMobile', v.replace(/\D/g, ''))}
            placeholder={t('pretty.form.mobilePlaceholder')}
            maxLength={11}
            type="tel"
            inputMode="numeric"
            aria-label={t('pretty.form.mobile')}
            onBlur={() => leave('contactMobile')}
            data-testid="reserve-mobile"
          />
        </List.Item>
        {needSmsCode ? (
          <List.Item
            prefix={t('pretty.form.smsCode')}
            description={errorOf('smsCode')}
            extra={<SendCodeButton scene="order" getMobile={codeMobile} testId="reserve-send-code" />}
          >
            <Input
              value={form.smsCode}
              onChange={(v) => set('smsCode', v.replace(/\D/g, ''))}
              placeholder={t('pretty.form.smsCodePlaceholder')}
              maxLength={6}
              inputMode="numeric"
              aria-label={t('pretty.form.smsCode')}
              onBlur={() => leave('smsCode')}
              data-testid="reserve-sms-code"
            />
          </List.Item>
        ) : null}
        <List.Item prefix={t('pretty.form.region')} description={errorOf('region')}>
          <RegionField value={form.region} onChange={(v) => set('region', v)} label={t('pretty.form.region')} />
        </List.Item>
        <List.Item prefix={t('pretty.form.detail')} description={errorOf('addressDetail')}>
          <Input
            value={form.addressDetail}
            onChange={(v) => set('addressDetail', v)}
            placeholder={t('pretty.form.detailPlaceholder')}
            maxLength={ADDRESS_MAX}
            aria-label={t('pretty.form.detail')}
            onBlur={() => leave('addressDetail')}
            data-testid="reserve-address"
          />
        </List.Item>
      </List>
      <div className="numbers-reserve__agree">
        <Checkbox checked={form.agree} onChange={(v) => set('agree', v)} data-testid="reserve-agree">
          {t('pretty.form.agree')}
        </Checkbox>
        <button type="button" className="numbers-link" onClick={() => navigateTo('/pages/about/payment')}>
          {t('pretty.form.terms')}
        </button>
        <button
          type="button"
          className="numbers-link"
          onClick={() => navigateTo('/pages/about/textTemplate', { code: 'privacy' })}
        >
          {t('pretty.form.privacy')}
        </button>
        {errorOf('agree')}
      </div>
      <div className="numbers-reserve__bar">
        <span className="numbers-reserve__price">{priceText}</span>
        <Button color="primary" onClick={submit} data-testid="reserve-submit">
          {t('pretty.form.submit')}
        </Button>
      </div>
    </section>
  );
}
