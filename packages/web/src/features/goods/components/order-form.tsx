/**
 * The general-goods application form (SCREENS §1 goods/general): 姓名, 身份证号, 联系电话, 验证码 (when the
 * goods needs one; 获取验证码 with its 60 s countdown), 收货地区 (pre-filled from the IP location with
 * autoFilterDelivery=1) and 详细地址 (when it ships) and the agreement, pre-ticked by agreeAgreement=1.
 * Submitting validates with the order-form rules and hands the contact to the page, which places the order.
 */
import type { GoodsItem } from '@haoka/contract';
import { Button, Checkbox, Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { buildUrl, keptQuery } from '../../../platform/navigation';
import { Link } from '../../../platform/router';
import { usePageQuery } from '../../../platform/use-page-query';
import type { OrderContact } from '../../order/submit-order';
import { useRegionPrefill } from '../../order/use-region-prefill';
import { RegionField } from '../../regions/components/region-field';
import { SendCodeButton } from '../../sms/components/send-code-button';
import {
  ADDRESS_MAX,
  checkAddress,
  checkAgree,
  checkIdCard,
  checkMobile,
  checkName,
  checkRegion,
  checkSmsCode,
  EMPTY_ORDER_FORM,
  type OrderFormErrorKey,
  type OrderFormValues,
  validateOrderForm,
} from '../order-form-rules';
import './order-form.css';

export interface OrderFormProps {
  goods: GoodsItem;
  disabled?: boolean;
  /** Called with the checked contact when the form passes. */
  onSubmit: (contact: OrderContact) => void;
}

export function OrderForm({ goods, disabled = false, onSubmit }: OrderFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderFormValues>();
  const query = usePageQuery();
  const needSmsCode = goods.needSmsCode === 1;
  const needAddress = goods.needAddress === 1;

  const rule = (check: (value: never) => OrderFormErrorKey | null) => ({
    validator: async (_: unknown, value: unknown) => {
      const error = check(value as never);
      if (error) throw new Error(t(error));
    },
  });

  useRegionPrefill(
    () => !form.getFieldValue('region'),
    (region) => {
      if (!form.getFieldValue('region')) form.setFieldValue('region', region);
    },
  );

  const codeMobile = async (): Promise<string | null> => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      const message = form.getFieldError('mobile')[0];
      if (message) showToast(message);
      return null;
    }
    return String(form.getFieldValue('mobile') ?? '').trim();
  };

  const submit = (values: OrderFormValues) => {
    const all = { ...EMPTY_ORDER_FORM, ...values };
    const errors = validateOrderForm(all, { needSmsCode, needAddress });
    const first = Object.values(errors)[0];
    if (first) {
      showToast(t(first));
      return;
    }
    onSubmit({
      contactName: all.name,
      idCard: all.idCard,
      contactMobile: all.mobile,
      smsCode: needSmsCode ? all.smsCode : undefined,
      provinceCode: all.region?.provinceCode ?? '',
      cityCode: all.region?.cityCode ?? '',
      countyCode: all.region?.countyCode ?? '',
      addressDetail: all.address,
    });
  };

  return (
    <Form
      form={form}
      className="goods-order-form"
      layout="horizontal"
      mode="card"
      initialValues={{ ...EMPTY_ORDER_FORM, agree: (query.agreeAgreement ?? keptQuery().agreeAgreement) === '1' }}
      onFinish={submit}
      onFinishFailed={({ errorFields }) => {
        const message = errorFields[0]?.errors[0];
        if (message) showToast(message);
      }}
      data-testid="goods-order-form"
      footer={
        <Button block type="submit" color="primary" size="large" disabled={disabled} data-testid="goods-order-submit">
          {t('goods.form.submit')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('goods.form.name')} rules={[rule(checkName)]}>
        <Input placeholder={t('goods.form.namePlaceholder')} maxLength={20} clearable autoComplete="name" />
      </Form.Item>
      <Form.Item name="idCard" label={t('goods.form.idCard')} rules={[rule(checkIdCard)]}>
        <Input placeholder={t('goods.form.idCardPlaceholder')} maxLength={18} clearable autoComplete="off" />
      </Form.Item>
      <Form.Item name="mobile" label={t('goods.form.mobile')} rules={[rule(checkMobile)]}>
        <Input type="tel" placeholder={t('goods.form.mobilePlaceholder')} maxLength={11} clearable autoComplete="tel" />
      </Form.Item>
      {needSmsCode ? (
        <Form.Item
          name="smsCode"
          label={t('goods.form.smsCode')}
          rules={[rule(checkSmsCode)]}
          extra={<SendCodeButton scene="order" getMobile={codeMobile} testId="goods-send-code" />}
        >
          <Input placeholder={t('goods.form.smsCodePlaceholder')} maxLength={6} inputMode="numeric" />
        </Form.Item>
      ) : null}
      {needAddress ? (
        <>
          <Form.Item name="region" label={t('goods.form.region')} rules={[rule(checkRegion)]}>
            <RegionField label={t('goods.form.region')} />
          </Form.Item>
          <Form.Item name="address" label={t('goods.form.address')} rules={[rule(checkAddress)]}>
            <TextArea placeholder={t('goods.form.addressPlaceholder')} maxLength={ADDRESS_MAX} autoSize rows={2} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="agree" valuePropName="checked" rules={[rule(checkAgree)]}>
        <Checkbox className="goods-order-form__agree" data-testid="goods-order-agree">
          {t('goods.form.agreePrefix')}
          <Link to={buildUrl('/pages/about/payment')} onClick={(e) => e.stopPropagation()}>
            {t('goods.form.agreement')}
          </Link>
          <Link to={buildUrl('/pages/about/textTemplate', { code: 'privacy' })} onClick={(e) => e.stopPropagation()}>
            {t('goods.form.privacy')}
          </Link>
        </Checkbox>
      </Form.Item>
    </Form>
  );
}
