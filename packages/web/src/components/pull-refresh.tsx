/**
 * Pull-to-refresh as every screen uses it (SCREENS §0 "Lists"): threshold 45 px and the pulling,
 * release, refreshing and done texts in the reader's language.
 */
import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REFRESH_THRESHOLD } from '../platform/ui-defaults';

export { REFRESH_THRESHOLD };

export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      threshold={REFRESH_THRESHOLD}
      pullingText={t('ui.pullToRefresh')}
      canReleaseText={t('ui.releaseToRefresh')}
      refreshingText={t('ui.refreshing')}
      completeText={t('ui.refreshed')}
      onRefresh={async () => {
        await onRefresh();
      }}
    >
      {children}
    </PullToRefresh>
  );
}
