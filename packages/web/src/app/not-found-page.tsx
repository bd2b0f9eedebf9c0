/** Unknown route (SPEC §8 'page not found'). */
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { goHome } from '../platform/navigation';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found-page" data-testid="page-not-found">
      <ErrorBlock status="empty" title={t('shell.notFoundTitle')} description="page not found">
        <Button color="primary" size="small" onClick={() => goHome()}>
          {t('shell.backHome')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
