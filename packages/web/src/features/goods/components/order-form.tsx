/**
 * The general-goods application form (SCREENS §1 goods/general): 姓名, 身份证号, 联系电话, 验证码 (when the
 * goods needs one), 收货地区 and 详细地址 (when it ships) and the agreement, pre-ticked by agreeAgreement=1.
 * Submitting validates with the order-form rules; ordering itself opens with the order endpoint, so a
 * valid form ends in a toast saying so for now.
 */
import type { GoodsItem } from '@haoka/contract';
import { Button, Checkbox, Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../platform/feedback';
import { buildUrl } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import {
  ADDRESS_MAX,
  checkAddress,
  checkAgree,
  checkIdCard,
  checkMobile,
  checkName,
  checkRegion,
  checkSmsCode,
  type OrderFormErrorKey,
  type OrderFormValues,
  validateOrderForm,
} from '../order-form-rules';
import { RegionField } from './region-field';
import './order-form.css';

export interface OrderFormProps {
  goods: GoodsItem;
  disabled?: boolean;
}

const EMPTY: OrderFormValues = {
  name: '',
  idCard: '',
  mobile: '',
  smsCode: '',
  region: null,
  address: '',
  agree: false,
};

export function OrderForm({ goods, disabled = false }: OrderFormProps) {
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

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    // The SMS endpoint comes with online ordering (POST /api/hk/sendCode, scene 'order').
    showToast(t('goods.form.smsComingSoon'));
  };

  const submit = (values: OrderFormValues) => {
    const errors = validateOrderForm({ ...EMPTY, ...values }, { needSmsCode, needAddress });
    const first = Object.values(errors)[0];
    if (first) {
      showToast(t(first));
      return;
    }
    showToast(t('goods.form.comingSoon'));
  };

  return (
    <Form
      form={form}
      className="goods-order-form"
      layout="horizontal"
      mode="card"
      initialValues={{ ...EMPTY, agree: query.agreeAgreement === '1' }}
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
          extra={
            <Button size="mini" color="primary" fill="outline" onClick={() => void sendCode()}>
              {t('goods.form.sendCode')}
            </Button>
          }
        >
          <Input placeholder={t('goods.form.smsCodePlaceholder')} maxLength={6} inputMode="numeric" />
        </Form.Item>
      ) : null}
      {needAddress ? (
        <>
          <Form.Item name="region" label={t('goods.form.region')} rules={[rule(checkRegion)]} arrow>
            <RegionField />
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
