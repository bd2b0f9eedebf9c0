/**
 * The signed-in console: a sidebar of the pages the role may use, a header with the staff member's name and
 * role, the language switch and sign-out; the page in the middle. Without a session it sends the visitor
 * to the sign-in page, and with a pending password change to the password page.
 */
import { adminApi } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Result, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { type AdminLocale, setLocale } from '../i18n';
import { request } from '../platform/request';
import { navFor } from './nav';
import { storeMe, useMe } from './session';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<AdminLocale>
      aria-label={t('language.label')}
      value={i18n.language as AdminLocale}
      onChange={(value) => void setLocale(value)}
      options={[
        { label: t('language.zh_CN'), value: 'zh_CN' },
        { label: t('language.en_US'), value: 'en_US' },
      ]}
    />
  );
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (me.isPending) return <Spin fullscreen description={t('app.loading')} />;
  if (me.isError)
    return (
      <Result
        status="error"
        title={t('common.loadFailed', { text: (me.error as { text?: string }).text ?? me.error.message })}
        extra={<Button onClick={() => void me.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (!me.data) return <Navigate to="/sign-in" replace />;
  if (me.data.mustChangePassword) return <Navigate to="/password" replace />;

  const items = navFor(me.data.role);
  const signOut = async () => {
    await request(adminApi.logout, {}).catch(() => undefined);
    storeMe(client, null);
    client.clear();
    void navigate('/sign-in', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} theme="light" width={200}>
        <Typography.Title level={1} style={{ fontSize: 18, margin: '16px 24px' }}>
          {t('app.title')}
        </Typography.Title>
        <nav aria-label={t('nav.menu')}>
          <Menu
            mode="inline"
            selectedKeys={[items.find((item) => pathname.startsWith(item.path))?.path ?? '']}
            items={items.map((item) => ({ key: item.path, label: t(item.label) }))}
            onClick={({ key }) => void navigate(key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16 }}
        >
          <Space>
            <span data-testid="staff-name">{me.data.username}</span>
            <Tag color="blue" data-testid="staff-role">
              {t(`roles.${me.data.role}`)}
            </Tag>
          </Space>
          <LanguageSwitch />
          <Button onClick={() => void signOut()}>{t('auth.signOut')}</Button>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The first page the role may use. */
export function HomeRedirect() {
  const me = useMe();
  const first = me.data ? navFor(me.data.role)[0] : undefined;
  return <Navigate to={first?.path ?? '/sign-in'} replace />;
}
