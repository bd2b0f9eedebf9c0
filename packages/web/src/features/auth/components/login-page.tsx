/**
 * 订单查询 (SCREENS §1 login/index): the shopper logs in by phone to query orders. The avatar is
 * genericConfig.loginAvatar or the site logo; orderQueryMode 1 asks an SMS code (scene 'login', 60 s
 * countdown), 2 the last 6 characters of the ID. The 《用户协议》 opens in a popup; the agreement is
 * pre-ticked by agreeAgreement=1 and required. Success stores the user and session, then replaces the
 * page with ?redirect= or 我的订单.
 */
import { isMobile } from '@haoka/contract';
import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { AgreementSheet } from '../../../components/agreement-sheet';
import { Avatar } from '../../../components/avatar';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { keptQuery, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { ORDER_LIST_PATH } from '../../order/paths';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useGenericConfig } from '../../site/api/get-generic-config';
import { SendCodeButton } from '../../sms/components/send-code-button';
import { useLoginProtocol } from '../api/get-login-protocol';
import { loginShopper } from '../api/login-shopper';
import { type LoginMode, type LoginValues, loginBody, loginError, loginModeOf, loginTarget } from '../login-form';
import './login.css';
import '../i18n';

function ProtocolPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AgreementSheet
      visible={visible}
      onClose={onClose}
      agreement={useLoginProtocol(visible)}
      failedText={t('login.protocolFailed')}
      className="login-protocol"
      testId="login-protocol"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    />
  );
}

function LoginForm({ mode }: { mode: LoginMode }) {
  const { t } = useTranslation();
  const query = usePageQuery();
  const client = useQueryClient();
  const preAgreed = (query.agreeAgreement ?? keptQuery().agreeAgreement) === '1';
  const [values, setValues] = useState<LoginValues>({ mobile: '', code: '', idCardLast6: '', agree: preAgreed });
  const [protocolOpen, setProtocolOpen] = useState(false);
  const set = (patch: Partial<LoginValues>) => setValues((v) => ({ ...v, ...patch }));

  const codeMobile = () => {
    const mobile = values.mobile.trim();
    if (isMobile(mobile)) return mobile;
    showToast(t('login.mobileInvalid'));
    return null;
  };

  // A refusal (e.g. 验证码错误或已过期) is told by the request wrapper.
  const login = useAction((body: ReturnType<typeof loginBody>) => loginShopper(body, client), {
    loading: true,
    onSuccess: () => {
      showToast(t('login.success'), { icon: 'success' });
      redirectTo(loginTarget(query.redirect, ORDER_LIST_PATH));
    },
  });

  const submit = async () => {
    const error = loginError(values, mode);
    if (error) {
      showToast(t(error));
      return;
    }
    await login.run(loginBody(values, mode));
  };

  return (
    <>
      <Form layout="horizontal" mode="card" data-testid="login-form" data-mode={mode}>
        <Form.Item label={t('login.mobile')}>
          <Input
            value={values.mobile}
            onChange={(v) => set({ mobile: v.replace(/\D/g, '') })}
            placeholder={t('login.mobilePlaceholder')}
            type="tel"
            inputMode="numeric"
            maxLength={11}
            clearable
            aria-label={t('login.mobile')}
            data-testid="login-mobile"
          />
        </Form.Item>
        {mode === 1 ? (
          <Form.Item
            label={t('login.code')}
            extra={<SendCodeButton scene="login" getMobile={codeMobile} testId="login-send-code" />}
          >
            <Input
              value={values.code}
              onChange={(v) => set({ code: v.replace(/\D/g, '') })}
              placeholder={t('login.codePlaceholder')}
              inputMode="numeric"
              maxLength={6}
              aria-label={t('login.code')}
              data-testid="login-code"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('login.idCard')}>
            <Input
              value={values.idCardLast6}
              onChange={(v) => set({ idCardLast6: v.replace(/[^\dXx]/g, '').toUpperCase() })}
              placeholder={t('login.idCardPlaceholder')}
              maxLength={6}
              aria-label={t('login.idCard')}
              data-testid="login-idcard"
            />
          </Form.Item>
        )}
      </Form>
      <div className="login-page__agree">
        <Checkbox checked={values.agree} onChange={(agree) => set({ agree })} data-testid="login-agree">
          {t('login.agreePrefix')}
        </Checkbox>
        <button
          type="button"
          className="login-page__link"
          onClick={() => setProtocolOpen(true)}
          data-testid="login-protocol-link"
        >
          {t('login.agreement')}
        </button>
      </div>
      <Button block color="primary" size="large" onClick={() => void submit()} data-testid="login-submit">
        {t('login.submit')}
      </Button>
      <ProtocolPopup visible={protocolOpen} onClose={() => setProtocolOpen(false)} />
    </>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const generic = useGenericConfig();
  const logo = useBaseConfig().data?.front.logo ?? '';
  const config = generic.data;
  const avatar = config?.loginAvatar || logo;
  return (
    <div className="login-page" data-testid="login-page">
      <div className="login-page__logo">
        <Avatar src={avatar} alt="" style={{ '--size': '72px', '--border-radius': '50%' }} data-testid="login-avatar" />
        <h1>{t('login.heading')}</h1>
        <span className="login-page__hint">{t('login.hint')}</span>
      </div>
      <PageState
        loading={!config && generic.isPending}
        error={!config && generic.isError ? generic.error : undefined}
        onRetry={() => void generic.refetch()}
      >
        <LoginForm key={loginModeOf(config?.orderQueryMode)} mode={loginModeOf(config?.orderQueryMode)} />
      </PageState>
    </div>
  );
}
