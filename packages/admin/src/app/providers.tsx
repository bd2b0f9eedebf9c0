/** Query client, antd's theme and locale (following the console's language) and antd's App context. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider
        locale={i18n.language === 'zh_CN' ? zhCN : enUS}
        theme={{ token: { colorPrimary: '#1456d9' } }}
        button={{ autoInsertSpace: false }}
      >
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
