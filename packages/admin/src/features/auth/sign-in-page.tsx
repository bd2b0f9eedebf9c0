/** Sign-in: username, password and the 6-digit authenticator code. */
import { adminApi } from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../app/layout';
import { storeMe } from '../../app/session';
import { errorText } from '../../components/use-action';
import { request } from '../../platform/request';

interface SignInForm {
  username: string;
  password: string;
  code: string;
}

export function SignInPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: (values: SignInForm) => request(adminApi.login, values),
    onSuccess: (me) => {
      storeMe(client, me);
      void navigate(me.mustChangePassword ? '/password' : '/', { replace: true });
    },
  });
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <main>
        <Card
          title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('auth.signInTitle')}</h1>}
          style={{ width: 360 }}
          extra={<LanguageSwitch />}
        >
          {signIn.isError && (
            <Alert type="error" role="alert" showIcon title={errorText(signIn.error)} style={{ marginBottom: 16 }} />
          )}
          <Form<SignInForm> layout="vertical" onFinish={(values) => signIn.mutate(values)} requiredMark={false}>
            <Form.Item
              label={t('auth.username')}
              name="username"
              rules={[{ required: true, message: t('auth.required', { field: t('auth.username') }) }]}
            >
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item
              label={t('auth.password')}
              name="password"
              rules={[{ required: true, message: t('auth.required', { field: t('auth.password') }) }]}
            >
              <Input.Password autoComplete="current-password" visibilityToggle={false} />
            </Form.Item>
            <Form.Item
              label={t('auth.code')}
              name="code"
              extra={t('auth.codeHelp')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.codeFormat') }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
              {t('auth.signIn')}
            </Button>
          </Form>
        </Card>
      </main>
    </Layout>
  );
}
