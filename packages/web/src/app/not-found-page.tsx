/**
 * Unknown route: a localised headline and sentence, and the way home. SPEC §8's runtime message for a
 * missing page ('page not found') is the page's error message (`data-err-msg`), not shown a second time
 * under a headline that already says it.
 */
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../components/error-block';
import { useTranslation } from '../i18n/react';
import { goHome } from '../platform/navigation';

const PAGE_NOT_FOUND = 'page not found';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found-page" data-testid="page-not-found" data-err-msg={PAGE_NOT_FOUND}>
      <ErrorBlock status="empty" title={t('shell.notFoundTitle')} description={t('shell.notFoundDescription')}>
        <Button color="primary" size="small" onClick={() => goHome()}>
          {t('shell.backHome')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
