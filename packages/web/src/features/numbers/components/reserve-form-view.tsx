/**
 * The reservation form of 号码预约 (SCREENS §1): 机主姓名, 身份证号, 联系电话 (+ 验证码 when the shop
 * asks), 收货地址 and the agreement. 立即预约 checks every field with the contract's validators; the
 * order itself opens with the next issue, so a valid form only says so (no order endpoint is called).
 */
import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import {
  ADDRESS_MAX,
  emptyReserveForm,
  type ReserveError,
  type ReserveField,
  type ReserveForm,
  reserveFieldError,
  validateReserveForm,
} from '../reserve-form';
import { RegionSelect } from './region-select';

export interface ReserveFormViewProps {
  needSmsCode: boolean;
  /** agreeAgreement=1 pre-ticks the agreement (SPEC §2 kept query). */
  preAgreed: boolean;
  /** The bottom bar's price text. */
  priceText: string;
}

export function ReserveFormView({ needSmsCode, preAgreed, priceText }: ReserveFormViewProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ReserveForm>(() => emptyReserveForm(preAgreed));
  const [shown, setShown] = useState<Partial<Record<ReserveField, ReserveError>>>({});

  const set = <K extends ReserveField>(field: K, value: ReserveForm[K]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (shown[field]) setShown({ ...shown, [field]: reserveFieldError(field, next, needSmsCode) ?? undefined });
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
    showToast(t('pretty.form.comingSoon'));
  };

  const sendCode = () => {
    const error = reserveFieldError('contactMobile', form, needSmsCode);
    if (error) {
      setShown({ ...shown, contactMobile: error });
      showToast(t(`pretty.form.errors.${error}`));
      return;
    }
    showToast(t('pretty.form.comingSoon'));
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
            data-testid="reserve-mobile"
          />
        </List.Item>
        {needSmsCode ? (
          <List.Item
            prefix={t('pretty.form.smsCode')}
            description={errorOf('smsCode')}
            extra={
              <Button size="mini" color="primary" fill="outline" onClick={sendCode} data-testid="reserve-send-code">
                {t('pretty.form.sendCode')}
              </Button>
            }
          >
            <Input
              value={form.smsCode}
              onChange={(v) => set('smsCode', v.replace(/\D/g, ''))}
              placeholder={t('pretty.form.smsCodePlaceholder')}
              maxLength={6}
              inputMode="numeric"
              aria-label={t('pretty.form.smsCode')}
              data-testid="reserve-sms-code"
            />
          </List.Item>
        ) : null}
        <List.Item prefix={t('pretty.form.region')} description={errorOf('region')}>
          <RegionSelect value={form.region} onChange={(v) => set('region', v)} />
        </List.Item>
        <List.Item prefix={t('pretty.form.detail')} description={errorOf('addressDetail')}>
          <Input
            value={form.addressDetail}
            onChange={(v) => set('addressDetail', v)}
            placeholder={t('pretty.form.detailPlaceholder')}
            maxLength={ADDRESS_MAX}
            aria-label={t('pretty.form.detail')}
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
