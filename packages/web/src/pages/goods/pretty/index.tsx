/**
 * /pages/goods/pretty/index — 号码预约 (SCREENS §1): the number's detail and the reservation form.
 * A number no longer on sale (32001) shows 该号码已被预约 with 去选其他号码 instead of the dialog.
 */
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { isNumberTaken, parseNumberId, useNumberDetail } from '../../../features/numbers/api/get-number-detail';
import { NumberDetailView } from '../../../features/numbers/components/number-detail-view';
import { VANITY_PATH } from '../../../features/numbers/paths';
import { useTranslation } from '../../../i18n/react';
import { keptQuery, navigateTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import '../../../features/numbers/i18n';

export default function PrettyPage() {
  const { t } = useTranslation();
  const query = usePageQuery();
  const numberId = parseNumberId(query.numberId);
  const detail = useNumberDetail(numberId);
  const preAgreed = (query.agreeAgreement ?? keptQuery().agreeAgreement) === '1';

  if (!numberId) {
    return <ErrorBlock status="empty" title={t('pretty.notFound')} description="" />;
  }
  if (isNumberTaken(detail.error)) {
    return (
      <div className="page-state" data-testid="number-taken">
        <ErrorBlock status="empty" title={t('pretty.taken')} description="">
          <Button color="primary" onClick={() => navigateTo(VANITY_PATH)} data-testid="number-taken-action">
            {t('pretty.takenAction')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <PageState
      loading={detail.isPending}
      error={detail.isError ? detail.error : undefined}
      onRetry={() => void detail.refetch()}
      skeletonRows={8}
    >
      {detail.data ? <NumberDetailView detail={detail.data} preAgreed={preAgreed} /> : null}
    </PageState>
  );
}
