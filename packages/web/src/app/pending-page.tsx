/** Shared page for a route whose screen a later issue builds: shows the title and says so. */

import { ErrorBlock } from '../components/error-block';
import { useTranslation } from '../i18n/react';

export function PendingPage({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="pending-page" data-pending-route={path}>
      <ErrorBlock status="busy" title={title} description={t('shell.pendingDescription')} />
    </div>
  );
}
