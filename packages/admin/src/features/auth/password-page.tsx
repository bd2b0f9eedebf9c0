/** The password change the first sign-in (and every reset) requires before anything else. */
import { adminApi, STAFF_PASSWORD_MIN } from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Layout, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { storeMe, useMe } from '../../app/session';
import { errorText } from '../../components/use-action';
import { request } from '../../platform/request';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

export function PasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordForm) =>
      request(adminApi.changePassword, { currentPassword, newPassword }),
    onSuccess: (next) => {
      storeMe(client, next);
      void message.success(t('auth.passwordChanged'));
      void navigate('/', { replace: true });
    },
  });
  if (me.isPending) return <Spin fullscreen />;
  if (!me.data) return <Navigate to="/sign-in" replace />;
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <main>
        <Card title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('auth.passwordTitle')}</h1>} style={{ width: 380 }}>
          {me.data.mustChangePassword && (
            <Alert type="info" showIcon title={t('auth.passwordHint')} style={{ marginBottom: 16 }} />
          )}
          {change.isError && (
            <Alert type="error" role="alert" showIcon title={errorText(change.error)} style={{ marginBottom: 16 }} />
          )}
          <Form<PasswordForm> layout="vertical" onFinish={(values) => change.mutate(values)} requiredMark={false}>
            <Form.Item
              label={t('auth.currentPassword')}
              name="currentPassword"
              rules={[{ required: true, message: t('auth.required', { field: t('auth.currentPassword') }) }]}
            >
              <Input.Password autoComplete="current-password" visibilityToggle={false} />
            </Form.Item>
            <Form.Item
              label={t('auth.newPassword')}
              name="newPassword"
              extra={t('auth.passwordMin', { min: STAFF_PASSWORD_MIN })}
              rules={[
                {
                  required: true,
                  min: STAFF_PASSWORD_MIN,
                  message: t('auth.passwordMin', { min: STAFF_PASSWORD_MIN }),
                },
              ]}
            >
              <Input.Password autoComplete="new-password" visibilityToggle={false} />
            </Form.Item>
            <Form.Item
              label={t('auth.repeatPassword')}
              name="repeat"
              dependencies={['newPassword']}
              rules={[
                { required: true, message: t('auth.passwordMismatch') },
                ({ getFieldValue }) => ({
                  validator: (_rule, value) =>
                    value === getFieldValue('newPassword')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('auth.passwordMismatch'))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" visibilityToggle={false} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={change.isPending}>
              {t('auth.changePassword')}
            </Button>
          </Form>
        </Card>
      </main>
    </Layout>
  );
}
