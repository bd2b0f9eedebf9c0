/** The states of a page opened with `?code=`: loading, 该WiFi码已失效 (unknown, withdrawn or missing), error. */
import type { ReactNode } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { isGone, useWifiCode, type WifiCode } from '../api/get-wifi-code';

export function WifiCodeState({ code, children }: { code: string; children: (wifi: WifiCode) => ReactNode }) {
  const { t } = useTranslation();
  const query = useWifiCode(code);
  const gone = code === '' || isGone(query.error);
  return (
    <PageState
      loading={code !== '' && query.isPending}
      error={!gone && query.isError ? query.error : undefined}
      empty={gone}
      emptyText={code === '' ? t('wifi.connect.missing') : t('wifi.connect.gone')}
      onRetry={() => void query.refetch()}
      skeletonRows={8}
    >
      {query.data ? children(query.data) : null}
    </PageState>
  );
}
