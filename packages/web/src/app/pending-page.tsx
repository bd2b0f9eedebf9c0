/** Shared page for a route whose screen a later issue builds: shows the title and says so. */

import { useTranslation } from 'react-i18next';
import { ErrorBlock } from '../components/error-block';

export function PendingPage({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  return (
    <div className="pending-page" data-pending-route={path}>
      <ErrorBlock status="busy" title={title} description={t('shell.pendingDescription')} />
    </div>
  );
}
